"""The sentences the scorecard page's script shows when a smazzata cannot be saved as it stands.

scorecard.js mirrors the simplest checks of RULES.md section 5 (card points a multiple of 5, one
closing line with its pozzetto and a burraco, an end that agrees with the chiusura) so that the
live totals say "this will be refused" instead of a VP split. The words are the engine's own
refusals (``core.rule_messages``), the same the server gives on save, filled in here for each
line; ``{value}``, ``{number}`` and ``{problem}`` are left for the script to fill. The server
stays the judge: these are only a warning while typing. Nothing here reads or writes data.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import END_KINDS, LINES

TYPED = "{value}"


def _say(code: str, **params: Any) -> str:
    return rule_error_message(RuleViolation(code, **params))


def _line_notes(ruleset: Ruleset, line: str) -> dict[str, Any]:
    if ruleset.closing_needs_pulito:
        closing = _say(
            "closing_without_clean_burraco", line=line, kinds=", ".join(ruleset.clean_kinds)
        )
    else:
        closing = _say("closing_without_burraco", line=line)
    return {
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
        "closing_without_burraco": closing,
        "closer_without_chiusura_end": {
            end: _say("closer_without_chiusura_end", closer=line, end=end)
            for end in END_KINDS
            if end != "chiusura"
        },
    }


def live_notes(ruleset: Ruleset) -> dict[str, Any]:
    """Every sentence scorecard.js may show, by refusal code (and by line, for a line's)."""
    return {
        # Translators: a note under the live totals of the scorecard, e.g. “Smazzata 2: Only one
        # line can close a smazzata.”
        "smazzata": _("Smazzata %(number)s: %(problem)s")
        % {"number": "{number}", "problem": "{problem}"},
        "both_lines_closed": _say("both_lines_closed"),
        "chiusura_end_without_closer": _say("chiusura_end_without_closer"),
        "mp_not_multiple_of_5": _("%(value)s is not a multiple of 5") % {"value": TYPED},
        **{line: _line_notes(ruleset, line) for line in LINES},
    }
