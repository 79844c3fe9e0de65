"""The scorecard form: one table's result entered smazzata by smazzata, as on the paper.

It has one box per scorecard box, named ``s<smazzata>_<line>_<field>`` (``s1_ns_cards``,
``s2_eo_pulito``, ``s1_end``), in the order of the paper segnapunti: smazzata 1 NS (burraco
kinds, chiusura, pozzetto, card points), then EO the same, then how it ended and the last move;
then smazzata 2, ... It offers only the burraco kinds of the tournament's ruleset. The last move
matters only in a KO (a tie goes against the line that made it): a pairs tournament keeps it in a
hidden box. A chiusura is the last move, so a blank last move is the closer's. Blank trailing
smazzate were not played: a turno may end early, but in a pairs tournament only when the director
ticks "the turno ended early" (``ended_early``), so that Enter pressed too soon in an empty
smazzata never saves half a table; the note goes into the change log. Its ``clean`` asks the
results bridge for the table's outcome (``table_outcome_preview``, the engine's one function)
and puts every refusal next to the box it concerns, so the director sees them all at once;
bound for a save (``engine_at_save``) it leaves that to the scoring service, which asks the
same function once and whose refusals the page puts next to the same boxes.

What every result form shares (``ResultForm``, the box limits, the pair labels) is in
``scores.py``, with the other ways to enter a result; the boxes grouped for the templates are
``scorecard_rows.py``'s.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext, ngettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.rule_messages import LINE_LABELS, rule_error_field, rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.outcome import SmazzateEntry
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import CODES as SMAZZATA_CODES
from burraco_tourney.rules.scoring import (
    LineEntry,
    automatic_end,
)
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry

from ..models import EntryMode, SmazzataEnd, Table
from ..results_bridge import table_outcome_preview
from .scorecard_rows import SmazzataRow, scorecard_rows
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

# Refusals of the form itself (not of the engine); the live preview shows them as a save does.
SKIPPED_SMAZZATA = _(
    "Smazzata %(blank)s is empty but smazzata %(later)s is not: only the last smazzate may be "
    "left empty (not played)."
)
CARDS_MISSING = _("Enter the card points (0 if none).")
# Beside the semipulito boxes while the switch is off: the count is kept as typed.
SEMIPULITO_AS_SPORCO = _("counts as sporco while semipulito is off")
ENDED_EARLY_LABEL = _("The turno ended early")
ENDED_EARLY_NEEDED = ngettext_lazy(
    "Only %(played)s of the %(planned)s smazzate is filled in: tick “The turno ended early” to "
    "save the table with it, or fill in the others.",
    "Only %(played)s of the %(planned)s smazzate are filled in: tick “The turno ended early” to "
    "save the table with these, or fill in the others.",
    "played",
)


class ScorecardForm(ResultForm):
    """The scorecard of one table, smazzata by smazzata."""

    mode = EntryMode.SMAZZATE
    # What an empty scorecard is told; None: go on with smazzata 1 or choose another mode (the
    # players' phones, which have no other mode, say only the first).
    empty_message: str | None = None

    def __init__(
        self,
        *args: Any,
        table: Table,
        ruleset: Ruleset,
        rows: int,
        planned: int | None = None,
        **kwargs: Any,
    ):
        """``planned``: the smazzate of a turno, when fewer need "the turno ended early"."""
        super().__init__(*args, table=table, **kwargs)
        self.ruleset = ruleset
        # Every kind is kept as entered: a semipulito typed while the switch is off is stored as
        # a semipulito, and the engine counts it as the rules in force say.
        self.kinds = ruleset.entry_kinds
        self.semipulito_note = SEMIPULITO_AS_SPORCO if ruleset.semipulito_as_sporco else ""
        self.rows = rows
        self.planned = planned
        self.smazzate: list[SmazzataEntry] = []
        # Every smazzata the boxes hold (its number, the engine's entry), refused ones included.
        self.numbered_smazzate: list[tuple[int, SmazzataEntry]] = []
        self.blank_smazzate: set[int] = set()
        self.ended_early_note = ""
        for n in range(1, rows + 1):
            for line in LINES:
                self._add_line_fields(n, line, pair_label(line, getattr(table, line + "_line")))
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
                widget=None if self.scoring.asks_last_move else forms.HiddenInput,
            )
        for name, bound in self.fields.items():
            if name.startswith("s"):
                bound.widget.attrs.setdefault("aria-label", str(bound.label))
        if planned:
            self.fields["ended_early"] = forms.BooleanField(label=ENDED_EARLY_LABEL, required=False)
        if not self.is_bound:
            self.initial.update(scorecard_initial(table, ruleset))
            stored = len(table.smazzate.all()) if table.entry_mode == EntryMode.SMAZZATE else 0
            self.initial["ended_early"] = bool(planned and 0 < stored < planned)
        self.fields[self.line_field_names(1, "ns")[0]].widget.attrs["autofocus"] = True

    def _add_line_fields(self, n: int, line: str, who: str) -> None:
        """The boxes of one line in the order of the paper: kinds, chiusura, pozzetto, cards."""
        where = _("Smazzata %(n)s, %(line)s") % {"n": n, "line": who}
        for kind in self.kinds:
            marked = kind == "semipulito" and self.semipulito_note
            note = f" ({self.semipulito_note})" if marked else ""
            self.fields[f"s{n}_{line}_{kind}"] = ScoreField(
                label=f"{where}: burraco {kind}{note}",
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
        played = 0
        for n in range(1, self.rows + 1):
            state = self._smazzata(n, cleaned)
            if state == "blank":
                self.blank_smazzate.add(n)
                first_blank = first_blank or n
                continue
            played += 1
            if first_blank is not None:
                self.add_error(
                    f"s{first_blank}_ns_cards",
                    SKIPPED_SMAZZATA % {"blank": first_blank, "later": n},
                )
                first_blank = None
            if isinstance(state, SmazzataEntry):
                entries.append((n, state))
        if not entries and not self.errors:
            other_modes = self.scoring.empty_scorecard_message()
            self.add_error("s1_ns_cards", self.empty_message or other_modes)
        if entries and (self.engine_needed() or self._asks_ended_early(played, cleaned)):
            self._check_with_engine(entries)
        self._check_ended_early(played, cleaned)
        self.numbered_smazzate = entries
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

    def _asks_ended_early(self, played: int, cleaned: dict[str, Any]) -> bool:
        """Whether "the turno ended early" is still to be ticked: asked only once the engine
        takes the scorecard, so the form asks the engine first even for a save."""
        return bool(self.planned) and played < self.planned and not cleaned.get("ended_early")

    def _check_ended_early(self, played: int, cleaned: dict[str, Any]) -> None:
        """Fewer smazzate than a turno has: only with "the turno ended early" ticked (asked
        once the boxes themselves and the table's outcome are right)."""
        if not self.planned or not played or played >= self.planned or self.errors:
            return
        params = {"played": played, "planned": self.planned}
        if not cleaned.get("ended_early"):
            self.add_error("ended_early", ENDED_EARLY_NEEDED % params)
            return
        self.ended_early_note = (
            ngettext(
                "The turno ended early: %(played)s smazzata of %(planned)s.",
                "The turno ended early: %(played)s smazzate of %(planned)s.",
                played,
            )
            % params
        )

    @property
    def ended_early_field(self) -> BoundField | None:
        """The "turno ended early" box, where a turno may have fewer smazzate than planned."""
        return self["ended_early"] if "ended_early" in self.fields else None

    def recorded_reason(self) -> str:
        """The reason the change log keeps: the typed one, after the early end's note.

        A correction still needs a typed reason: the note alone never stands for one.
        """
        typed = self.cleaned_data.get("reason", "").strip()
        if not self.ended_early_note or (self.table.has_result and not typed):
            return typed
        return f"{self.ended_early_note} {typed}".strip()

    def smazzata_errors(self, n: int) -> bool:
        """True when a box of smazzata ``n`` has a refusal."""
        return any(name in self.errors for name in self.smazzata_field_names(n))

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
                # Translators: a refusal of one line's box, e.g. “NS: Enter the card points
                # (0 if none).”; %(line)s is NS or EO.
                message = gettext("%(line)s: %(message)s") % {
                    "line": LINE_LABELS[line],
                    "message": CARDS_MISSING,
                }
                self.add_error(f"s{n}_{line}_cards", message)
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
        end = value[f"s{n}_end"] or automatic_end(lines["ns"].chiusura, lines["eo"].chiusura)
        entry = SmazzataEntry(
            ns=lines["ns"], eo=lines["eo"], end=end, last_move=value[f"s{n}_last_move"] or None
        )
        return self.scoring.scorecard_entry(entry)

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

    def scorecard(self, totals: dict[int, tuple[int, int]] | None = None) -> list[SmazzataRow]:
        """The boxes grouped as on the paper (``scorecard_rows.scorecard_rows``)."""
        return scorecard_rows(self, totals)


def scorecard_initial(table: Table, ruleset: Ruleset) -> dict[str, Any]:
    """The stored smazzate as the form's initial values (a count of 0 shows as an empty box,
    an end that is the automatic one shows as "automatic")."""
    initial: dict[str, Any] = {}
    if table.entry_mode != EntryMode.SMAZZATE:
        return initial
    for s in table.smazzate.all():
        n = s.number
        for line in LINES:
            initial[f"s{n}_{line}_cards"] = getattr(s, f"{line}_cards")
            for kind in ruleset.entry_kinds:
                # As entered, whatever the semipulito switch says (the engine counts it).
                initial[f"s{n}_{line}_{kind}"] = getattr(s, f"{line}_{kind}") or None
            initial[f"s{n}_{line}_chiusura"] = getattr(s, f"{line}_chiusura")
            initial[f"s{n}_{line}_pozzetto"] = getattr(s, f"{line}_pozzetto")
        automatic = automatic_end(s.ns_chiusura, s.eo_chiusura)
        initial[f"s{n}_end"] = "" if s.end == automatic else s.end
        initial[f"s{n}_last_move"] = s.last_move
    return initial
