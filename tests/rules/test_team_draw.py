"""Team movements: all'italiana and Danese for teams, home and away, riposo, the notes."""

from __future__ import annotations

import time
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.team_draw import (
    TEAM_NOTE_CODES,
    team_danese_draw,
    team_italiana_draw,
    team_italiana_schedule,
    team_italiana_turni,
)


def _pairs(draw):
    return [(m.home, m.away) for m in draw.matches]


def test_six_teams_calendar_names_home_first_and_numbers_matches() -> None:
    schedule = team_italiana_schedule(range(1, 7))
    assert _pairs(schedule[0]) == [(1, 6), (2, 5), (3, 4)]
    assert _pairs(schedule[1]) == [(5, 1), (6, 4), (2, 3)]
    assert [[m.match for m in d.matches] for d in schedule] == [[1, 2, 3]] * 5
    assert schedule[2].notes_with("team_italiana")[0].params == {"turno": 3, "turni": 5}


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=21))
def test_round_robin_meets_every_couple_of_teams_exactly_once(n) -> None:
    teams = list(range(10, 10 + n))
    schedule = team_italiana_schedule(teams)
    assert len(schedule) == team_italiana_turni(n) == (n - 1 if n % 2 == 0 else n)
    meetings = Counter(frozenset((m.home, m.away)) for d in schedule for m in d.matches)
    assert set(meetings) == {frozenset(c) for c in combinations(teams, 2)}
    assert set(meetings.values()) == {1}
    for draw in schedule:  # one match per team per turno, everyone plays or rests
        assert sorted(draw.teams) == teams
        assert len(draw.byes) == n % 2


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=21))
def test_home_and_away_are_balanced_and_each_team_rests_once(n) -> None:
    schedule = team_italiana_schedule(range(1, n + 1))
    home = Counter(m.home for d in schedule for m in d.matches)
    away = Counter(m.away for d in schedule for m in d.matches)
    for team in range(1, n + 1):
        assert abs(home[team] - away[team]) <= (1 if n % 2 == 0 else 0)
    rests = Counter(t for d in schedule for t in d.byes)
    assert rests == (Counter(range(1, n + 1)) if n % 2 else Counter())
    for draw in schedule:
        for note in draw.notes_with("team_bye"):
            assert note.params["team"] == draw.byes[0]
            assert note.params["reason"] == "calendar"


@pytest.mark.parametrize(
    ("teams", "code"),
    [([1], "too_few_teams"), ([1, 2, 2], "duplicate_team"), ([1, 0], "invalid_team_number")],
)
def test_bad_team_numbers_are_refused_as_teams(teams, code) -> None:
    for draw in (lambda: team_italiana_schedule(teams), lambda: team_danese_draw(teams)):
        with pytest.raises(RuleViolation) as caught:
            draw()
        assert caught.value.code == code


def test_a_turno_beyond_the_calendar_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        team_italiana_draw(range(1, 6), 6)
    assert caught.value.params == {"turno": 6, "turni": 5}
    assert _pairs(team_italiana_draw(range(1, 6), 5)) == [(1, 2), (4, 5)]


def test_danese_modificato_avoids_the_previous_opponent_with_its_reasons() -> None:
    # 1 v 2 and 3 v 4 met in the previous turno: 1 meets 3, 2 meets 4.
    draw = team_danese_draw([1, 2, 3, 4], previous={1: 2, 2: 1, 3: 4, 4: 3})
    assert _pairs(draw) == [(1, 3), (2, 4)]
    swap = draw.notes_with("team_swap_avoid_rematch")[0].params
    assert swap == {
        "team": 1,
        "opponent": 3,
        "instead_of": 2,
        "reason": "met_previous_turno",
        "rank": 1,
    }
    assert draw.notes_with("team_ranking")[0].params["mode"] == "modificato"


def test_danese_allows_the_rematch_in_the_last_turno() -> None:
    draw = team_danese_draw([1, 2, 3, 4], previous={1: 2, 2: 1}, last_turno=True)
    assert _pairs(draw) == [(1, 2), (3, 4)]
    assert draw.notes_with("team_rematch_allowed")[0].params["team"] == 1


def test_danese_riposo_goes_to_the_lowest_team_not_yet_rested() -> None:
    draw = team_danese_draw([1, 2, 3, 4, 5], bye_counts={5: 1})
    assert draw.byes == (4,)
    assert draw.notes_with("team_bye")[0].params == {
        "team": 4,
        "reason": "lowest_ranked",
        "byes_before": 0,
    }
    assert _pairs(draw) == [(1, 2), (3, 5)]


def test_danese_home_goes_to_the_team_that_played_fewer_matches_at_home() -> None:
    draw = team_danese_draw([1, 2, 3, 4], home_counts={1: 2, 2: 1, 3: 1, 4: 1})
    assert _pairs(draw) == [(2, 1), (3, 4)]  # 3 v 4 equal: the higher-ranked team is home
    (note,) = draw.notes_with("team_home_away")
    assert note.params == {"match": 1, "home": 2, "away": 1, "home_before": 1, "away_before": 2}


def test_every_note_a_team_draw_gives_is_a_team_note() -> None:
    draws = [
        team_danese_draw([1, 2, 3, 4, 5], previous={1: 2, 2: 1}, home_counts={1: 3}),
        team_danese_draw([1, 2, 3, 4], previous={1: 2, 2: 1}, last_turno=True),
        team_danese_draw(
            [1, 2, 3, 4],
            met=[frozenset((1, 2)), frozenset((1, 3)), frozenset((1, 4))],
            mode="no_rematch",
        ),
        *team_italiana_schedule(range(1, 6)),
    ]
    codes = {note.code for draw in draws for note in draw.notes}
    assert codes == set(TEAM_NOTE_CODES)
    assert all("pair" not in note.params for draw in draws for note in draw.notes)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=16), st.randoms(use_true_random=False))
def test_danese_never_repeats_the_previous_turno_while_avoidable(n, rnd) -> None:
    ranking = list(range(1, n + 1))
    previous: dict[int, int] = {}
    rests: Counter[int] = Counter()
    for _ in range(min(n, 6)):
        rnd.shuffle(ranking)
        draw = team_danese_draw(ranking, previous=previous, bye_counts=rests)
        assert sorted(draw.teams) == sorted(ranking)
        if n > 3:  # with 4+ teams a turno without the previous opponents always exists
            assert all(previous.get(m.home) != m.away for m in draw.matches)
        rests.update(draw.byes)
        assert max(rests.values(), default=0) - min(rests[t] for t in ranking) <= 1
        previous = {}
        for m in draw.matches:
            previous[m.home], previous[m.away] = m.away, m.home


def test_turno_6_of_a_60_team_danese_is_drawn_fast() -> None:
    ranking = list(range(1, 61))
    met: set[frozenset[int]] = set()
    previous: dict[int, int] = {}
    for turno in range(1, 6):  # five turni, each from a shuffled standings
        ranking = ranking[turno:] + ranking[:turno]
        draw = team_danese_draw(ranking, met=met, previous=previous)
        met |= draw.meetings()
        previous = {t: draw.opponent(t) for t in ranking}
    start = time.perf_counter()
    draw = team_danese_draw(ranking, met=met, previous=previous, mode="no_rematch")
    assert time.perf_counter() - start < 1
    assert not draw.meetings() & met
