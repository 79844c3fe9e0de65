"""The sentences the scorecard page's script shows when a smazzata cannot be saved as it stands.

scorecard.js mirrors the simplest checks of RULES.md section 5 (card points a multiple of 5, one
closing line with its pozzetto and a burraco, an end that agrees with the chiusura) and two of
the form's own (no empty smazzata before a played one, card points in every played line) so that
the live totals say "this will be refused" instead of a VP split. The words are the engine's own
refusals (``core.rule_messages``) and the form's, the same the server gives on save, filled in
here for each line; ``{value}``, ``{number}``, ``{problem}``, ``{blank}`` and ``{later}`` are left
for the script to fill. The server stays the judge: these are only a warning while typing.
Nothing here reads or writes data.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.core.rule_messages import LINE_LABELS, rule_error_message
from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import END_KINDS, LINES

from ...forms.scorecard import CARDS_MISSING, SKIPPED_SMAZZATA

TYPED = "{value}"


def _say(code: str, **params: Any) -> str:
    return rule_error_message(RuleViolation(code, **params))


def _line_notes(ruleset: Ruleset, line: str) -> dict[str, Any]:
    notes: dict[str, Any] = {
        # Translators: a note under the live totals of the scorecard, e.g. “NS: Enter the card
        # points (0 if none).”; %(line)s is NS or EO, %(message)s a sentence about that line.
        "cards_missing": _("%(line)s: %(message)s")
        % {"line": LINE_LABELS[line], "message": CARDS_MISSING},
        "cards_not_integer": _say("cards_not_integer", line=line, value=TYPED),
        "cards_not_multiple_of_5": _say("cards_not_multiple_of_5", line=line, value=TYPED),
        "count_not_integer": {
            kind: _say("count_not_integer", line=line, field=kind, value=TYPED)
            for kind in ruleset.burraco_kinds
        },
        "negative_count": {
            kind: _say("negative_count", line=line, field=kind, value=TYPED)
            for kind in ruleset.burraco_kinds
        },
        "closing_without_pozzetto": _say("closing_without_pozzetto", line=line),
        # No burraco at all: refused in every ruleset, in these words even where a clean one is
        # needed; a dirty one only is refused with the next sentence.
        "closing_without_burraco": _say("closing_without_burraco", line=line),
        "closer_without_chiusura_end": {
            end: _say("closer_without_chiusura_end", closer=line, end=end)
            for end in END_KINDS
            if end != "chiusura"
        },
    }
    if ruleset.closing_needs_pulito:
        notes["closing_without_clean_burraco"] = _say(
            "closing_without_clean_burraco", line=line, kinds=", ".join(ruleset.clean_kinds)
        )
    return notes


def live_notes(ruleset: Ruleset) -> dict[str, Any]:
    """Every sentence scorecard.js may show, by refusal code (and by line, for a line's)."""
    return {
        # Translators: a note under the live totals of the scorecard, e.g. “Smazzata 2: Only one
        # line can close a smazzata.”
        "smazzata": _("Smazzata %(number)s: %(problem)s")
        % {"number": "{number}", "problem": "{problem}"},
        "skipped_smazzata": SKIPPED_SMAZZATA % {"blank": "{blank}", "later": "{later}"},
        "both_lines_closed": _say("both_lines_closed"),
        "chiusura_end_without_closer": _say("chiusura_end_without_closer"),
        "mp_not_multiple_of_5": _("%(value)s is not a multiple of 5") % {"value": TYPED},
        **{line: _line_notes(ruleset, line) for line in LINES},
    }
