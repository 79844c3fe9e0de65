"""Forms of the score entry other than the scorecard: turno totals only, a forfeit, clearing a
result; and what every result form shares (``ResultForm``, the box limits, the pair labels).

The scorecard, smazzata by smazzata, is ``scorecard.py``'s ``ScorecardForm``, built on the same
``ResultForm``.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.outcome import ForfeitEntry, Refusal, TableEntry, TotalsEntry

from ..models import Entrant, EntryMode, Table
from ..results_bridge import (
    RULES_CHANGED,
    rules_fingerprint,
    table_outcome_preview,
    totals_last_move,
)

LINES = ("ns", "eo")
LINE_NAMES = {"ns": pgettext_lazy("line", "NS"), "eo": pgettext_lazy("line", "EO")}
# Typed on a numeric keypad; a text box (not type=number) so that the arrows and the mouse wheel
# never change a score by accident and a wrong value reaches the server's message.
# Far beyond any real scorecard, well inside what the database columns hold: a typing slip
# (an extra zero or two) gets a message instead of a database error.
CARDS_LIMIT = 10_000
COUNT_LIMIT = 99
MP_LIMIT = 100_000
NUMBER_ATTRS = {"inputmode": "numeric", "autocomplete": "off", "class": "score"}
# A minus sign as phones, word processors and copied spreadsheets write it: the real minus (−),
# the dashes (‐ ‑ ‒ – —) and the small and wide hyphens. scorecard.js reads the same ones.
MINUS_SIGNS = "\u2010\u2011\u2012\u2013\u2014\u2212\ufe63\uff0d"
WHOLE_NUMBER = re.compile(r"[-+]?[0-9]+")


def number_input(**attrs: Any) -> forms.TextInput:
    return forms.TextInput(attrs={**NUMBER_ATTRS, **attrs})


class ScoreField(forms.IntegerField):
    """A score box: a whole number, read exactly as the page's live totals read it (scorecard.js),
    so that what the page shows is what is saved. A leading dash of any kind is a minus; a dot or
    a comma is refused ("1.000" is not taken for 1), as are digits of other scripts."""

    def to_python(self, value: Any) -> int | None:
        text = "" if value is None else str(value).strip()
        if text in self.empty_values:
            return None  # blank, or only spaces: an empty box, as on the page
        if text[0] in MINUS_SIGNS:
            text = "-" + text[1:]
        if not WHOLE_NUMBER.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


def last_move_choices(table: Table) -> list[tuple[str, str]]:
    return [("", "—")] + [
        (line, pair_label(line, getattr(table, line + "_line"))) for line in LINES
    ]


def pair_label(line: str, pair: Entrant) -> str:
    return f"{LINE_NAMES[line]} {pair.number}"


class ResultForm(forms.Form):
    """What every result form carries: the table's version when the form was loaded, and the
    reason of a change (the service asks for it when a stored result changes)."""

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    reason = forms.CharField(
        label=_("Reason for the change"),
        max_length=300,
        required=False,
        help_text=_("Required to change a saved result: it is recorded with the change."),
    )

    # The rules the page was built under (``rules_fingerprint``): blank from an older page.
    rules_seen = forms.CharField(required=False, widget=forms.HiddenInput)
    # A save refuses a page built under rules no longer in force; a live preview does not (it
    # shows the figures of the rules in force).
    refuse_changed_rules = True
    # Bound for a save: the service that saves asks the engine (once per save), so the form
    # asks it only when its own boxes are already refused, to show every refusal at once. A
    # live preview leaves it off: the form asks the engine and shows its refusals.
    engine_at_save = False

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.table = table
        self.fields["version"].initial = table.version
        self.scoring = table.turno.tournament.fmt.scoring
        reason_help = self.scoring.reason_help(table)
        if reason_help is not None:
            self.fields["reason"].help_text = reason_help
        rules_now = rules_fingerprint(table.turno.tournament)
        self.fields["rules_seen"].initial = rules_now
        seen = self.data.get(self.add_prefix("rules_seen")) if self.is_bound else None
        self.rules_changed = bool(seen) and seen != rules_now
        if self.rules_changed:
            # Shown again under the rules in force, with what was typed: the next save counts.
            self.data = self.data.copy()
            self.data[self.add_prefix("rules_seen")] = rules_now

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.rules_changed and self.refuse_changed_rules:
            self.add_error(None, forms.ValidationError(RULES_CHANGED, code="rules_changed"))
        return cleaned

    def focus_first_error(self) -> None:
        """Put the cursor on the first box with an error (instead of the first box)."""
        wrong = [name for name in self.fields if name in self.errors]
        if not wrong:
            return
        for bound in self.fields.values():
            bound.widget.attrs.pop("autofocus", None)
        self.fields[wrong[0]].widget.attrs["autofocus"] = True

    def add_service_error(self, error: Any) -> None:
        """Show a ``ValidationError`` of the service: next to its field, else on the form."""
        on_reason = getattr(error, "code", None) == "reason_required"
        if hasattr(error, "error_dict"):
            self.add_error(None, error)
            return
        self.add_error("reason" if on_reason else None, error)

    def engine_needed(self) -> bool:
        """Whether the form asks the engine itself (``engine_at_save``)."""
        return not self.engine_at_save or bool(self.errors)

    def check_entry(self, entry: TableEntry) -> None:
        """Ask the engine, through the results bridge, what ``entry`` gives; show each refusal
        next to its box (the same function decides when the service saves)."""
        preview = table_outcome_preview(self.table.turno.tournament, self.table, entry)
        for refusal in preview.refusals:
            self.add_error(self.refusal_field(refusal), rule_error_message(refusal.error))

    def refusal_field(self, refusal: Refusal) -> str | None:
        """The box a refusal of a totals or forfeit entry belongs to; None: the whole form."""
        if refusal.field == "mp" and refusal.line in LINES:
            name = f"{refusal.line}_mp"
        else:
            name = refusal.field or ""
        return name if name in self.fields else None


class TotalsForm(ResultForm):
    """Only the turno totals of the two lines, as copied from the bottom of the scorecard; in a
    KO also the line that made the last move of the last smazzata, which settles a tie."""

    mode = EntryMode.TOTALS
    ns_mp = ScoreField(min_value=-MP_LIMIT, max_value=MP_LIMIT, widget=number_input(size=6))
    eo_mp = ScoreField(min_value=-MP_LIMIT, max_value=MP_LIMIT, widget=number_input(size=6))

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        super().__init__(*args, table=table, **kwargs)
        # A KO match is one incontro: its total is the line's points, not a turno's MP.
        label = str(self.scoring.totals_label)
        for line in LINES:
            self.fields[f"{line}_mp"].label = label % {
                "who": pair_label(line, getattr(table, line + "_line"))
            }
        self.fields["ns_mp"].widget.attrs["autofocus"] = True
        if self.scoring.asks_last_move:
            self.fields["last_move"] = forms.ChoiceField(
                label=_("Last move of the last smazzata"),
                required=False,
                choices=last_move_choices(table),
                help_text=_("Needed only on a tie: the line that made the last move loses."),
            )
        if not self.is_bound and table.entry_mode in (EntryMode.TOTALS, EntryMode.SMAZZATE):
            self.initial.update({"ns_mp": table.ns_mp, "eo_mp": table.eo_mp})
            stored = [s.last_move for s in table.smazzate.all()][-1:] or [""]
            self.initial["last_move"] = totals_last_move(table) or stored[0]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        ns_mp, eo_mp = cleaned.get("ns_mp"), cleaned.get("eo_mp")
        if ns_mp is not None and eo_mp is not None and self.engine_needed():
            last_move = self.scoring.totals_last_move(cleaned.get("last_move"))
            self.check_entry(TotalsEntry(ns_mp, eo_mp, last_move))
        return cleaned


class ForfeitForm(ResultForm):
    """A forfeit: which line was absent; the present one gets the tournament's forfeit value."""

    mode = EntryMode.FORFEIT
    absent = forms.ChoiceField(label=_("Which pair was absent?"), widget=forms.RadioSelect)

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        super().__init__(*args, table=table, **kwargs)
        # "Which pair", or for four players "which line", by the tournament's format.
        self.fields["absent"].label = table.turno.tournament.fmt.words.forfeit_absent_label
        entrants = {line: getattr(table, line + "_line") for line in LINES}
        self.fields["absent"].choices = [
            (line, f"{pair_label(line, entrant)} · {entrant.players}")
            for line, entrant in entrants.items()
        ]
        if not self.is_bound and table.entry_mode == EntryMode.FORFEIT:
            self.initial["absent"] = "ns" if table.forfeit_winner == "eo" else "eo"

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        absent = cleaned.get("absent")
        if absent in LINES and self.engine_needed():
            self.check_entry(ForfeitEntry("eo" if absent == "ns" else "ns"))
        return cleaned


class ClearForm(ResultForm):
    """Take a table back to "no result"; the reason is required. Its boxes are prefixed
    ("clear-reason") as it sits on the same page as the result form."""

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", "clear")
        super().__init__(*args, table=table, **kwargs)
        reason = self.fields["reason"]
        reason.required = True
        reason.label = _("Why is the result cleared?")
        reason.help_text = ""
