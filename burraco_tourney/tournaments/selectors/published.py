"""Each tournament's published standings as another app reads them (a circuit, RULES.md §14):
every entrant's place, its total VP and the registry people behind it.

The places are the kind's standings' ranks (``tournament.fmt.standings``), over the published
turni only, shared on a tie as the classifica shares them; a kind without VP standings (the
knock-out) gives no places. The people come from ``Member`` rows, read for all the tournaments
in one query. Reads only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from burraco_tourney.rules.errors import RuleError

from ..models import Member, Tournament, Turno
from .standings import StandingsChoice, standings_choice
from .tournaments import TurnoSummary


@dataclass(frozen=True)
class EntrantPlace:
    entrant_id: int
    people: tuple[int, ...]
    place: int
    vp: int


@dataclass(frozen=True)
class PublishedStandings:
    """``missing``: why the standings cannot be computed yet (a value the director must set);
    ``final``: the tournament's last turno is closed and counted."""

    tournament: Tournament
    places: tuple[EntrantPlace, ...]
    missing: RuleError | None = None
    final: bool = False
    ranked: bool = True


def people_by_entrant(*, tournaments: Iterable[Tournament]) -> dict[int, tuple[int, ...]]:
    """Each entrant's people (person ids in member order), by entrant id."""
    people: dict[int, list[int]] = {}
    rows = Member.objects.filter(entrant__tournament__in=list(tournaments)).order_by(
        "entrant_id", "position"
    )
    for entrant_id, person_id in rows.values_list("entrant_id", "person_id"):
        people.setdefault(entrant_id, []).append(person_id)
    return {entrant_id: tuple(ids) for entrant_id, ids in people.items()}


class _FullReading(Exception):
    pass


def _needs_full_reading() -> int:
    raise _FullReading


def _finals(tournaments: list[Tournament]) -> dict[int, bool]:
    """Whether each tournament's standings are final (``StandingsChoice.final``, the one rule),
    its published turni read for all the tournaments in one query rather than one
    ``standings_choice`` each."""
    turni: dict[int, list[tuple[int, bool]]] = {t.pk: [] for t in tournaments}
    rows = Turno.objects.filter(tournament__in=tournaments, published=True).order_by("number")
    for tournament_id, number, closed_at in rows.values_list(
        "tournament_id", "number", "closed_at"
    ):
        turni[tournament_id].append((number, closed_at is not None))
    finals = {}
    for tournament in tournaments:
        numbers = turni[tournament.pk]
        open_turno = next((n for n, closed in numbers if not closed), None)
        try:
            last = tournament.fmt.last_turno(
                planned=tournament.planned_turni, first_turno_entrants=_needs_full_reading
            )
        except _FullReading:
            # A kind whose last turno depends on its first turno's entrants: read it all.
            finals[tournament.pk] = standings_choice(tournament=tournament).final(None)
            continue
        choice = StandingsChoice(
            turni=tuple(n for n, _closed in numbers),
            # ``final`` reads only the number of the turno in progress.
            in_progress=None
            if open_turno is None
            else TurnoSummary(Turno(number=open_turno), 0, 0),
            default=None,
            closed=tuple(n for n, closed in numbers if closed),
            last_turno=last,
        )
        finals[tournament.pk] = choice.final(None)
    return finals


def published_standings(*, tournaments: Iterable[Tournament]) -> list[PublishedStandings]:
    """The standings of each of ``tournaments``, in the order given."""
    tournaments = list(tournaments)
    people = people_by_entrant(tournaments=tournaments)
    # A kind whose standings live elsewhere (a knock-out's bracket) ranks nobody here.
    ranking = [t for t in tournaments if t.fmt.standings.elsewhere(t) is None]
    finals = _finals(ranking)
    found = []
    for tournament in tournaments:
        kind_standings = tournament.fmt.standings
        if tournament not in ranking:
            found.append(PublishedStandings(tournament, (), ranked=False))
            continue
        rows, missing = kind_standings.rows_or_missing(tournament=tournament, after_turno=None)
        places = tuple(
            EntrantPlace(row.entrant.pk, people.get(row.entrant.pk, ()), row.rank, row.vp)
            for row in rows
        )
        final = bool(rows) and finals.get(tournament.pk, False)
        found.append(PublishedStandings(tournament, places, missing, final))
    return found
