"""The classifica: standings of a pairs tournament after any turno, computed by the engine.

Only published turni count: a draft's riposo or penalty must not move the public standings.

A fixed number of queries whatever the size of the tournament: the pairs (as model instances:
callers read ``Standing.pair``), then the stored table results, the riposi and the penalties, each
fetched once as plain values, with pair ids mapped to numbers from the pairs already read rather
than joined in again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.standings import (
    Absence,
    Bye,
    Penalty,
    StandingRow,
    TableResult,
    compute_standings,
)
from burraco_tourney.rules.standings_explain import Explanation, explain_pair_order

from ..models import Bye as ByeRow
from ..models import Entrant, Table, Tournament
from ..models import Penalty as PenaltyRow
from ..results_bridge import tournament_rules
from .standings_notes import pair_absences, standing_note
from .tournaments import TurnoSummary, turno_summaries


@dataclass(frozen=True)
class Standing:
    """One line of the classifica: the engine's row with the pair it speaks of.

    ``earned_vp_by_turno`` (the engine's): the VP each turno gave the pair at its table or for
    its riposo, before any penalty. The classifica shows these per turno beside the penalties,
    so that the turni and the penalties add up to the total, and each turno reads as the
    turno's own page does. ``note``: the pair withdrew, or joined late and how the turni it
    missed were scored (``standings_notes``).
    """

    row: StandingRow
    pair: Entrant
    note: str = ""

    def __getattr__(self, name: str):
        return getattr(self.row, name)

    @property
    def entrant(self) -> Entrant:
        """The pair, as the lists shared with individual tournaments read an entrant."""
        return self.pair


def table_results(
    *,
    tournament: Tournament,
    after_turno: int | None = None,
    pair_numbers: dict[int, int] | None = None,
) -> list[TableResult]:
    """Every table with a result, as the engine's TableResult, keyed by pair numbers, with its
    match's MP and VP (a match of one table: its sides are the table's lines).

    ``pair_numbers`` maps the tournament's pair ids to their numbers when the caller has read
    the pairs already; the tables are then read without joining the pairs twice.
    """
    rows = Table.objects.filter(turno__tournament=tournament, turno__published=True).exclude(
        entry_mode=""
    )
    if after_turno is not None:
        rows = rows.filter(turno__number__lte=after_turno)
    # The model's default order would join the tournament for nothing: the same order, by hand.
    rows = rows.order_by("turno__number", "number")
    if pair_numbers is None:
        pair_numbers = dict(
            Entrant.objects.filter(tournament=tournament).values_list("id", "number")
        )
    return [
        TableResult(
            turno=turno,
            table=number,
            ns=pair_numbers[ns],
            eo=pair_numbers[eo],
            ns_mp=ns_mp,
            eo_mp=eo_mp,
            ns_vp=ns_vp,
            eo_vp=eo_vp,
            forfeit=forfeit or None,
        )
        for turno, number, ns, eo, ns_mp, eo_mp, ns_vp, eo_vp, forfeit in rows.values_list(
            "turno__number",
            "number",
            "ns_id",
            "eo_id",
            "match__ns_mp",
            "match__eo_mp",
            "match__ns_vp",
            "match__eo_vp",
            "forfeit_winner",
        )
    ]


# A table's values as a rule change's dry run would store them, by (turno, table) number.
Outcomes = dict[tuple[int, int], dict[str, Any]]


def _engine_inputs(
    tournament: Tournament, after_turno: int | None, outcomes: Outcomes | None = None
) -> tuple[dict[int, Entrant], dict[str, Any]]:
    """The tournament's pairs by id, and the keyword arguments of ``compute_standings``;
    ``outcomes`` stand for the stored values of the tables they name."""
    pairs = {p.pk: p for p in Entrant.objects.filter(tournament=tournament)}
    numbers = {pk: pair.number for pk, pair in pairs.items()}
    byes = [
        Bye(turno=t, pair=numbers[p])
        for t, p in ByeRow.objects.filter(
            turno__tournament=tournament, turno__published=True
        ).values_list("turno__number", "entrant_id")
    ]
    tables = table_results(tournament=tournament, after_turno=after_turno, pair_numbers=numbers)
    if outcomes:
        tables = [replace(t, **outcomes.get((t.turno, t.table), {})) for t in tables]
    rules = tournament_rules(tournament)
    published = sorted(
        set(tournament.turni.filter(published=True).values_list("number", flat=True))
    )
    absences: list[Absence] = []
    for pair in pairs.values():
        absences += pair_absences(pair, published)
    penalties = [
        Penalty(turno=t, pair=numbers[p], vp=vp, mp=mp, reason=reason)
        for t, p, vp, mp, reason in PenaltyRow.objects.filter(
            turno__tournament=tournament, turno__published=True
        ).values_list("turno__number", "entrant_id", "vp", "mp", "reason")
    ]
    return pairs, {
        "pairs": numbers.values(),
        "tables": tables,
        "byes": byes,
        "penalties": penalties,
        "absences": absences,
        "bye": rules.bye,
        "forfeit": rules.forfeit,
        "tiebreaks": rules.tiebreaks,
        "after_turno": after_turno,
    }


def standings(
    *, tournament: Tournament, after_turno: int | None = None, outcomes: Outcomes | None = None
) -> list[Standing]:
    """The standings after ``after_turno`` (all turni when None), best first; with
    ``outcomes``, as they would be with those table values (a rule change's dry run)."""
    pairs, inputs = _engine_inputs(tournament, after_turno, outcomes)
    rows = compute_standings(**inputs)
    rules = tournament_rules(tournament)
    by_number = {pair.number: pair for pair in pairs.values()}
    return [
        Standing(
            row=row,
            pair=by_number[row.pair],
            note=standing_note(by_number[row.pair], row, rules.bye),
        )
        for row in rows
    ]


def standings_explanation(
    *, tournament: Tournament, first: int, second: int, after_turno: int | None = None
) -> Explanation:
    """Why pair number ``first`` is above, below or level with ``second`` in ``standings`` for
    the same turno: the engine's chain on the same inputs (raises the engine's RuleError)."""
    _pairs, inputs = _engine_inputs(tournament, after_turno)
    return explain_pair_order(first=first, second=second, **inputs)


def standings_or_missing(
    *, tournament: Tournament, after_turno: int | None = None
) -> tuple[list[Standing], RuleError | None]:
    """The standings, or no rows and the engine's refusal saying what is missing (a riposo or a
    forfeit value the director has not set yet). Pages and files show that refusal instead of
    failing; a bug still raises."""
    try:
        return standings(tournament=tournament, after_turno=after_turno), None
    except RuleError as error:
        return [], error


@dataclass(frozen=True)
class Correction:
    """A table whose result was changed after its turno had been closed, and when."""

    turno: int
    table: int
    at: datetime


@dataclass(frozen=True)
class StandingsChoice:
    """Which standings a reader is shown by default, and which are provisional or final: the one
    place that decides it, for the public pages, the PDF, the workbook and the projector.

    A turno's standings stop being provisional when the director closes the turno
    (``services.turno_close``), not when its last table comes in: until then the results may
    still change. ``in_progress`` is the first published turno not closed yet; standings that
    include it are provisional. The page, the PDF and the workbook all start from ``default``:
    after the last closed turno before it; None when every published turno counts (all closed,
    or none closed yet, in which case the standings are provisional). Once the format's last
    turno (the last planned one, a knock-out's final) is closed, the standings are final.
    ``corrections``: results changed after their turno was closed, which the standings note.
    """

    turni: tuple[int, ...]
    in_progress: TurnoSummary | None
    default: int | None
    closed: tuple[int, ...] = ()
    last_turno: int | None = None
    corrections: tuple[Correction, ...] = ()

    def provisional(self, after_turno: int | None) -> bool:
        """Whether the standings after ``after_turno`` (None: every turno) include a turno not
        closed yet."""
        if self.in_progress is None:
            return False
        return after_turno is None or self.in_progress.turno.number <= after_turno

    def final(self, after_turno: int | None) -> bool:
        """Whether the standings after ``after_turno`` are the tournament's final ones: its last
        turno is closed and they include it."""
        if self.last_turno is None or self.last_turno not in self.closed:
            return False
        shown = self.shown_turno(after_turno)
        return shown is not None and shown >= self.last_turno and not self.provisional(after_turno)

    def corrected(self, after_turno: int | None) -> tuple[Correction, ...]:
        """The results corrected after the close that the standings after ``after_turno``
        count."""
        return tuple(c for c in self.corrections if after_turno is None or c.turno <= after_turno)

    def marks(self, after_turno: int | None) -> dict[str, Any]:
        """What a page or a file says of the standings after ``after_turno``: ``provisional``,
        ``final`` and the ``corrections`` made after a close."""
        return {
            "provisional": self.provisional(after_turno),
            "final": self.final(after_turno),
            "corrections": self.corrected(after_turno),
        }

    def shown_turno(self, after_turno: int | None) -> int | None:
        """The turno the standings are "after": ``after_turno``, or the last published one."""
        if after_turno is not None:
            return after_turno
        return self.turni[-1] if self.turni else None


def _first_turno_entrants(tournament: Tournament, summaries: list[TurnoSummary]) -> int:
    """The entrants seated or resting in turno 1 (a knock-out's bracket size comes from it)."""
    first = next((s for s in summaries if s.turno.number == 1), None)
    if first is None:
        return 0
    per_table = tournament.fmt.entrants_per_table
    return first.tables * per_table + ByeRow.objects.filter(turno=first.turno).count()


def standings_choice(*, tournament: Tournament) -> StandingsChoice:
    summaries = turno_summaries(tournament=tournament)
    in_progress = next((s for s in summaries if s.turno.closed_at is None), None)
    default = None
    if in_progress is not None:
        number = in_progress.turno.number
        default = max((s.turno.number for s in summaries if s.turno.number < number), default=None)
    last_turno = tournament.fmt.last_turno(
        planned=tournament.planned_turni,
        first_turno_entrants=lambda: _first_turno_entrants(tournament, summaries),
    )
    corrections = tuple(
        Correction(turno=turno, table=table, at=at)
        for turno, table, at in Table.objects.filter(
            turno__tournament=tournament, turno__published=True, corrected_at__isnull=False
        )
        .order_by("turno__number", "number")
        .values_list("turno__number", "number", "corrected_at")
    )
    return StandingsChoice(
        turni=tuple(s.turno.number for s in summaries),
        in_progress=in_progress,
        default=default,
        closed=tuple(s.turno.number for s in summaries if s.turno.closed_at is not None),
        last_turno=last_turno,
        corrections=corrections,
    )
