"""What saving a scorecard would give, computed without saving: the scorecard page's live totals.

The director's page posts the form as typed; the view binds the SAME form a save binds and runs
its validation, then ``table_preview`` computes the outcome with the SAME function the save uses
(``services.results.apply_table_result``) on unsaved, in-memory copies of the table and its
smazzate. So the live totals are the server's own answer, never a second copy of the rules.

When the results bridge lands, ``_outcome`` is the one call to point at its function.

This module never writes: no ``save()``, no query that changes a row, no audit entry. The
in-memory ``Table`` and ``Smazzata`` objects it builds are never attached to the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.forms import Form

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.match import check_points_totals, ko_winner
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry

from ..models import EntryMode, KoMode, Smazzata, Table, Tournament, TournamentKind, Turno
from ..rules_config import tournament_forfeit_value, tournament_ruleset, tournament_vp_table

# The save's own computation and row layout; the one import of a service here, until the bridge.
from ..services.results import LINE_FIELDS, apply_table_result

LINES = ("ns", "eo")
# The forms whose outcome can be previewed (a forfeit has no figures to type).
PREVIEW_MODES = (EntryMode.SMAZZATE, EntryMode.TOTALS)


@dataclass(frozen=True)
class TablePreview:
    """The outcome a save would store, or why it would be refused.

    ``totals`` maps a smazzata number to its (NS, EO) totals, for every smazzata that scores;
    the turno figures (``ns_mp`` ... ``winner``) are None while the save would be refused.
    ``refusal`` is a refusal that concerns the whole table (a KO match rule), in the active
    language; refusals of one box stay on the form, next to their box.
    """

    totals: dict[int, tuple[int, int]] = field(default_factory=dict)
    ns_mp: int | None = None
    eo_mp: int | None = None
    ns_vp: int | None = None
    eo_vp: int | None = None
    knockout: bool = False
    winner: str = ""
    by_last_move: bool = False
    refusal: str | None = None

    @property
    def lead(self) -> str | None:
        """The line ahead on MP ("ns" or "eo"), None on a tie or without figures."""
        if self.ns_mp is None or self.eo_mp is None or self.ns_mp == self.eo_mp:
            return None
        return "ns" if self.ns_mp > self.eo_mp else "eo"

    @property
    def margin(self) -> int | None:
        if self.ns_mp is None or self.eo_mp is None:
            return None
        return abs(self.ns_mp - self.eo_mp)

    @property
    def saved_as_is(self) -> bool:
        """True when a save of the form as typed would store these figures."""
        return self.ns_mp is not None and self.refusal is None


def _smazzata_row(table: Table, number: int, entry: SmazzataEntry) -> Smazzata:
    """An unsaved row holding one engine entry, as the save stores it."""
    row = Smazzata(table=table, number=number, end=entry.end, last_move=entry.last_move or "")
    for line in LINES:
        for name in LINE_FIELDS:
            setattr(row, f"{line}_{name}", getattr(getattr(entry, line), name))
    return row


def _copy(table: Table, turno: Turno, tournament: Tournament, mode: str) -> Table:
    """An unsaved table with the same seats, for the engine to fill in."""
    turno.tournament = tournament
    return Table(
        turno=turno,
        number=table.number,
        ns_id=table.ns_id,
        eo_id=table.eo_id,
        entry_mode=mode,
    )


def _outcome(tournament: Tournament, table: Table, rows: list[Smazzata], *, strict: bool) -> None:
    """The save's own computation, in memory (the bridge's function at merge)."""
    apply_table_result(
        table,
        rows,
        ruleset=tournament_ruleset(tournament),
        vp=tournament_vp_table(tournament),
        forfeit=tournament_forfeit_value(tournament),
        strict=strict,
    )


def _preview(tournament: Tournament, table: Table, totals: dict[int, tuple[int, int]], **kw: Any):
    knockout = tournament.kind == TournamentKind.KO
    return TablePreview(
        totals=totals,
        ns_mp=table.ns_mp,
        eo_mp=table.eo_mp,
        ns_vp=None if knockout else table.ns_vp,
        eo_vp=None if knockout else table.eo_vp,
        knockout=knockout,
        winner=table.winner,
        by_last_move=table.by_last_move,
        **kw,
    )


def _smazzate_preview(
    tournament: Tournament, turno: Turno, table: Table, form: Form
) -> TablePreview:
    """Per smazzata: the totals of every smazzata that scores; the turno when all do."""
    valid = form.is_valid()
    knockout = tournament.kind == TournamentKind.KO
    entries: list[tuple[int, SmazzataEntry]] = [
        (n, entry) for n, entry in form.numbered_smazzate if valid or not form.smazzata_errors(n)
    ]
    copy = _copy(table, turno, tournament, EntryMode.SMAZZATE)
    rows = [_smazzata_row(copy, n, entry) for n, entry in entries]
    try:
        _outcome(tournament, copy, rows, strict=valid)
    except RuleError as error:
        totals = {row.number: (row.ns_total, row.eo_total) for row in rows}
        return TablePreview(totals=totals, knockout=knockout, refusal=rule_error_message(error))
    totals = {row.number: (row.ns_total, row.eo_total) for row in rows}
    if not valid:
        return TablePreview(totals=totals, knockout=knockout)
    return _preview(tournament, copy, totals)


def _totals_preview(tournament: Tournament, turno: Turno, table: Table, form: Form) -> TablePreview:
    """Turno totals only: the VP (or in a KO who goes on), as the totals service sets them."""
    knockout = tournament.kind == TournamentKind.KO
    if not form.is_valid():
        return TablePreview(knockout=knockout)
    data = form.cleaned_data
    copy = _copy(table, turno, tournament, EntryMode.TOTALS)
    copy.ns_mp, copy.eo_mp = data["ns_mp"], data["eo_mp"]
    try:
        if knockout and tournament.ko_mode == KoMode.PUNTI and tournament.ko_target:
            check_points_totals(copy.ns_mp, copy.eo_mp, target=tournament.ko_target)
        if knockout and copy.ns_mp == copy.eo_mp:
            copy.winner, copy.by_last_move = ko_winner(
                copy.ns_mp, copy.eo_mp, data.get("last_move") or None
            )
        _outcome(tournament, copy, [], strict=True)
    except RuleError as error:
        return TablePreview(knockout=knockout, refusal=rule_error_message(error))
    return _preview(tournament, copy, {})


def table_preview(
    *, tournament: Tournament, turno: Turno, table: Table, form: Form
) -> TablePreview:
    """What saving ``form`` (bound to what the director typed) would store for ``table``.

    ``form`` is the scorecard form or the totals form, bound exactly as a save binds it; its
    validation runs here (its refusals stay on it, next to their boxes). Nothing is written.
    """
    if form.mode == EntryMode.SMAZZATE:
        return _smazzate_preview(tournament, turno, table, form)
    if form.mode == EntryMode.TOTALS:
        return _totals_preview(tournament, turno, table, form)
    raise ValueError(f"no live preview for the {form.mode!r} form")


def stored_figures(*, tournament: Tournament, table: Table, mode: str) -> TablePreview:
    """The stored result of ``table`` as the page's totals show it before anything is typed:
    empty unless it was entered in ``mode``."""
    knockout = tournament.kind == TournamentKind.KO
    if table.entry_mode != mode or mode not in (EntryMode.SMAZZATE, EntryMode.TOTALS):
        return TablePreview(knockout=knockout)
    totals = {s.number: (s.ns_total, s.eo_total) for s in table.smazzate.all()}
    return _preview(tournament, table, totals)
