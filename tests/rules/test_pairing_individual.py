"""Individual movements: the published 8-player schedule and the partner rotation for any other
number of players (no player twice, fair rests, repeated partners against the fewest possible)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing import (
    SCHEDULE_8,
    IndividualDraw,
    individual_history,
    individual_manual_draw,
    individual_rotation_draw,
    schedule_8_draw,
)


def check_draw(draw: IndividualDraw, present: Sequence[int]) -> None:
    """Every present player exactly once, tables of two lines of two, n mod 4 resting."""
    assert sorted(draw.players) == sorted(present)
    assert len(draw.byes) == len(present) % 4
    for seat in draw.seats:
        assert len(seat.ns) == 2 and len(seat.eo) == 2
    assert [seat.table for seat in draw.seats] == list(range(1, len(draw.seats) + 1))


def note(draw: IndividualDraw, code: str) -> dict:
    (found,) = draw.notes_with(code)
    return found.params


def fewest_repeats_brute(players: Sequence[int], partnered: set[frozenset[int]]) -> int:
    """The fewest lines of former partners any split of ``players`` into lines can have."""
    if not players:
        return 0
    first, rest = players[0], players[1:]
    return min(
        (frozenset((first, other)) in partnered)
        + fewest_repeats_brute([p for p in rest if p != other], partnered)
        for other in rest
    )


# --- the published 8-player schedule -------------------------------------------------------------


def test_the_schedule_is_printed_as_in_the_rules():
    assert len(SCHEDULE_8) == 7
    assert SCHEDULE_8[0] == (((1, 2), (3, 4)), ((5, 6), (7, 8)))
    assert SCHEDULE_8[3] == (((2, 5), (4, 8)), ((1, 6), (3, 7)))
    assert SCHEDULE_8[6] == (((1, 7), (4, 5)), ((2, 8), (3, 6)))


def test_in_the_8_player_schedule_everyone_partners_everyone_once_and_meets_everyone_twice():
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for turno in SCHEDULE_8:
        seated = [p for table in turno for line in table for p in line]
        assert sorted(seated) == list(range(1, 9))
        for ns, eo in turno:
            partners.update([frozenset(ns), frozenset(eo)])
            opponents.update(frozenset((a, b)) for a in ns for b in eo)
    every_couple = {frozenset(c) for c in combinations(range(1, 9), 2)}
    assert set(partners) == every_couple and set(partners.values()) == {1}
    assert set(opponents) == every_couple and set(opponents.values()) == {2}


def test_the_schedule_seats_the_players_in_the_order_given():
    draw = schedule_8_draw([11, 12, 13, 14, 15, 16, 17, 18], 1)
    assert [(s.table, s.ns, s.eo) for s in draw.seats] == [
        (1, (11, 12), (13, 14)),
        (2, (15, 16), (17, 18)),
    ]
    assert note(draw, "individual_schedule") == {
        "players": (11, 12, 13, 14, 15, 16, 17, 18),
        "turno": 1,
        "turni": 7,
    }


def test_eight_players_follow_the_schedule_turno_after_turno():
    players = [1, 2, 3, 4, 5, 6, 7, 8]
    played: list[IndividualDraw] = []
    for turno in range(1, 8):
        draw = individual_rotation_draw(players, turno=turno, played=played)
        assert draw == schedule_8_draw(players, turno)
        played.append(draw)


def test_eight_players_after_another_seating_leave_the_schedule_and_avoid_partners():
    players = list(range(1, 9))
    # Turno 1 was typed by the arbitro: 1-3 v 2-4, 5-7 v 6-8 (not the schedule's turno 1).
    typed = individual_manual_draw([((1, 3), (2, 4)), ((5, 7), (6, 8))], players=players)
    draw = individual_rotation_draw(players, turno=2, played=[typed])
    check_draw(draw, players)
    assert not draw.notes_with("individual_schedule")
    assert note(draw, "repeated_partners")["count"] == 0


# --- the rotation for any number of players ------------------------------------------------------


def test_a_rotation_draw_explains_itself():
    draw = individual_rotation_draw(range(1, 10), turno=1, seed=0)
    check_draw(draw, range(1, 10))
    assert draw.byes == (9,)  # the highest number rests first
    assert note(draw, "players_resting") == {
        "players": (9,),
        "reason": "fewest_byes_highest_number",
        "byes_before": (0,),
    }
    assert note(draw, "repeated_partners") == {"count": 0, "couples": (), "minimum": 0}
    assert note(draw, "repeated_opponents") == {"count": 0, "couples": ()}
    assert note(draw, "individual_rotation") == {"turno": 1, "seed": 0, "method": "factorization"}


def test_the_same_seed_gives_the_same_draw_and_another_seed_another():
    one = individual_rotation_draw(range(1, 21), turno=1, seed=5)
    assert one == individual_rotation_draw(range(1, 21), turno=1, seed=5)
    assert one.seats != individual_rotation_draw(range(1, 21), turno=1, seed=6).seats


@pytest.mark.parametrize(
    ("players", "code"),
    [
        ([1, 2, 3], "too_few_players"),
        ([1, 2, 3, 3], "duplicate_player"),
        ([0, 1, 2, 3], "invalid_player_number"),
    ],
)
def test_bad_player_lists_are_refused(players, code):
    with pytest.raises(RuleViolation) as caught:
        individual_rotation_draw(players, turno=1)
    assert caught.value.code == code


def partner_free_turni(n: int) -> int:
    """Turni proven free of repeated partners: n - 1 when n is a multiple of 4 (the circle
    rotation of all the players); otherwise (n - r) / 2 with r = n mod 4 players resting (each
    player then has at most k - 1 former partners among at least 2k present: Dirac)."""
    return n - 1 if n % 4 == 0 else (n - n % 4) // 2


@settings(max_examples=40, deadline=None)
@given(n=st.integers(9, 40), extra=st.integers(0, 4), seed=st.integers(0, 10**6))
def test_rotation_properties(n, extra, seed):
    players = list(range(1, n + 1))
    turni = min(n - 1, partner_free_turni(n) + extra)
    played: list[IndividualDraw] = []
    for turno in range(1, turni + 1):
        draw = individual_rotation_draw(players, turno=turno, played=played, seed=seed)
        check_draw(draw, players)
        history = individual_history(played)
        repeats = note(draw, "repeated_partners")
        lines = draw.partnerships()
        assert repeats["count"] == sum(1 for c in lines if history.partners.get(c))
        # The fewest any split could have, checked by brute force on small fields.
        seated = [p for p in players if p not in draw.byes]
        if len(seated) <= 12:
            partnered = {c for c, times in history.partners.items() if times}
            assert repeats["minimum"] == fewest_repeats_brute(seated, partnered)
        assert repeats["count"] == repeats["minimum"]
        if turno <= partner_free_turni(n):
            assert repeats["count"] == 0
        played.append(draw)
        byes = individual_history(played).byes
        counts = [byes.get(p, 0) for p in players]
        assert max(counts) - min(counts) <= 1  # nobody rests twice while another has not


@pytest.mark.parametrize("n", [12, 16, 20, 24, 36])
def test_a_multiple_of_four_plays_n_minus_1_turni_without_repeating_a_partner(n):
    players = list(range(1, n + 1))
    played: list[IndividualDraw] = []
    for turno in range(1, n):
        played.append(individual_rotation_draw(players, turno=turno, played=played, seed=3))
    partners = individual_history(played).partners
    assert set(partners.values()) == {1}
    assert len(partners) == n * (n - 1) // 2  # everyone partnered everyone exactly once


def test_opponents_are_spread_over_a_short_evening():
    players = list(range(1, 41))
    played: list[IndividualDraw] = []
    for turno in range(1, 6):
        played.append(individual_rotation_draw(players, turno=turno, played=played))
    # 40 players, 5 turni: 10 opponents each out of 39, nobody need be met twice.
    assert set(individual_history(played).opponents.values()) == {1}


def test_a_withdrawn_player_changes_only_the_following_turni():
    players = list(range(1, 13))
    played = [individual_rotation_draw(players, turno=t, played=[]) for t in (1,)]
    played.append(individual_rotation_draw(players, turno=2, played=played))
    present = [p for p in players if p != 5]  # player 5 withdraws after turno 2
    draw = individual_rotation_draw(present, turno=3, played=played)
    check_draw(draw, present)
    assert len(draw.byes) == 3
    assert note(draw, "repeated_partners")["count"] == 0
    # The next turno lets three others rest.
    played.append(draw)
    following = individual_rotation_draw(present, turno=4, played=played)
    assert not set(following.byes) & set(draw.byes)
