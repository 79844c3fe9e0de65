"""The scorecard form's boxes grouped as the paper segnapunti draws them, for the templates.

Per smazzata, per line: the bound boxes, the line's total (the stored one, or the live
preview's), the refusals of its boxes, whether it was played, and what a box left "automatic"
stands for. Nothing here validates, reads the database beyond the table's prefetched smazzate,
or writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.forms import BoundField
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry

from ..models import Entrant, Smazzata, SmazzataEnd
from .scores import LINES, pair_label

if TYPE_CHECKING:
    from .scorecard import ScorecardForm

# Beside a box left "automatic": what the engine reads there (“automatic: Chiusura”).
AUTOMATIC = _("automatic: %s")


@dataclass
class LineRow:
    """One line of one smazzata as the template draws it."""

    line: str
    pair: Entrant
    counts: list[BoundField]
    chiusura: BoundField
    pozzetto: BoundField
    cards: BoundField
    total: int | None
    errors: list[tuple[str, str]] = field(default_factory=list)
    number: int = 0

    @property
    def live_id(self) -> str:
        """The id of this line's live parts on the page: ``<smazzata>-<line>``."""
        return f"{self.number}-{self.line}"

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
    # Not played: every box empty (never for smazzata 1, which is always expected).
    unplayed: bool = False
    # What the engine reads when "ended by" / "last move" are left automatic (bound forms).
    auto_end: str = ""
    auto_last_move: str = ""

    @property
    def live_id(self) -> str:
        return str(self.number)


def scorecard_rows(
    form: ScorecardForm, totals: dict[int, tuple[int, int]] | None = None
) -> list[SmazzataRow]:
    """The boxes grouped as on the paper: per smazzata, per line.

    A line's total is the stored one, or the one given in ``totals`` (smazzata number to
    (NS, EO), the live preview's) for a bound form.
    """
    stored = {} if form.is_bound else {s.number: s for s in form.table.smazzate.all()}
    totals = totals or {}
    entries = dict(form.numbered_smazzate)
    rows = []
    for n in range(1, form.rows + 1):
        lines = []
        for line in LINES:
            names = form.line_field_names(n, line)
            bound = [form[name] for name in names]
            smazzata: Smazzata | None = stored.get(n)
            lines.append(
                LineRow(
                    line=line,
                    pair=getattr(form.table, line),
                    counts=bound[:-3],
                    chiusura=bound[-3],
                    pozzetto=bound[-2],
                    cards=bound[-1],
                    total=_line_total(smazzata, totals.get(n), line),
                    errors=_errors_of(form, names),
                    number=n,
                )
            )
        rows.append(
            SmazzataRow(
                number=n,
                lines=lines,
                end=form[f"s{n}_end"],
                last_move=form[f"s{n}_last_move"],
                errors=_errors_of(form, [f"s{n}_end", f"s{n}_last_move"]),
                unplayed=n > 1 and _unplayed(form, n, stored),
                **_automatic(form, n, entries.get(n)),
            )
        )
    return rows


def _unplayed(form: ScorecardForm, n: int, stored: dict[int, Smazzata]) -> bool:
    """Every box of smazzata ``n`` is empty: as typed (bound), else as stored or as the boxes
    start (the players' phones start from their line's draft, not yet a stored result)."""
    if form.is_bound:
        return n in form.blank_smazzate
    if n in stored:
        return False
    names = [name for line in LINES for name in form.line_field_names(n, line)]
    return not any(form.initial.get(name) not in (None, "", False) for name in names)


def _automatic(form: ScorecardForm, n: int, entry: SmazzataEntry | None) -> dict[str, str]:
    """The end and last move the engine reads where the boxes say "automatic"."""
    if entry is None or not form.is_bound:
        return {}
    chosen = form.cleaned_data if hasattr(form, "cleaned_data") else {}
    auto = {}
    if not chosen.get(f"s{n}_end"):
        auto["auto_end"] = AUTOMATIC % dict(SmazzataEnd.choices).get(entry.end, entry.end)
    if form.scoring.asks_last_move and entry.last_move and not chosen.get(f"s{n}_last_move"):
        line = entry.last_move
        auto["auto_last_move"] = AUTOMATIC % pair_label(line, getattr(form.table, line))
    return auto


def _errors_of(form: ScorecardForm, names: list[str]) -> list[tuple[str, str]]:
    errors = []
    for name in names:
        if name in form.errors:
            errors.append((name, " ".join(str(m) for m in form.errors[name])))
            form.fields[name].widget.attrs["aria-describedby"] = f"err-{name}"
    return errors


def _line_total(stored: Smazzata | None, live: tuple[int, int] | None, line: str) -> int | None:
    if live is not None:
        return live[LINES.index(line)]
    return getattr(stored, f"{line}_total") if stored else None
