"""The classifica: the standings of every kind after any turno, computed by the engine from the
tournament's matches.

One selector for every kind: each match of a published turno whose tables all have a result is
read once, with its MP and VP (a match of two tables counts once, with its tables' MP summed, as
the match holds them), and each side credits the entrants its first table's line names
(``Table.line_entrants``: a pair, or an individual line's two players). Who the entrants are
(how many a side credits, the tie-breaks they cannot have) is the kind's
(``tournament.fmt.standings.kind``). Only published turni count: a draft's riposo or penalty must
not move the public standings.

A fixed number of queries whatever the size of the tournament: the entrants (as model
instances: callers read ``Standing.entrant``), then the tables and their matches, the seats of
individual tables (only when there are some), the riposi and the penalties, each fetched once as
plain values, with entrant ids mapped to numbers from the entrants already read rather than
joined in again.
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.gironi import girone_standings as girone_rows
from burraco_tourney.rules.gironi import overall_by_girone
from burraco_tourney.rules.gironi_explain import explain_gironi_order, no_gironi_yet
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
from ..models import Entrant, Table, TableSeat, Tournament
from ..models import Penalty as PenaltyRow
from ..models.play import credited
from ..results_bridge import tournament_rules
from .gironi_phase import tournament_gironi
from .standings_notes import pair_absences, standing_note
from .tournaments import TurnoSummary, turno_summaries


@dataclass(frozen=True)
class Standing:
    """One line of the classifica: the engine's row with the entrant it speaks of.

    ``earned_vp_by_turno`` (the engine's): the VP each turno gave the entrant at its table or for
    its riposo, before any penalty. The classifica shows these per turno beside the penalties,
    so that the turni and the penalties add up to the total, and each turno reads as the
    turno's own page does. ``note``: the entrant withdrew, or joined late and how the turni it
    missed were scored (``standings_notes``).
    """

    row: StandingRow
    entrant: Entrant
    note: str = ""
    # The entrant's girone ("A") once the gironi phase counts in these standings, else "".
    girone: str = ""

    def __getattr__(self, name: str):
        # Unpickling (the rows kept in the shared cache) asks before ``row`` is there.
        if name == "row" or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.row, name)

    @property
    def pair(self) -> Entrant:
        """The entrant, as the pairs' pages and files name it."""
        return self.entrant

    @property
    def player(self) -> Entrant:
        """The entrant, as the individual tournament's pages and files name it."""
        return self.entrant


# A seat of an individual table, read as plain values: what ``models.play.credited`` reads.
_Seat = namedtuple("_Seat", "line seat entrant")


def match_results(
    *,
    tournament: Tournament,
    after_turno: int | None = None,
    numbers: dict[int, int] | None = None,
) -> list[TableResult]:
    """Every match of a published turno whose tables all have a result, as the engine's
    TableResult keyed by entrant numbers, in turno and table order: the match's MP and VP, its
    sides crediting the entrants of its first table's lines (``models.play.credited``, the rule
    of ``Table.line_entrants``), the forfeit of its first table.

    ``numbers`` maps the tournament's entrant ids to their numbers when the caller has read the
    entrants already; the tables are then read without joining the entrants twice.
    """
    rows = Table.objects.filter(turno__tournament=tournament, turno__published=True)
    if after_turno is not None:
        rows = rows.filter(turno__number__lte=after_turno)
    # The model's default order would join the tournament for nothing: the same order, by hand.
    rows = rows.order_by("turno__number", "number")
    if numbers is None:
        numbers = dict(Entrant.objects.filter(tournament=tournament).values_list("id", "number"))
    # Each match's first table (in turno and table order, a team match's sala aperta first: its
    # tables are numbered before the chiusa's; its sides are that table's lines), and
    # the matches with a table still without a result.
    first: dict[int, tuple] = {}
    unplayed: set[int] = set()
    for row in rows.values_list(
        "match_id",
        "pk",
        "turno__number",
        "number",
        "ns_id",
        "eo_id",
        "forfeit_winner",
        "match__ns_mp",
        "match__eo_mp",
        "match__ns_vp",
        "match__eo_vp",
        "entry_mode",
    ):
        if not row[11]:
            unplayed.add(row[0])
        if row[0] not in first:
            first[row[0]] = row
    played = [row for match, row in first.items() if match not in unplayed]
    seats: dict[int, list[_Seat]] = {}
    seated = [row[1] for row in played if row[4] is None or row[5] is None]
    if seated:
        for table, line, seat, entrant in TableSeat.objects.filter(table__in=seated).values_list(
            "table_id", "line", "seat", "entrant_id"
        ):
            seats.setdefault(table, []).append(_Seat(line, seat, numbers[entrant]))
    results = []
    for _m, pk, turno, number, ns, eo, forfeit, ns_mp, eo_mp, ns_vp, eo_vp, _e in played:
        table_seats = seats.get(pk, ())
        results.append(
            TableResult(
                turno,
                number,
                tuple(credited(numbers.get(ns), table_seats, "ns")),
                tuple(credited(numbers.get(eo), table_seats, "eo")),
                ns_mp or 0,
                eo_mp or 0,
                ns_vp,
                eo_vp,
                forfeit or None,
            )
        )
    return results


# A table's values as a rule change's dry run would store them, by (turno, table) number.
Outcomes = dict[tuple[int, int], dict[str, Any]]


def _engine_inputs(
    tournament: Tournament, after_turno: int | None, outcomes: Outcomes | None = None
) -> tuple[dict[int, Entrant], dict[str, Any]]:
    """The tournament's entrants by id, and the keyword arguments of ``compute_standings``;
    ``outcomes`` stand for the stored values of the tables they name."""
    entrants = {p.pk: p for p in Entrant.objects.filter(tournament=tournament)}
    numbers = {pk: entrant.number for pk, entrant in entrants.items()}
    byes = [
        Bye(turno=t, pair=numbers[p])
        for t, p in ByeRow.objects.filter(
            turno__tournament=tournament, turno__published=True
        ).values_list("turno__number", "entrant_id")
    ]
    tables = match_results(tournament=tournament, after_turno=after_turno, numbers=numbers)
    if outcomes:
        tables = [replace(t, **outcomes.get((t.turno, t.table), {})) for t in tables]
    rules = tournament_rules(tournament)
    ranked = tournament.fmt.standings  # a kind's own value of a forfeited match
    published = sorted(
        set(tournament.turni.filter(published=True).values_list("number", flat=True))
    )
    absences: list[Absence] = []
    for entrant in entrants.values():
        absences += pair_absences(entrant, published)
    penalties = [
        Penalty(turno=t, pair=numbers[p], vp=vp, mp=mp, reason=reason)
        for t, p, vp, mp, reason in PenaltyRow.objects.filter(
            turno__tournament=tournament, turno__published=True
        ).values_list("turno__number", "entrant_id", "vp", "mp", "reason")
    ]
    return entrants, {
        "pairs": numbers.values(),
        "tables": tables,
        "byes": byes,
        "penalties": penalties,
        "absences": absences,
        "bye": rules.bye,
        "forfeit": ranked.forfeit(rules) if ranked is not None else rules.forfeit,
        "tiebreaks": rules.tiebreaks,
        "after_turno": after_turno,
        "kind": tournament.fmt.standings.kind,
    }


def standings(
    *, tournament: Tournament, after_turno: int | None = None, outcomes: Outcomes | None = None
) -> list[Standing]:
    """The standings after ``after_turno`` (all turni when None), best first; with
    ``outcomes``, as they would be with those table values (a rule change's dry run)."""
    entrants, inputs = _engine_inputs(tournament, after_turno, outcomes)
    rows = compute_standings(**inputs)
    gironi = tournament_gironi(tournament, after_turno)
    if gironi is not None and gironi.by_girone:
        rows = overall_by_girone(rows, girone_rows(gironi, **inputs))
    return standing_list(tournament, entrants, rows, gironi)


def standing_list(
    tournament: Tournament, entrants: dict[int, Entrant], rows: list[StandingRow], gironi=None
) -> list[Standing]:
    """The engine's ``rows`` as ``Standing`` lines, with each entrant's girone once the gironi
    phase (``gironi``) counts."""
    rules = tournament_rules(tournament)
    by_number = {entrant.number: entrant for entrant in entrants.values()}
    girone_of = gironi.girone_of() if gironi is not None else {}
    return [
        Standing(
            row=row,
            entrant=by_number[row.pair],
            note=standing_note(by_number[row.pair], row, rules.bye),
            girone=girone_of.get(row.pair, ""),
        )
        for row in rows
    ]


def standings_explanation(
    *,
    tournament: Tournament,
    first: int,
    second: int,
    after_turno: int | None = None,
    within_girone: bool = False,
) -> Explanation:
    """Why entrant number ``first`` is above, below or level with ``second`` in ``standings``
    for the same turno (``within_girone``: in their girone's own standings): the engine's chain
    on the same inputs, through the gironi once they count (raises the engine's RuleError)."""
    _entrants, inputs = _engine_inputs(tournament, after_turno)
    gironi = tournament_gironi(tournament, after_turno)
    if gironi is not None:
        return explain_gironi_order(
            gironi, first=first, second=second, within=within_girone, **inputs
        )
    if within_girone:
        raise no_gironi_yet()
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
    seated = tournament.fmt.entrants.seated(first.tables)
    return seated + ByeRow.objects.filter(turno=first.turno).count()


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
