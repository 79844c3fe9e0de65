"""Helpers of the KO tests: a KO tournament, round 1 drawn and published, matches played."""

from __future__ import annotations

from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.models import Table, Tournament
from burraco_tourney.tournaments.services.ko import (
    SeedingRequest,
    ko_round_draw,
    ko_round_publish,
)
from burraco_tourney.tournaments.services.scores import table_record_smazzate
from tests.factories import make_pairs, make_tournament


def ko_tournament(director, pairs: int = 8, **fields) -> Tournament:
    """A KO tournament of ``director`` played a smazzate (2 by default) with ``pairs`` pairs."""
    defaults = {"kind": "ko", "ko_mode": "smazzate", "ko_smazzate": 2, "owner": director}
    tournament = make_tournament(**{**defaults, **fields})
    tournament.directors.add(director)
    make_pairs(tournament, pairs)
    return tournament


def draw(tournament: Tournament, director, seeds=None, *, third_place=False, draw_seed=""):
    """Round 1 as a draft; ``seeds`` pair -> seed (by default seed = pair number)."""
    numbers = tournament.entrants.filter(withdrawn=False).values_list("number", flat=True)
    if seeds is None:
        seeds = {n: n for n in numbers}
    request = SeedingRequest(seeds=seeds, draw_seed=draw_seed, third_place=third_place)
    return ko_round_draw(tournament=tournament, user=director, request=request)


def start(tournament: Tournament, director, **options):
    """Round 1 drawn and published."""
    draw(tournament, director, **options)
    return ko_round_publish(tournament=tournament, user=director)


def deal(ns: int, eo: int, last_move: str = "ns") -> SmazzataEntry:
    """A smazzata ended with the tallone: each line scores its card points and nothing else."""
    return SmazzataEntry(ns=LineEntry(ns), eo=LineEntry(eo), end="tallone", last_move=last_move)


def match(tournament: Tournament, round_number: int, table: int) -> Table:
    return Table.objects.select_related("ns", "eo").get(
        turno__tournament=tournament, turno__number=round_number, number=table
    )


def play(tournament: Tournament, director, round_number: int, table: int, *deals, reason=""):
    """Enter the smazzate of one match through the score service, as the score page does."""
    current = match(tournament, round_number, table)
    table_record_smazzate(
        table=current, user=director, smazzate=list(deals), version=current.version, reason=reason
    )
    return match(tournament, round_number, table)


def win(tournament: Tournament, director, round_number: int, table: int, line: str = "ns"):
    """The ``line`` wins the match 400 to 100 over two smazzate."""
    deals = [deal(300, 50), deal(100, 50)] if line == "ns" else [deal(50, 300), deal(50, 100)]
    return play(tournament, director, round_number, table, *deals)


def pairs_at(tournament: Tournament, round_number: int) -> list[tuple[int, int, int]]:
    """(table, NS pair, EO pair) of a round, in table order."""
    return [
        (t.number, t.ns.number, t.eo.number)
        for t in Table.objects.filter(turno__tournament=tournament, turno__number=round_number)
        .select_related("ns", "eo")
        .order_by("number")
    ]
