"""What the tournaments know of a registry person, for directors: every tournament played (the
name printed, the partner or partners, rank and VP read through the kind's standings) and the
card's state for the season. Reads only; public pages never use it (RULES.md §14: the card,
sex and birth year are for directors)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils import timezone

from burraco_tourney.people.models import Person

from ..models import Entrant, Member, TableSeat


@dataclass
class Played:
    """One tournament a person played: the entrant, the name printed there and the results."""

    entrant: Entrant
    printed: str
    partners: list[str] = field(default_factory=list)
    rank: int | None = None
    vp: int | None = None

    @property
    def tournament(self):
        return self.entrant.tournament


def _partners(entrant: Entrant, position: int) -> list[str]:
    """A pair's other player; an individual player's partners at the tables, in turno order."""
    if not entrant.name:
        names = [entrant.player1, entrant.player2]
        return [name for i, name in enumerate(names, start=1) if i != position and name]
    partners: list[str] = []
    seats = TableSeat.objects.filter(entrant=entrant).select_related("table__turno")
    for seat in seats.order_by("table__turno__number"):
        beside = TableSeat.objects.filter(table=seat.table, line=seat.line).exclude(pk=seat.pk)
        for other in beside.select_related("entrant"):
            if other.entrant.name not in partners:
                partners.append(other.entrant.name)
    return partners


def _results(entrant: Entrant) -> tuple[int | None, int | None]:
    """The entrant's rank and VP in its tournament's standings; none for a kind without."""
    kind_standings = entrant.tournament.fmt.standings
    rows, _missing = kind_standings.rows_or_missing(tournament=entrant.tournament, after_turno=None)
    for row in rows:
        if kind_standings.number(row) == entrant.number:
            return row.rank, row.vp
    return None, None


def person_tournaments(person: Person) -> list[Played]:
    """Every tournament ``person`` played, the latest first."""
    members = (
        Member.objects.filter(person=person)
        .select_related("entrant__tournament")
        .order_by("-entrant__tournament__date", "-entrant__tournament_id")
    )
    played = []
    for member in members:
        entrant = member.entrant
        printed = entrant.name or [entrant.player1, entrant.player2][member.position - 1]
        rank, vp = _results(entrant)
        played.append(Played(entrant, printed, _partners(entrant, member.position), rank, vp))
    return played


@dataclass(frozen=True)
class CardState:
    """The person's card for a season: ``valid`` when its year is the season's."""

    season: int
    card: str
    year: int | None
    type_label: str

    @property
    def valid(self) -> bool:
        return bool(self.card) and self.year == self.season

    @property
    def expired(self) -> bool:
        return bool(self.card) and self.year is not None and self.year < self.season


def card_state(person: Person, today: datetime.date | None = None) -> CardState:
    """The card against the current season (the calendar year)."""
    season = (today or timezone.localdate()).year
    return CardState(season, person.card, person.card_year, person.get_card_type_display())


def people_of_entrants(entrants) -> dict[int, list[Person]]:
    """Each entrant's people in order, by entrant id (for links on the directors' lists)."""
    members = Member.objects.filter(Q(entrant__in=entrants)).select_related("person")
    people: dict[int, list[Person]] = {}
    for member in members.order_by("entrant_id", "position"):
        people.setdefault(member.entrant_id, []).append(member.person)
    return people


@dataclass(frozen=True)
class EntrantPeople:
    """An entrant and its registry people, for the directors' lists (cards shown)."""

    entrant: Entrant
    people: list[Person]


def entrants_people(*, tournament) -> list[EntrantPeople]:
    """Every entrant of ``tournament`` in number order with its people."""
    entrants = list(tournament.entrants.order_by("number"))
    people = people_of_entrants(entrants)
    return [EntrantPeople(entrant, people.get(entrant.pk, [])) for entrant in entrants]
