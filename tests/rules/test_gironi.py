"""Gironi in the engine: the cut of the standings, each girone's standings (since turno 1 or
the phase only) and the overall standings listed girone by girone (RULES.md section 12)."""

import pytest

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.gironi import (
    Gironi,
    girone_standings,
    girone_tables,
    gironi_combine,
    gironi_cut,
    overall_by_girone,
)
from burraco_tourney.rules.pairing import Draw, Seat, danese_draw
from burraco_tourney.rules.standings import Bye, Penalty, TableResult, Value, compute_standings


def test_cut_fills_the_top_girone_first_and_the_last_takes_the_riposo():
    ranking = list(range(101, 152))  # 51 pairs, best first
    cut = gironi_cut(ranking, [7, 9, 9])
    assert [(name, len(pairs)) for name, pairs in cut] == [("A", 14), ("B", 18), ("C", 19)]
    assert cut[0][1] == tuple(range(101, 115))
    assert cut[2][1][-1] == 151


@pytest.mark.parametrize(
    ("sizes", "code"),
    [
        ([25], "gironi_too_few"),
        ([7, 0, 18], "girone_size_zero"),
        ([7, 9, 8], "gironi_size_mismatch"),
    ],
)
def test_impossible_sizes_are_refused(sizes, code):
    with pytest.raises(RuleViolation) as refused:
        gironi_cut(list(range(1, 52)), sizes)
    assert refused.value.code == code


def test_individual_cut_lets_the_last_girone_rest_three_players():
    cut = gironi_cut(list(range(1, 28)), [3, 3], per_table=4)  # 27 players: 12 + 15
    assert [len(p) for _n, p in cut] == [12, 15]
    with pytest.raises(RuleViolation):
        gironi_cut(list(range(1, 29)), [3, 3], per_table=4)  # 16 would make 4 tables


# Hand-checked (fibur-3 VP given as the tables' results). Pairs 1-4, pair 5 rests every turno
# (riposo 14 VP). Turni 1-2: 1 v 4 15-5, 2 v 3 10-10; 1 v 3 15-5, 2 v 4 16-4. Turno 3 is the
# first in gironi (A: 1, 2, 3, 4; B: 5): 2 beats 1 20-0, 3 beats 4 14-6, and pair 4 loses 2 VP
# to a penalty in turno 3.
#   since turno 1: 2 = 10+16+20 = 46, 1 = 15+15+0 = 30, 3 = 10+5+14 = 29, 4 = 5+4+6-2 = 13
#   phase only:    2 = 20, 3 = 14, 4 = 6-2 = 4, 1 = 0; girone B: 5 = 14 (its riposo)
def _inputs():
    return {
        "pairs": [1, 2, 3, 4, 5],
        "tables": [
            TableResult(1, 1, 1, 4, 900, 600, 15, 5),
            TableResult(1, 2, 2, 3, 700, 700, 10, 10),
            TableResult(2, 1, 1, 3, 800, 700, 15, 5),
            TableResult(2, 2, 2, 4, 800, 700, 16, 4),
            TableResult(3, 1, 2, 1, 1500, 0, 20, 0),
            TableResult(3, 2, 3, 4, 900, 500, 14, 6),
        ],
        "byes": [Bye(1, 5), Bye(2, 5), Bye(3, 5)],
        "penalties": [Penalty(3, 4, -2, 0)],
        "bye": Value(14, 355),
        "tiebreaks": ["scarto", "head_to_head", "mp"],
    }


def test_girone_standings_since_turno_1_and_phase_only():
    inputs = _inputs()
    members = (("A", (1, 2, 3, 4)), ("B", (5,)))
    since = girone_standings(Gironi(3, members), **inputs)
    a = since[0][1]
    assert [(r.rank, r.pair, r.vp) for r in a] == [(1, 2, 46), (2, 1, 30), (3, 3, 29), (4, 4, 13)]
    phase = girone_standings(Gironi(3, members, phase_only=True), **inputs)
    a = phase[0][1]
    assert [(r.rank, r.pair, r.vp) for r in a] == [(1, 2, 20), (2, 3, 14), (3, 4, 4), (4, 1, 0)]
    assert [(r.rank, r.pair, r.vp) for r in phase[1][1]] == [(1, 5, 14)]


def test_overall_by_girone_keeps_totals_and_runs_the_ranks_on():
    inputs = _inputs()
    rows = compute_standings(**inputs)
    gironi = Gironi(3, (("A", (3, 4)), ("B", (1, 2, 5))), phase_only=True)
    listed = overall_by_girone(rows, girone_standings(gironi, **inputs))
    assert [(r.rank, r.pair) for r in listed] == [(1, 3), (2, 4), (3, 2), (4, 5), (5, 1)]
    assert {r.pair: r.vp for r in listed} == {r.pair: r.vp for r in rows}


def test_each_girone_is_drawn_on_its_own_and_tables_run_on():
    a = danese_draw([1, 2, 3, 4])
    b = danese_draw([5, 6, 7])
    draw, counts = gironi_combine([("A", a), ("B", b)])
    assert counts == [["A", 2], ["B", 1]]
    assert draw.seats == (Seat(1, 1, 2), Seat(2, 3, 4), Seat(3, 5, 6))
    assert draw.byes == (7,)
    assert isinstance(draw, Draw)
    assert girone_tables(counts) == {1: ("A", 1), 2: ("A", 2), 3: ("B", 1)}
