"""Forms of the score entry: the scorecard smazzata by smazzata, turno totals only, a forfeit,
and clearing a result.

The scorecard form has one box per scorecard box, named ``s<smazzata>_<line>_<field>``
(``s1_ns_cards``, ``s2_eo_pulito``, ``s1_end``), in the order of the paper segnapunti: smazzata 1
NS (burraco kinds, chiusura, pozzetto, card points), then EO the same, then how it ended and the
last move; then smazzata 2, ... It offers only the burraco kinds of the tournament's ruleset.
The last move matters only in a KO (a tie goes against the line that made it): a pairs
tournament keeps it in a hidden box. A chiusura is the last move, so a blank last move is the
closer's. Blank trailing smazzate were not played (a turno may end early). Its ``clean`` runs the
engine's ``smazzata_violations`` on EVERY smazzata and puts each refusal next to the box it
concerns, so the director sees them all at once; the scoring service checks again before writing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from burraco_tourney.core.rule_messages import rule_error_field, rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.match import ko_winner
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import (
    LineEntry,
    closing_line,
    smazzata_violations,
    with_closer_as_last_move,
)
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry

from ..models import EntryMode, Pair, Smazzata, SmazzataEnd, Table
from ..services.results import totals_last_move
from ..services.scores import ko_tie_violation

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


def number_input(**attrs: Any) -> forms.TextInput:
    return forms.TextInput(attrs={**NUMBER_ATTRS, **attrs})


def last_move_choices(table: Table) -> list[tuple[str, str]]:
    return [("", "—")] + [(line, pair_label(line, getattr(table, line))) for line in LINES]


def default_end(entry_ns_closed: bool, entry_eo_closed: bool) -> str:
    """How a smazzata ended when the director does not say: chiusura if a line closed."""
    return SmazzataEnd.CHIUSURA if entry_ns_closed or entry_eo_closed else SmazzataEnd.TALLONE


def pair_label(line: str, pair: Pair) -> str:
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

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.table = table
        self.fields["version"].initial = table.version

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
        self.add_error("reason" if on_reason else None, error)


@dataclass
class LineRow:
    """One line of one smazzata as the template draws it."""

    line: str
    pair: Pair
    counts: list[BoundField]
    chiusura: BoundField
    pozzetto: BoundField
    cards: BoundField
    total: int | None
    errors: list[tuple[str, str]] = field(default_factory=list)

    @property
    def fields(self) -> list[BoundField]:
        return [*self.counts, self.chiusura, self.pozzetto, self.cards]


@dataclass
class SmazzataRow:
    number: int
    lines: list[LineRow]
    end: BoundField
    last_move: BoundField
    errors: list[tuple[str, str]] = field(default_factory=list)


class ScorecardForm(ResultForm):
    """The scorecard of one table, smazzata by smazzata."""

    mode = EntryMode.SMAZZATE

    def __init__(
        self,
        *args: Any,
        table: Table,
        ruleset: Ruleset,
        rows: int,
        knockout: bool = False,
        **kwargs: Any,
    ):
        super().__init__(*args, table=table, **kwargs)
        self.ruleset = ruleset
        self.knockout = knockout
        self.kinds = ruleset.burraco_kinds
        self.rows = rows
        self.smazzate: list[SmazzataEntry] = []
        for n in range(1, rows + 1):
            for line in LINES:
                self._add_line_fields(n, line, pair_label(line, getattr(table, line)))
            self.fields[f"s{n}_end"] = forms.ChoiceField(
                label=_("Smazzata %(n)s, ended by") % {"n": n},
                required=False,
                choices=[("", _("automatic"))] + list(SmazzataEnd.choices),
            )
            self.fields[f"s{n}_last_move"] = forms.ChoiceField(
                label=_("Smazzata %(n)s, last move") % {"n": n},
                required=False,
                choices=last_move_choices(table),
                # Only a KO tie needs it: a pairs tournament keeps what was stored, unseen.
                widget=None if knockout else forms.HiddenInput,
            )
        for name, bound in self.fields.items():
            if name.startswith("s"):
                bound.widget.attrs.setdefault("aria-label", str(bound.label))
        if not self.is_bound:
            self.initial.update(scorecard_initial(table, self.kinds))
        self.fields[self.line_field_names(1, "ns")[0]].widget.attrs["autofocus"] = True

    def _add_line_fields(self, n: int, line: str, who: str) -> None:
        """The boxes of one line in the order of the paper: kinds, chiusura, pozzetto, cards."""
        where = _("Smazzata %(n)s, %(line)s") % {"n": n, "line": who}
        for kind in self.kinds:
            self.fields[f"s{n}_{line}_{kind}"] = forms.IntegerField(
                label=f"{where}: burraco {kind}",
                required=False,
                max_value=COUNT_LIMIT,
                widget=number_input(size=2, maxlength=2, placeholder="0"),
            )
        self.fields[f"s{n}_{line}_chiusura"] = forms.BooleanField(
            label=f"{where}: {_('closed')}", required=False
        )
        self.fields[f"s{n}_{line}_pozzetto"] = forms.BooleanField(
            label=f"{where}: {_('took the pozzetto')}", required=False, initial=True
        )
        self.fields[f"s{n}_{line}_cards"] = forms.IntegerField(
            label=f"{where}: {_('card points')}",
            required=False,
            min_value=-CARDS_LIMIT,
            max_value=CARDS_LIMIT,
            widget=number_input(size=5, maxlength=6),
        )

    def line_field_names(self, n: int, line: str) -> list[str]:
        parts = (*self.kinds, "chiusura", "pozzetto", "cards")
        return [f"s{n}_{line}_{part}" for part in parts]

    def smazzata_field_names(self, n: int) -> list[str]:
        names = [name for line in LINES for name in self.line_field_names(n, line)]
        return [*names, f"s{n}_end", f"s{n}_last_move"]

    # -- validation ------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        entries: list[tuple[int, SmazzataEntry]] = []
        first_blank: int | None = None
        for n in range(1, self.rows + 1):
            state = self._smazzata(n, cleaned)
            if state == "blank":
                first_blank = first_blank or n
                continue
            if first_blank is not None:
                self.add_error(
                    f"s{first_blank}_ns_cards",
                    _(
                        "Smazzata %(blank)s is empty but smazzata %(later)s is not: only the "
                        "last smazzate may be left empty (not played)."
                    )
                    % {"blank": first_blank, "later": n},
                )
                first_blank = None
            if isinstance(state, SmazzataEntry):
                entries.append((n, state))
        if not entries and not self.errors:
            self.add_error(
                "s1_ns_cards",
                _("Enter smazzata 1, or choose “turno totals only” or “forfeit” above."),
            )
        for n, entry in entries:
            for error in smazzata_violations(self.ruleset, entry):
                self.add_rule_error(n, error)
        if self.knockout and entries and not self.errors:
            tie = ko_tie_violation(self.ruleset, [entry for _, entry in entries])
            if tie is not None:
                self.add_rule_error(entries[-1][0], tie)
        self.smazzate = [entry for _, entry in entries]
        return cleaned

    def _smazzata(self, n: int, cleaned: dict[str, Any]) -> str | SmazzataEntry | None:
        """``"blank"``, the engine's entry, or None when a box already has an error."""
        names = self.smazzata_field_names(n)
        if any(name not in cleaned for name in names):
            return None
        value = {name: cleaned[name] for name in names}
        # Empty: nothing typed, nothing ticked, every box as the form offers it.
        untouched = [value[f"s{n}_{line}_cards"] is None for line in LINES]
        untouched += [not value[f"s{n}_{line}_{kind}"] for line in LINES for kind in self.kinds]
        untouched += [not value[f"s{n}_{line}_chiusura"] for line in LINES]
        untouched += [value[f"s{n}_{line}_pozzetto"] for line in LINES]
        untouched += [not value[f"s{n}_end"], not value[f"s{n}_last_move"]]
        if all(untouched):
            return "blank"
        lines: dict[str, LineEntry] = {}
        for line in LINES:
            cards = value[f"s{n}_{line}_cards"]
            if cards is None:
                self.add_error(f"s{n}_{line}_cards", _("Enter the card points (0 if none)."))
                continue
            counts = {kind: value[f"s{n}_{line}_{kind}"] or 0 for kind in self.kinds}
            lines[line] = LineEntry(
                cards=cards,
                chiusura=value[f"s{n}_{line}_chiusura"],
                pozzetto=value[f"s{n}_{line}_pozzetto"],
                **counts,
            )
        if len(lines) < 2:
            return None
        end = value[f"s{n}_end"] or default_end(lines["ns"].chiusura, lines["eo"].chiusura)
        entry = SmazzataEntry(
            ns=lines["ns"], eo=lines["eo"], end=end, last_move=value[f"s{n}_last_move"] or None
        )
        if self.knockout:
            # A chiusura is the last move: a blank box is the closer's.
            return with_closer_as_last_move(entry)
        closer = closing_line(entry)
        if closer and entry.last_move not in (None, closer):
            # Pairs: the hidden stored last move yields to a closer changed since.
            entry = replace(entry, last_move=closer)
        return entry

    def add_rule_error(self, n: int, error: RuleError) -> None:
        """Put an engine refusal of smazzata ``n`` next to its box."""
        where = "last_move" if error.code == "tie_needs_last_move" else rule_error_field(error)
        name = f"s{n}_{where}" if where else None
        if name not in self.fields:
            # "Both lines closed" concerns both boxes: shown by the second one ticked.
            name = f"s{n}_eo_chiusura" if where == "chiusura" else None
        message = rule_error_message(error)
        if name is None:
            message = _("Smazzata %(n)s: %(message)s") % {"n": n, "message": message}
        self.add_error(name, message)

    # -- presentation ----------------------------------------------------------------------

    def scorecard(self) -> list[SmazzataRow]:
        """The boxes grouped as on the paper: per smazzata, per line."""
        stored = {} if self.is_bound else {s.number: s for s in self.table.smazzate.all()}
        rows = []
        for n in range(1, self.rows + 1):
            lines = []
            for line in LINES:
                names = self.line_field_names(n, line)
                bound = [self[name] for name in names]
                smazzata: Smazzata | None = stored.get(n)
                lines.append(
                    LineRow(
                        line=line,
                        pair=getattr(self.table, line),
                        counts=bound[:-3],
                        chiusura=bound[-3],
                        pozzetto=bound[-2],
                        cards=bound[-1],
                        total=getattr(smazzata, f"{line}_total") if smazzata else None,
                        errors=self._errors_of(names),
                    )
                )
            rows.append(
                SmazzataRow(
                    number=n,
                    lines=lines,
                    end=self[f"s{n}_end"],
                    last_move=self[f"s{n}_last_move"],
                    errors=self._errors_of([f"s{n}_end", f"s{n}_last_move"]),
                )
            )
        return rows

    def _errors_of(self, names: list[str]) -> list[tuple[str, str]]:
        errors = []
        for name in names:
            if name in self.errors:
                errors.append((name, " ".join(str(m) for m in self.errors[name])))
                self.fields[name].widget.attrs["aria-describedby"] = f"err-{name}"
        return errors


