"""The director's dashboard: where a tournament stands and what to do next.

Reads only, in a fixed number of queries whatever the size of the tournament: the turni with
their table counts, the tables still without a result, the pair counts.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from ..access import tournaments_directed_by
from ..models import Entrant, EntryMode, Table, Tournament, Turno
from .imports import with_import_mark


def tournament_has_results(*, tournament: Tournament) -> bool:
    """Whether any table of the tournament has a result entered (scores, totals or forfeit)."""
    return (
        Table.objects.filter(turno__tournament_id=tournament.pk)
        .exclude(entry_mode=EntryMode.NONE)
        .exists()
    )


def director_tournaments(*, user) -> QuerySet[Tournament]:
    """The tournaments ``user`` directs, newest first, with their entrant and turno counts (and
    ``imported_at`` on an imported copy, see ``with_import_mark``)."""
    return with_import_mark(
        tournaments_directed_by(user)
        .annotate(
            entrant_count=Count("entrants", filter=Q(entrants__withdrawn=False), distinct=True),
            turno_count=Count("turni", distinct=True),
        )
        .order_by("-date", "name")
    )


@dataclass(frozen=True)
class TurnoState:
    """One turno on the dashboard: drawn as a draft or published, and how many results are in."""

    turno: Turno
    tables: int
    with_result: int

    @property
    def number(self) -> int:
        return self.turno.number

    @property
    def published(self) -> bool:
        return self.turno.published

    @property
    def missing(self) -> int:
        return self.tables - self.with_result

    @property
    def draft_url(self) -> str:
        """Where the director opens this turno while it is a draft (the kind's draw page)."""
        return self.turno.tournament.pages.draft_turno(self.turno.number)

    @property
    def complete(self) -> bool:
        return self.published and self.missing == 0


@dataclass(frozen=True)
class MissingTables:
    """The tables of one turno still without a result."""

    turno: int
    tables: tuple[Table, ...]


# What the director should do next, in the order a tournament goes through them.
NEXT_STEPS: tuple[str, ...] = (
    "register_pairs",
    "draw_first",
    "publish_turno",
    "enter_results",
    "close_turno",
    "draw_next",
    "complete",
)


@dataclass(frozen=True)
class Dashboard:
    tournament: Tournament
    turni: tuple[TurnoState, ...]
    missing: tuple[MissingTables, ...]
    pairs: int
    withdrawn: int
    tables: int
    with_result: int
    next_step: str
    # The turno the next step speaks of (to publish, to complete, to draw), when there is one.
    next_turno: int | None
    bye_value_missing: bool

    @property
    def planned_turni(self) -> int | None:
        return self.tournament.fmt.planned_turni(self.tournament)

    @property
    def missing_count(self) -> int:
        return self.tables - self.with_result

    @property
    def pairs_done(self) -> bool:
        return self.tournament.fmt.entrants.enough_to_draw(self.pairs)

    @property
    def drawn(self) -> bool:
        return bool(self.turni)

    @property
    def next_state(self) -> TurnoState | None:
        """The turno the next step speaks of, when it is already drawn."""
        return next((t for t in self.turni if t.number == self.next_turno), None)

    @property
    def results_done(self) -> bool:
        return self.drawn and all(t.complete for t in self.turni)


def _next_step(
    *, pairs: int, turni: tuple[TurnoState, ...], planned: int | None, enough: bool
) -> tuple[str, int | None]:
    if not enough and not turni:
        return "register_pairs", None
    if not turni:
        return "draw_first", 1
    for state in turni:
        if not state.published:
            return "publish_turno", state.number
    for state in turni:
        if state.missing:
            return "enter_results", state.number
    # Every result is in: the turno is closed before its standings are final (services.closing).
    for state in turni:
        if state.turno.closed_at is None:
            return "close_turno", state.number
    last = turni[-1].number
    if planned is not None and last >= planned:
        return "complete", None
    return "draw_next", last + 1


def dashboard(*, tournament: Tournament) -> Dashboard:
    turni = tuple(
        TurnoState(turno=t, tables=t.table_count, with_result=t.result_count)
        for t in Turno.objects.filter(tournament=tournament)
        .annotate(
            table_count=Count("tables"),
            result_count=Count("tables", filter=~Q(tables__entry_mode=EntryMode.NONE)),
        )
        .order_by("number")
    )
    missing_rows = (
        Table.objects.filter(
            turno__tournament=tournament, turno__published=True, entry_mode=EntryMode.NONE
        )
        .select_related("turno", "ns", "eo")
        .order_by("turno__number", "number")
    )
    by_turno: dict[int, list[Table]] = {}
    for table in missing_rows:
        by_turno.setdefault(table.turno.number, []).append(table)
    # The entrants: the pairs, or an individual tournament's players.
    counts = Entrant.objects.filter(tournament=tournament).aggregate(
        active=Count("pk", filter=Q(withdrawn=False)),
        withdrawn=Count("pk", filter=Q(withdrawn=True)),
    )
    step, step_turno = _next_step(
        pairs=counts["active"],
        turni=turni,
        planned=tournament.planned_turni,
        enough=tournament.fmt.entrants.enough_to_draw(counts["active"]),
    )
    return Dashboard(
        tournament=tournament,
        turni=turni,
        missing=tuple(MissingTables(turno=n, tables=tuple(t)) for n, t in by_turno.items()),
        pairs=counts["active"],
        withdrawn=counts["withdrawn"],
        tables=sum(t.tables for t in turni if t.published),
        with_result=sum(t.with_result for t in turni if t.published),
        next_step=step,
        next_turno=step_turno,
        # Entrants that do not fill the tables mean a riposo every turno, and a custom VP table
        # has no default value for it: the standings cannot be computed until one is set.
        bye_value_missing=tournament.fmt.standings.riposo_value_missing(
            tournament, counts["active"]
        ),
    )
