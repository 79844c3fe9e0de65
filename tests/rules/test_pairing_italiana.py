"""All'italiana round robin: the docstring calendars and the properties of any calendar."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing import italiana_draw, italiana_schedule, italiana_turni

SIX = [
    [(1, 6), (2, 5), (3, 4)],
    [(5, 1), (6, 4), (2, 3)],
    [(1, 4), (5, 3), (6, 2)],
    [(3, 1), (4, 2), (5, 6)],
    [(1, 2), (3, 6), (4, 5)],
]
FIVE = [
    ([(2, 5), (3, 4)], 1),
    ([(5, 1), (2, 3)], 4),
    ([(1, 4), (5, 3)], 2),
    ([(3, 1), (4, 2)], 5),
    ([(1, 2), (4, 5)], 3),
]


def test_six_pairs_calendar() -> None:
    schedule = italiana_schedule(range(1, 7))
    assert [[(s.ns, s.eo) for s in draw.seats] for draw in schedule] == SIX
    assert all(draw.byes == () for draw in schedule)
    assert [[s.table for s in draw.seats] for draw in schedule] == [[1, 2, 3]] * 5


def test_five_pairs_calendar_each_rests_once() -> None:
    schedule = italiana_schedule(range(1, 6))
    assert [([(s.ns, s.eo) for s in d.seats], d.byes[0]) for d in schedule] == FIVE
    for draw in schedule:
        (note,) = draw.notes_with("bye")
        assert note.params["reason"] == "calendar"


@pytest.mark.parametrize("turno", [1, 3, 5])
def test_one_turno_is_the_calendars(turno) -> None:
    draw = italiana_draw(range(1, 7), turno)
    assert [(s.ns, s.eo) for s in draw.seats] == SIX[turno - 1]
    assert draw.notes_with("italiana")[0].params == {"turno": turno, "turni": 5}


@pytest.mark.parametrize(("n_pairs", "turno"), [(6, 6), (6, 0), (5, 6), (2, 2)])
def test_a_turno_beyond_the_calendar_is_refused(n_pairs, turno) -> None:
    with pytest.raises(RuleViolation) as caught:
        italiana_draw(range(1, n_pairs + 1), turno)
    assert caught.value.code == "turno_out_of_range"
    assert caught.value.params == {"turno": turno, "turni": italiana_turni(n_pairs)}


@pytest.mark.parametrize(("pairs", "code"), [([4], "too_few_pairs"), ([4, 4], "duplicate_pair")])
def test_bad_pair_lists_are_refused(pairs, code) -> None:
    with pytest.raises(RuleViolation) as caught:
        italiana_schedule(pairs)
    assert caught.value.code == code


@given(st.integers(2, 30).flatmap(lambda n: st.permutations(range(1, n + 1))))
@settings(max_examples=60, deadline=None)
def test_everyone_meets_everyone_exactly_once(pairs) -> None:
    n = len(pairs)
    schedule = italiana_schedule(pairs)
    assert len(schedule) == italiana_turni(n) == (n - 1 if n % 2 == 0 else n)
    meetings = Counter(m for draw in schedule for m in draw.meetings())
    assert meetings == Counter(frozenset(c) for c in combinations(pairs, 2))
    rests = Counter(p for draw in schedule for p in draw.byes)
    assert rests == (Counter(pairs) if n % 2 else Counter())
    for draw in schedule:
        assert sorted(draw.pairs) == sorted(pairs)
        assert [seat.table for seat in draw.seats] == list(range(1, n // 2 + 1))
    ns = Counter(seat.ns for draw in schedule for seat in draw.seats)
    eo = Counter(seat.eo for draw in schedule for seat in draw.seats)
    # Each pair sits NS and EO equally often, give or take the one turno of an odd count.
    assert all(abs(ns[p] - eo[p]) <= (1 if n % 2 == 0 else 0) for p in pairs)