def scorecard_initial(table: Table, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The stored smazzate as the form's initial values (a count of 0 shows as an empty box,
    an end that is the automatic one shows as "automatic")."""
    initial: dict[str, Any] = {}
    if table.entry_mode != EntryMode.SMAZZATE:
        return initial
    for s in table.smazzate.all():
        n = s.number
        for line in LINES:
            initial[f"s{n}_{line}_cards"] = getattr(s, f"{line}_cards")
            for kind in kinds:
                initial[f"s{n}_{line}_{kind}"] = getattr(s, f"{line}_{kind}") or None
            initial[f"s{n}_{line}_chiusura"] = getattr(s, f"{line}_chiusura")
            initial[f"s{n}_{line}_pozzetto"] = getattr(s, f"{line}_pozzetto")
        automatic = default_end(s.ns_chiusura, s.eo_chiusura)
        initial[f"s{n}_end"] = "" if s.end == automatic else s.end
        initial[f"s{n}_last_move"] = s.last_move
    return initial


def _multiple_of_5(value: int) -> int:
    if value % 5:
        raise forms.ValidationError(
            _("%(value)s is not a multiple of 5"), code="not_multiple_of_5", params={"value": value}
        )
    return value


class TotalsForm(ResultForm):
    """Only the turno totals of the two lines, as copied from the bottom of the scorecard; in a
    KO also the line that made the last move of the last smazzata, which settles a tie."""

    mode = EntryMode.TOTALS
    ns_mp = forms.IntegerField(
        min_value=-MP_LIMIT,
        max_value=MP_LIMIT,
        validators=[_multiple_of_5],
        widget=number_input(size=6),
    )
    eo_mp = forms.IntegerField(
        min_value=-MP_LIMIT,
        max_value=MP_LIMIT,
        validators=[_multiple_of_5],
        widget=number_input(size=6),
    )

    def __init__(self, *args: Any, table: Table, knockout: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, table=table, **kwargs)
        self.knockout = knockout
        for line in LINES:
            self.fields[f"{line}_mp"].label = _("%(who)s: turno MP") % {
                "who": pair_label(line, getattr(table, line))
            }
        self.fields["ns_mp"].widget.attrs["autofocus"] = True
        if knockout:
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
        if self.knockout and ns_mp is not None and ns_mp == eo_mp:
            try:
                ko_winner(ns_mp, eo_mp, cleaned.get("last_move") or None)
            except RuleError as error:
                self.add_error("last_move", rule_error_message(error))
        return cleaned


class ForfeitForm(ResultForm):
    """A forfeit: which line was absent; the present one gets the tournament's forfeit value."""

    mode = EntryMode.FORFEIT
    absent = forms.ChoiceField(label=_("Which pair was absent?"), widget=forms.RadioSelect)

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        super().__init__(*args, table=table, **kwargs)
        self.fields["absent"].choices = [
            (line, f"{pair_label(line, getattr(table, line))} · {getattr(table, line).players}")
            for line in LINES
        ]
        if not self.is_bound and table.entry_mode == EntryMode.FORFEIT:
            self.initial["absent"] = "ns" if table.forfeit_winner == "eo" else "eo"


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
