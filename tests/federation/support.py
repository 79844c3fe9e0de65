"""A small pairs tournament for the federation report's tests: four pairs registered through the
services with their registry people and cards, one turno played as totals."""

from __future__ import annotations

import datetime

from burraco_tourney.people.models import CardType, Club, Person
from burraco_tourney.tournaments.services.entrants import entrant_create
from burraco_tourney.tournaments.services.members import Place
from tests.factories import make_tournament, make_turno

DAY = datetime.date(2026, 11, 20)
PEOPLE = [
    ("Rossi", "Anna", "RM001"),
    ("Bianchi", "Bruno", "RM002"),
    ("Verdi", "Carla", "RM003"),
    ("Russo", "Dario", "RM004"),
    ("Ferrari", "Elena", "RM005"),
    ("Esposito", "Fabio", "RM006"),
    ("Romano", "Giulia", "RM007"),
    ("Colombo", "Luca", "RM008"),
]


def registry_people(year: int = 2026) -> list[Person]:
    club = Club.objects.get_or_create(name="Circolo Aurora")[0]
    return [
        Person.objects.create(
            surname=surname,
            name=name,
            card=card,
            card_type=CardType.ORDINARIA,
            card_year=year,
            club=club,
        )
        for surname, name, card in PEOPLE
    ]


def report_tournament(director, **fields):
    """Pairs 1–4 (Rossi–Bianchi, Verdi–Russo, Ferrari–Esposito, Romano–Colombo), one turno:
    table 1 pair 1 beats pair 2 1200 to 800, table 2 pair 4 beats pair 3 900 to 500."""
    people = registry_people()
    fields.setdefault("date", DAY)
    tournament = make_tournament(owner=director, name="Torneo Federale", **fields)
    tournament.directors.add(director)
    for index in range(4):
        first, second = people[2 * index], people[2 * index + 1]
        entrant_create(
            tournament=tournament,
            user=director,
            club="Circolo Aurora" if index != 2 else "",
            player1=first.full_name,
            player2=second.full_name,
            places=[
                Place(first.full_name, person_id=first.pk),
                Place(second.full_name, person_id=second.pk),
            ],
        )
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1200, 800), (500, 900)])
    return tournament, people
