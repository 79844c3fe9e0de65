"""The scorecard form: one table's result entered smazzata by smazzata, as on the paper.

It has one box per scorecard box, named ``s<smazzata>_<line>_<field>`` (``s1_ns_cards``,
``s2_eo_pulito``, ``s1_end``), in the order of the paper segnapunti: smazzata 1 NS (burraco
kinds, chiusura, pozzetto, card points), then EO the same, then how it ended and the last move;
then smazzata 2, ... It offers only the burraco kinds of the tournament's ruleset. The last move
matters only in a KO (a tie goes against the line that made it): a pairs tournament keeps it in a
hidden box. A chiusura is the last move, so a blank last move is the closer's. Blank trailing
smazzate were not played (a turno may end early). Its ``clean`` asks the results bridge for the
table's outcome (``table_outcome_preview``, the engine's one function) and puts every refusal
next to the box it concerns, so the director sees them all at once; the scoring service asks the
same function again before writing.

What every result form shares (``ResultForm``, the box limits, the pair labels) is in
``scores.py``, with the other ways to enter a result.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.rule_messages import rule_error_field, rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.outcome import SmazzateEntry, counted_smazzata
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import CODES as SMAZZATA_CODES
from burraco_tourney.rules.scoring import LineEntry, closing_line, with_closer_as_last_move
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry

from ..models import EntryMode, Pair, Smazzata, SmazzataEnd, Table
from ..results_bridge import smazzata_entry, table_outcome_preview
from .scores import (
    CARDS_LIMIT,
    COUNT_LIMIT,
    LINES,
    ResultForm,
    ScoreField,
    last_move_choices,
    number_input,
    pair_label,
)

# Two refusals of the form itself (not of the engine); scorecard.js shows the same words live.
SKIPPED_SMAZZATA = _(
    "Smazzata %(blank)s is empty but smazzata %(later)s is not: only the last smazzate may be "
    "left empty (not played)."
)
CARDS_MISSING = _("Enter the card points (0 if none).")


def default_end(entry_ns_closed: bool, entry_eo_closed: bool) -> str:
    """How a smazzata ended when the director does not say: chiusura if a line closed."""
    return SmazzataEnd.CHIUSURA if entry_ns_closed or entry_eo_closed else SmazzataEnd.TALLONE


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
            self.initial.update(scorecard_initial(table, ruleset))
        self.fields[self.line_field_names(1, "ns")[0]].widget.attrs["autofocus"] = True

    def _add_line_fields(self, n: int, line: str, who: str) -> None:
        """The boxes of one line in the order of the paper: kinds, chiusura, pozzetto, cards."""
        where = _("Smazzata %(n)s, %(line)s") % {"n": n, "line": who}
        for kind in self.kinds:
            self.fields[f"s{n}_{line}_{kind}"] = ScoreField(
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
        self.fields[f"s{n}_{line}_cards"] = ScoreField(
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
                    SKIPPED_SMAZZATA % {"blank": first_blank, "later": n},
                )
                first_blank = None
            if isinstance(state, SmazzataEntry):
                entries.append((n, state))
        if not entries and not self.errors:
            self.add_error(
                "s1_ns_cards",
                _("Enter smazzata 1, or choose “turno totals only” or “forfeit” above."),
            )
        if entries:
            self._check_with_engine(entries)
        self.smazzate = [entry for _, entry in entries]
        return cleaned

    def _check_with_engine(self, entries: list[tuple[int, SmazzataEntry]]) -> None:
        """The engine's refusals, each next to its box. While some box of the form is wrong (or
        a smazzata is missing), only the refusals of each smazzata on its own are shown: the
        table's (its VP, the match) wait for a complete scorecard."""
        numbers = [n for n, _ in entries]
        whole = not self.errors and numbers == list(range(1, len(numbers) + 1))
        entry = SmazzateEntry(tuple(smazzata for _, smazzata in entries))
        preview = table_outcome_preview(self.table.turno.tournament, self.table, entry)
        for refusal in preview.refusals:
            if whole:
                self.add_rule_error(refusal.smazzata, refusal.error)
            elif refusal.smazzata is not None and refusal.code in SMAZZATA_CODES:
                self.add_rule_error(numbers[refusal.smazzata - 1], refusal.error)

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
                self.add_error(f"s{n}_{line}_cards", CARDS_MISSING)
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

    def add_rule_error(self, n: int | None, error: RuleError) -> None:
        """Put an engine refusal of smazzata ``n`` (None: of the whole table) next to its box."""
        where = "last_move" if error.code == "tie_needs_last_move" else rule_error_field(error)
        name = f"s{n}_{where}" if where and n is not None else None
        if name not in self.fields:
            # "Both lines closed" concerns both boxes: shown by the second one ticked.
            name = f"s{n}_eo_chiusura" if where == "chiusura" and n is not None else None
        message = rule_error_message(error)
        if name is None and n is not None and n <= self.rows:
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


def scorecard_initial(table: Table, ruleset: Ruleset) -> dict[str, Any]:
    """The stored smazzate as the form's initial values (a count of 0 shows as an empty box,
    an end that is the automatic one shows as "automatic")."""
    initial: dict[str, Any] = {}
    if table.entry_mode != EntryMode.SMAZZATE:
        return initial
    kinds = ruleset.burraco_kinds
    for s in table.smazzate.all():
        n = s.number
        # As the rules in force count it: a semipulito shows as sporco while the switch is off.
        counted = counted_smazzata(ruleset, smazzata_entry(s))
        for line in LINES:
            initial[f"s{n}_{line}_cards"] = getattr(s, f"{line}_cards")
            for kind in kinds:
                initial[f"s{n}_{line}_{kind}"] = getattr(getattr(counted, line), kind) or None
            initial[f"s{n}_{line}_chiusura"] = getattr(s, f"{line}_chiusura")
            initial[f"s{n}_{line}_pozzetto"] = getattr(s, f"{line}_pozzetto")
        automatic = default_end(s.ns_chiusura, s.eo_chiusura)
        initial[f"s{n}_end"] = "" if s.end == automatic else s.end
        initial[f"s{n}_last_move"] = s.last_move
    return initial
