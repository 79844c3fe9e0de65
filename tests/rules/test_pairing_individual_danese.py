"""Danese individuale seating order and the check of a manual individual seating."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing import (
    IndividualDraw,
    individual_danese_draw,
    individual_history,
    individual_manual_draw,
    individual_rotation_draw,
)


def tables(draw: IndividualDraw) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    return [(seat.ns, seat.eo) for seat in draw.seats]


def played_lines(*lines: tuple[int, int]) -> list[IndividualDraw]:
    """A past turno in which the given lines partnered (opponents do not matter here)."""
    seats = [((a, b), (c, d)) for (a, b), (c, d) in zip(lines[::2], lines[1::2], strict=True)]
    players = [p for line in lines for p in line]
    return [individual_manual_draw(seats, players=players)]


# --- Danese individuale --------------------------------------------------------------------------


def test_the_top_four_sit_first_with_fourth_against_second_with_third():
    draw = individual_danese_draw([3, 1, 4, 8, 5, 9, 2, 6, 7, 10, 11, 12])
    assert tables(draw) == [
        ((3, 8), (1, 4)),
        ((5, 6), (9, 2)),
        ((7, 12), (10, 11)),
    ]
    assert draw.notes[0].code == "individual_ranking"
    assert not draw.notes_with("partner_swap")


def test_a_repeated_partner_takes_the_next_split_of_the_same_four():
    draw = individual_danese_draw(range(1, 9), played=played_lines((1, 4), (5, 6)))
    assert tables(draw) == [((1, 3), (2, 4)), ((5, 8), (6, 7))]
    (swap,) = draw.notes_with("partner_swap")
    assert swap.params == {
        "player": 1,
        "partner": 3,
        "instead_of": 4,
        "rank": 1,
        "reason": "partnered_before",
        "blocked": (1, 4),
    }
    assert draw.notes_with("repeated_partners")[0].params["count"] == 0


def test_when_no_split_of_the_four_is_free_the_lowest_is_exchanged_down_the_ranking():
    # 1-4, 2-3, 1-3, 2-4, 1-2, 3-4: every split of 1, 2, 3, 4 holds a former couple.
    history = (
        played_lines((1, 4), (2, 3), (5, 6), (7, 8))
        + played_lines((1, 3), (2, 4), (5, 7), (6, 8))
        + played_lines((1, 2), (3, 4), (9, 10), (11, 12))
    )
    draw = individual_danese_draw(range(1, 13), played=history)
    # Any three of 1, 2, 3, 4 hold a former couple in every split, so two of them must go:
    # 1, 2 stay and take 5 and 6 (the nearest four with a free split), 1-6 v 2-5.
    assert tables(draw)[0] == ((1, 6), (2, 5))
    assert draw.notes_with("repeated_partners")[0].params["count"] == 0
    assert sorted(draw.players) == list(range(1, 13))


def test_the_lowest_ranked_rest_among_those_who_rested_least():
    ranking = list(range(1, 11))
    draw = individual_danese_draw(ranking)
    assert draw.byes == (9, 10)
    rested = individual_danese_draw(ranking, played=[draw])
    assert rested.byes == (7, 8)
    assert rested.notes_with("players_resting")[0].params == {
        "players": (7, 8),
        "reason": "fewest_byes_lowest_ranked",
        "byes_before": (0, 0),
    }


@settings(max_examples=30, deadline=None)
@given(n=st.integers(16, 60), turni=st.integers(1, 5), seed=st.integers(0, 10**6))
def test_danese_after_a_few_turni_repeats_no_partner(n, turni, seed):
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    played = [individual_rotation_draw(players, turno=1, seed=seed)]
    for _ in range(turni):
        ranking = rng.sample(players, n)
        draw = individual_danese_draw(ranking, played=played)
        assert sorted(draw.players) == players
        assert len(draw.byes) == n % 4
        assert draw.notes_with("repeated_partners")[0].params["count"] == 0
        played.append(draw)
    byes = individual_history(played).byes
    counts = [byes.get(p, 0) for p in players]
    assert max(counts) - min(counts) <= 1


# --- manual seating ------------------------------------------------------------------------------


def test_a_typed_seating_with_resting_players_is_accepted():
    draw = individual_manual_draw(
        [((1, 2), (3, 4)), ((5, 6), (7, 8))], players=range(1, 10), byes=[9]
    )
    assert tables(draw) == [((1, 2), (3, 4)), ((5, 6), (7, 8))]
    assert draw.byes == (9,)
    assert [n.code for n in draw.notes] == ["individual_manual", "players_resting"]


@pytest.mark.parametrize(
    ("seats", "byes", "code", "params"),
    [
        ([((1, 2),)], (), "table_not_two_lines", {"table": 1, "count": 1}),
        ([((1, 2), (3,))], (), "line_not_two_players", {"table": 1, "line": "eo", "count": 1}),
        ([((1, 2, 5), (3, 4))], (), "line_not_two_players", {"table": 1, "line": "ns"}),
        ([((1, 2), (3, 44))], (), "unknown_player", {"player": 44, "table": 1, "line": "eo"}),
        ([((1, 2), (2, 4))], (), "player_seated_twice", {"player": 2, "first_table": 1}),
        (
            [((1, 2), (3, 4)), ((5, 6), (7, 1))],
            (),
            "player_seated_twice",
            {"player": 1, "table": 2, "first_table": 1, "line": "eo"},
        ),
        ([((1, 2), (3, 4)), ((5, 6), (7, 8))], (9, 9), "player_rests_twice", {"player": 9}),
        ([((1, 2), (3, 4)), ((5, 6), (7, 8))], (8,), "player_seated_and_resting", {"table": 2}),
        ([((1, 2), (3, 4))], (5, 6, 7, 8, 9), "too_many_players_resting", {"count": 5}),
        ([((1, 2), (3, 4)), ((5, 6), (7, 8))], (), "player_missing", {"player": 9}),
    ],
)
def test_manual_refusals_name_the_player_and_table(seats, byes, code, params):
    with pytest.raises(RuleViolation) as caught:
        individual_manual_draw(seats, players=range(1, 10), byes=byes)
    assert caught.value.code == code
    assert params.items() <= caught.value.params.items()
