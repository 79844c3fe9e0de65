"""Manual seating: the docstring examples and every refusal, naming the pair and the table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing import manual_draw


def test_a_complete_seating_is_accepted_in_the_order_typed() -> None:
    draw = manual_draw([(1, 4), (2, 5), (3, 6)], pairs=range(1, 7))
    assert [(s.table, s.ns, s.eo) for s in draw.seats] == [(1, 1, 4), (2, 2, 5), (3, 3, 6)]
    assert draw.byes == ()
    assert draw.notes_with("manual")[0].params == {"tables": 3}


def test_one_pair_rests_with_an_odd_count() -> None:
    draw = manual_draw([(1, 4), (2, 5)], pairs=range(1, 6), byes=[3])
    assert draw.byes == (3,)
    assert draw.notes_with("bye")[0].params == {"pair": 3, "reason": "director"}


@pytest.mark.parametrize(
    ("seats", "pairs", "byes", "code", "params"),
    [
        ([(1, 4), (2, 5)], range(1, 7), [], "pair_missing", {"pair": 3}),
        (
            [(1, 4), (2, 4), (3, 6)],
            range(1, 7),
            [],
            "pair_seated_twice",
            {"pair": 4, "table": 2, "first_table": 1, "line": "eo"},
        ),
        ([(1, 4)], range(1, 6), [3, 2, 5], "too_many_byes", {"pairs": (3, 2, 5), "count": 3}),
        ([(1, 9)], range(1, 3), [], "unknown_pair", {"pair": 9, "table": 1, "line": "eo"}),
        ([(1, 2)], range(1, 4), [7], "unknown_pair", {"pair": 7, "table": None}),
        ([(2, 2)], range(1, 3), [], "same_pair_both_lines", {"pair": 2, "table": 1}),
        ([(1, 2)], range(1, 4), [3, 3], "pair_rests_twice", {"pair": 3}),
        ([(1, 2)], range(1, 4), [2], "pair_seated_and_resting", {"pair": 2, "table": 1}),
        ([(1, 2)], range(1, 5), [3], "bye_with_even_pairs", {"pair": 3, "count": 4}),
        ([(1, 2), (3, 1)], range(1, 5), [], "pair_seated_twice", {"pair": 1, "line": "eo"}),
    ],
)
def test_every_breach_is_refused_with_its_pair(seats, pairs, byes, code, params) -> None:
    with pytest.raises(RuleViolation) as caught:
        manual_draw(seats, pairs=pairs, byes=byes)
    assert caught.value.code == code
    assert params.items() <= caught.value.params.items()


@given(
    st.integers(2, 21).flatmap(lambda n: st.permutations(range(1, n + 1))),
)
@settings(max_examples=60, deadline=None)
def test_any_full_seating_is_accepted_as_typed(order) -> None:
    resting = order[-1:] if len(order) % 2 else []
    seated = order[: len(order) - len(resting)]
    seats = [(seated[i], seated[i + 1]) for i in range(0, len(seated), 2)]
    draw = manual_draw(seats, pairs=set(order), byes=resting)
    assert sorted(draw.pairs) == sorted(order)
    assert [(s.ns, s.eo) for s in draw.seats] == seats
    assert list(draw.byes) == resting
