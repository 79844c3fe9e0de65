"""Girone prize categories rank by the girone's own standings (RULES.md §12–§13), and a tie there
pools the places: the selector reads the gironi of the tournament, not only the overall list."""

import pytest

from burraco_tourney.rules import prizes as engine
from burraco_tourney.tournaments.models import EntryMode
from burraco_tourney.tournaments.selectors.gironi import girone_standings
from burraco_tourney.tournaments.selectors.prizes import prize_allocation
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.gironi import gironi_start
from burraco_tourney.tournaments.services.prizes import prize_list_save
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.services.turni import turno_publish
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


@pytest.fixture
def gironi_evening(director):
    # 15 pairs, two turni by hand (the odd pair wins 900-400), then gironi A (3 tables) and B
    # (4 tables) for turno 3, every NS line winning 900-400 again; girone standings: phase only.
    tournament = make_tournament(owner=director, planned_turni=3)
    make_pairs(tournament, 15)
    make_turno(
        tournament, 1, [(p, p + 1) for p in range(1, 15, 2)], byes=[15], totals=[(900, 400)] * 7
    )
    make_turno(
        tournament, 2, [(p, p + 1) for p in range(2, 15, 2)], byes=[1], totals=[(900, 400)] * 7
    )
    turno = gironi_start(
        tournament=tournament,
        user=director,
        sizes=(3, 4),
        standings_setting="phase_only",
        overall_setting="by_girone",
    )
    turno_publish(turno=turno, user=director)
    turno.tables.update(entry_mode=EntryMode.TOTALS, ns_mp=900, eo_mp=400)
    tournament_recompute_results(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def test_a_girone_category_ranks_by_the_girone_and_pools_its_tie(gironi_evening, director):
    a, b = girone_standings(tournament=gironi_evening)
    assert [r.rank for r in a.rows][:3] == [1, 1, 1]  # three NS winners level in girone A
    winners_a = sorted(r.entrant.number for r in a.rows[:3])
    places = (
        engine.Place(1, amount=9000),
        engine.Place(2, amount=6000),
        engine.Place(3, amount=3001),
    )
    prizes = engine.PrizeList(
        (
            engine.Category("Girone A", places, {"girone": "A"}),
            engine.Category("Girone B", (engine.Place(1, object="Coppa"),), {"girone": "B"}),
        )
    )
    prize_list_save(tournament=gironi_evening, prizes=prizes, record=False)
    allocated = prize_allocation(tournament=gironi_evening)
    given = [
        (a.category, a.place, a.entrant, a.amount, a.object) for a in allocated.allocation.awards
    ]
    # 90 + 60 + 30.01 = 180.01 split three ways, the odd cent to the lowest number
    assert given[:3] == [
        (0, 1, winners_a[0], 6001, None),
        (0, 2, winners_a[1], 6000, None),
        (0, 3, winners_a[2], 6000, None),
    ]
    b_best = [r.entrant.number for r in b.rows if r.rank == 1]
    assert given[3][:3] == (1, 1, min(b_best)) and given[3][4] == "Coppa"
    # provisional until the last turno is closed
    assert allocated.provisional is True
    turno_close(turno=gironi_evening.turni.get(number=3), user=director)
    assert prize_allocation(tournament=gironi_evening).provisional is False
