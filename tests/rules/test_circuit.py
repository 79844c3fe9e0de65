"""The circuit's ranking (RULES.md §14): the examples worked by hand, and properties."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.circuit import (
    CircuitRules,
    Placing,
    TournamentResult,
    circuit_ranking,
    place_points,
    shared_points,
)

A, B, C, D = (1, 2), (3, 4), (5, 6), (7, 8)
TABLE = (100, 70, 50, 30)


def _t(key, *placings):
    return TournamentResult(
        key, tuple(Placing(people, place, vp) for people, place, vp in placings)
    )


# The module docstring's example: tied 2nd places share (70 + 50) / 2.
SEASON = (
    _t(1, (A, 1, 60), (B, 2, 50), (C, 2, 50), (D, 4, 20)),
    _t(2, (B, 1, 70), (A, 2, 55), (C, 3, 40)),
    _t(3, (A, 1, 66), (D, 2, 44)),
)


def test_the_worked_example_best_two_of_three():
    rules = CircuitRules(scoring="placement", placement_table=TABLE, best=2, minimum=2)
    rows = circuit_ranking(SEASON, rules)
    assert [(r.people, r.rank, r.total) for r in rows] == [
        (A, 1, 200),
        (B, 2, 160),
        (C, 3, 110),
        (D, 4, 100),
    ]
    a = rows[0]
    assert [(r.tournament, r.score) for r in a.counted] == [(1, 100), (3, 100)]
    assert [(r.tournament, r.place, r.score) for r in a.dropped] == [(2, 2, 70)]
    assert rows[1].results[0].score == 60


def test_the_formula_n_minus_five_per_place_while_positive():
    assert [place_points(p, 30) for p in (1, 2, 6, 7, 30)] == [30, 25, 5, 0, 0]
    # Two tied 1st of 30 share (30 + 25) / 2; the next is 3rd.
    points = shared_points([1, 1, 3] + list(range(4, 31)))
    assert points[1] == Fraction(55, 2)
    assert points[3] == 20


def test_a_table_gives_nothing_past_its_end():
    assert shared_points([1, 2, 3, 4, 5, 5], TABLE) == {1: 100, 2: 70, 3: 50, 4: 30, 5: 0}


def test_total_vp_and_the_minimum_of_attendances():
    rows = circuit_ranking(SEASON, CircuitRules(scoring="vp", minimum=3))
    assert [(r.people, r.rank, r.total) for r in rows] == [
        (A, 1, 181),  # the only one with three attendances
        (B, None, 120),
        (C, None, 90),
        (D, None, 64),
    ]


def test_players_are_ranked_whoever_the_partner():
    season = (_t(1, ((1, 2), 1, 30), ((3, 4), 2, 10)), _t(2, ((1, 3), 1, 25), ((2, 4), 2, 15)))
    rows = circuit_ranking(season, CircuitRules(ranks="players"))
    assert [(r.people, r.total) for r in rows] == [((1,), 55), ((2,), 45), ((3,), 35), ((4,), 25)]
    # As pairs, the same two people in either order are one pair.
    season = (_t(1, ((1, 2), 1, 30)), _t(2, ((2, 1), 1, 25)))
    assert [(r.people, r.total) for r in circuit_ranking(season, CircuitRules())] == [((1, 2), 55)]


def test_who_ranks_nobody_still_holds_its_place():
    # A pair without its people, and a player alone in a pairs circuit, rank nobody, but
    # the places below theirs score as 3rd and 4th.
    season = (_t(1, ((), 1, 30), ((9,), 2, 20), (A, 3, 10), (B, 4, 0)),)
    rules = CircuitRules(scoring="placement", placement_table=TABLE)
    assert [(r.people, r.total) for r in circuit_ranking(season, rules)] == [(A, 50), (B, 30)]
    players = circuit_ranking(season, CircuitRules(ranks="players"))
    assert [r.people for r in players][:1] == [(9,)]


def test_ties_more_counted_then_best_single_then_the_draw():
    season = (_t(1, (A, 1, 40), (B, 2, 20)), _t(2, (B, 1, 20), (C, 1, 30)), _t(3, (C, 1, 10)))
    # A 40 in one, B 20 + 20, C 30 + 10: all 40; B and C have two results, C the better one.
    rows = circuit_ranking(season, CircuitRules())
    assert [r.people for r in rows] == [C, B, A]
    rows = circuit_ranking(season, CircuitRules(tie_order=("best", "counted")))
    assert [r.people for r in rows] == [A, C, B]
    # Equal on everything: the seed decides, the same way every time, and it is said.
    level = (_t(1, (A, 1, 20), (B, 1, 20), (C, 3, 0)),)
    orders = {
        tuple(r.people for r in circuit_ranking(level, CircuitRules(seed=seed))[:2])
        for seed in range(20)
    }
    assert orders == {(A, B), (B, A)}
    first = circuit_ranking(level, CircuitRules(seed=7))
    assert first == circuit_ranking(level, CircuitRules(seed=7))
    assert [r.by_draw for r in first] == [True, True, False]


def test_qualification_top_k_or_percent_of_the_ranked():
    season = (_t(1, *(((n, n + 100), n, 50 - n) for n in range(1, 11))),)
    top = circuit_ranking(season, CircuitRules(qualify_top=3))
    assert [r.qualified for r in top].count(True) == 3 and top[2].qualified
    percent = circuit_ranking(season, CircuitRules(qualify_percent=25))
    assert [r.rank for r in percent if r.qualified] == [1, 2]  # 25 % of 10, rounded down


def test_a_bad_setting_is_a_bug_not_a_ranking():
    with pytest.raises(ValueError):
        CircuitRules(ranks="teams")
    with pytest.raises(ValueError):
        CircuitRules(best=0)


people = st.tuples(st.integers(1, 12), st.integers(13, 20))


@st.composite
def seasons(draw):
    tournaments = []
    for key in range(draw(st.integers(1, 5))):
        pairs = draw(st.lists(people, min_size=1, max_size=6, unique_by=lambda p: p[0]))
        pairs = [p for i, p in enumerate(pairs) if p[1] not in {q[1] for q in pairs[:i]}]
        vps = sorted((draw(st.integers(0, 60)) for _ in pairs), reverse=True)
        placings = [Placing(p, 1 + vps.index(vp), vp) for p, vp in zip(pairs, vps, strict=True)]
        tournaments.append(TournamentResult(key, tuple(placings)))
    return tournaments


rules_strategy = st.builds(
    CircuitRules,
    ranks=st.sampled_from(("pairs", "players")),
    scoring=st.sampled_from(("vp", "placement")),
    placement_table=st.sampled_from(((), TABLE)),
    best=st.one_of(st.none(), st.integers(1, 4)),
    minimum=st.integers(0, 3),
    seed=st.integers(0, 1000),
)


@settings(max_examples=150, deadline=None)
@given(seasons(), rules_strategy)
def test_properties_of_every_ranking(season, rules):
    rows = circuit_ranking(season, rules)
    ranked = [r for r in rows if r.rank is not None]
    # Ranks 1..n in order, the totals never rising, the unranked after them.
    assert [r.rank for r in ranked] == list(range(1, len(ranked) + 1))
    assert all(a.total >= b.total for a, b in zip(ranked, ranked[1:], strict=False))
    assert rows[: len(ranked)] == ranked
    for row in rows:
        # At most N count, the counted ones are the best, and they add up to the total.
        assert row.total == sum(r.score for r in row.counted)
        if rules.best is not None:
            assert len(row.counted) == min(rules.best, row.attendances)
            if row.dropped:
                assert min(r.score for r in row.counted) >= max(r.score for r in row.dropped)
        else:
            assert not row.dropped
        assert (row.rank is None) == (row.attendances < rules.minimum)
    # Placement points of a tournament never add up to more than its places give.
    if rules.scoring == "placement":
        for t in season:
            places = [p.place for p in t.placings]
            points = shared_points(places, rules.placement_table)
            given_out = sum(points[p] for p in places)
            expected = sum(
                place_points(p, len(places), rules.placement_table)
                for p in range(1, len(places) + 1)
            )
            assert given_out == expected
