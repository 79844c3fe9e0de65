"""A season for the circuit tests: three evenings with partly the same people.

Pairs (the registry's names): A Rossi Anna – Bianchi Bruno, B Verdi Carla – Russo Dario,
C Ferrari Elena – Esposito Fabio, D Romano Giulia – Colombo Luca; in the third evening E Verdi
Carla – Colombo Luca and F Russo Dario – Romano Giulia (B's and D's people with new partners).
The second evening prints A's players the other way round, the third "Anna Rossi": the same
people all the same (the registry links them, ``services.members``).

Each evening is one closed turno of two tables (MP totals), so its standings are final:

- evening 1: A beat B by 500, D beat C by 200 → A, D, C, B;
- evening 2: B beat A by 500, D beat C by 200 → B, D, C, A;
- evening 3: C beat E by 500, A beat F by 200 → C, A, F, E.

With placement points 100, 70, 50, 30 and the best 2 of 3 (minimum 2): A 100 + 70 = 170
(drops evening 2's 30), C 100 + 50 = 150 (drops evening 2's 50), D 70 + 70 = 140, B 100 + 30 =
130; E and F came once and stay unranked.
"""

from __future__ import annotations

import datetime

from burraco_tourney.tournaments.models import Entrant, Tournament
from burraco_tourney.tournaments.services.members import entrant_people
from tests.factories import make_tournament, make_turno

A = ("Rossi Anna", "Bianchi Bruno")
B = ("Verdi Carla", "Russo Dario")
C = ("Ferrari Elena", "Esposito Fabio")
D = ("Romano Giulia", "Colombo Luca")
E = ("Verdi Carla", "Colombo Luca")
F = ("Russo Dario", "Romano Giulia")

# (name, pairs in number order, tables (ns, eo) with MP totals)
EVENINGS = (
    ("Serata 1", (A, B, C, D), ((1, 2), (4, 3)), [(1000, 500), (800, 600)]),
    ("Serata 2", (B[::-1], A[::-1], D, C), ((1, 2), (3, 4)), [(1000, 500), (800, 600)]),
    ("Serata 3", (C, E, ("Anna Rossi", A[1]), F), ((1, 2), (3, 4)), [(1000, 500), (800, 600)]),
)


def make_evening(name: str, pairs, seats, totals, *, day: int, **fields) -> Tournament:
    fields.setdefault("planned_turni", 1)
    tournament = make_tournament(name=name, date=datetime.date(2026, 3, day), **fields)
    for number, (player1, player2) in enumerate(pairs, start=1):
        entrant = Entrant.objects.create(
            tournament=tournament, number=number, player1=player1, player2=player2
        )
        entrant_people(entrant)
    make_turno(tournament, 1, seats, totals=totals)
    return tournament


def make_season(**fields) -> list[Tournament]:
    return [
        make_evening(name, pairs, seats, totals, day=day, **fields)
        for day, (name, pairs, seats, totals) in enumerate(EVENINGS, start=1)
    ]
