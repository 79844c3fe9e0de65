"""Standings of an individual tournament: each player gets his line's MP, VP and margin, his own
riposo and penalties; head-to-head is refused; pairs and players share the one computation (the
players' kind, ``PLAYERS``, is the individual format's)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.standings import (
    Bye,
    Penalty,
    TableResult,
    Value,
    compute_standings,
    forfeit_result,
    table_result,
)
from burraco_tourney.tournaments.formats.individual.standings import PLAYERS

BYE_3 = Value(vp=14, mp=355)


def played(turno, table, ns, eo, ns_mp, eo_mp) -> TableResult:
    return table_result(
        turno=turno,
        table=table,
        ns=ns,
        eo=eo,
        ns_mp=ns_mp,
        eo_mp=eo_mp,
        vp_table="fibur-3",
        kind=PLAYERS,
    )


def compute_individual_standings(*, players, **inputs):
    """The one computation, ranking players (``pair`` in the rows is the player's number)."""
    return compute_standings(pairs=players, kind=PLAYERS, **inputs)


# A 12-player evening of 3 turni (fibur-3 VP table), every value worked out by hand:
#
# turno 1: T1 1-2 v 3-4   900-500  diff 400  -> 14-6
#          T2 5-6 v 7-8   600-600  diff 0    -> 10-10
#          T3 9-10 v 11-12 300-1300 diff 1000 -> 3-17
# turno 2: T1 1-3 v 5-7   700-600  diff 100  -> 11-9
#          T2 2-4 v 9-11  400-1000 diff 600  -> 5-15
#          T3 6-8 v 10-12 800-800  diff 0    -> 10-10
# turno 3: T1 1-5 v 9-12  1200-400 diff 800  -> 16-4
#          T2 2-6 v 10-11 500-700  diff 200  -> 8-12
#          T3 3-8 v 4-7   650-650  diff 0    -> 10-10
#          player 4 penalised in turno 3: -1 VP, -100 MP
#
# player  VP by turno   VP  scarto                   MP
#  1      14 11 16      41  +400 +100 +800 = +1300   900+700+1200 = 2800
#  2      14  5  8      27  +400 -600 -200 =  -400   900+400+500  = 1800
#  3       6 11 10      27  -400 +100    0 =  -300   500+700+650  = 1850
#  4       6  5 10 -1   20  -400 -600 0 -100 = -1100 500+400+650-100 = 1450
#  5      10  9 16      35     0 -100 +800 =  +700   600+600+1200 = 2400
#  6      10 10  8      28     0    0 -200 =  -200   600+800+500  = 1900
#  7      10  9 10      29     0 -100    0 =  -100   600+600+650  = 1850
#  8      10 10 10      30     0    0    0 =     0   600+800+650  = 2050
#  9       3 15  4      22 -1000 +600 -800 = -1200   300+1000+400 = 1700
# 10       3 10 12      25 -1000    0 +200 =  -800   300+800+700  = 1800
# 11      17 15 12      44 +1000 +600 +200 = +1800   1300+1000+700 = 3000
# 12      17 10  4      31 +1000    0 -800 =  +200   1300+800+400 = 2500
#
# Ranking by VP: 11, 1, 5, 12, 8, 7, 6, then 3 and 2 on 27 VP: scarto -300 puts 3 ahead of 2,
# then 10, 9, 4.
EVENING = [
    played(1, 1, (1, 2), (3, 4), 900, 500),
    played(1, 2, (5, 6), (7, 8), 600, 600),
    played(1, 3, (9, 10), (11, 12), 300, 1300),
    played(2, 1, (1, 3), (5, 7), 700, 600),
    played(2, 2, (2, 4), (9, 11), 400, 1000),
    played(2, 3, (6, 8), (10, 12), 800, 800),
    played(3, 1, (1, 5), (9, 12), 1200, 400),
    played(3, 2, (2, 6), (10, 11), 500, 700),
    played(3, 3, (3, 8), (4, 7), 650, 650),
]
PENALTY = Penalty(3, 4, vp=-1, mp=-100, reason="late")


def test_a_12_player_evening_worked_by_hand():
    rows = compute_individual_standings(players=range(1, 13), tables=EVENING, penalties=[PENALTY])
    assert [(r.rank, r.pair, r.vp, r.scarto, r.mp) for r in rows] == [
        (1, 11, 44, 1800, 3000),
        (2, 1, 41, 1300, 2800),
        (3, 5, 35, 700, 2400),
        (4, 12, 31, 200, 2500),
        (5, 8, 30, 0, 2050),
        (6, 7, 29, -100, 1850),
        (7, 6, 28, -200, 1900),
        (8, 3, 27, -300, 1850),
        (9, 2, 27, -400, 1800),
        (10, 10, 25, -800, 1800),
        (11, 9, 22, -1200, 1700),
        (12, 4, 20, -1100, 1450),
    ]
    four = next(r for r in rows if r.pair == 4)
    assert four.vp_by_turno == {1: 6, 2: 5, 3: 9}
    assert four.earned_vp_by_turno == {1: 6, 2: 5, 3: 10}
    assert (four.penalty_vp, four.penalty_mp, four.played) == (-1, -100, 3)


def test_after_a_turno_only_the_turni_so_far_count():
    rows = compute_individual_standings(
        players=range(1, 13), tables=EVENING, penalties=[PENALTY], after_turno=1
    )
    assert [(r.pair, r.vp) for r in rows[:4]] == [(11, 17), (12, 17), (1, 14), (2, 14)]


def test_a_resting_player_gets_the_riposo_and_his_line_mates_nothing_of_it():
    rows = compute_individual_standings(
        players=[1, 3, 5, 7, 9],
        tables=[played(1, 1, (1, 5), (3, 7), 1250, 830)],
        byes=[Bye(1, 9)],
        bye=BYE_3,
    )
    assert [(r.rank, r.pair, r.vp, r.scarto, r.mp, r.byes) for r in rows] == [
        (1, 1, 14, 420, 1250, 0),
        (1, 5, 14, 420, 1250, 0),
        (3, 9, 14, 355, 0, 1),
        (4, 3, 6, -420, 830, 0),
        (4, 7, 6, -420, 830, 0),
    ]


def test_a_forfeit_counts_for_both_players_of_the_line():
    result = forfeit_result(
        turno=1,
        table=1,
        ns=(1, 2),
        eo=(3, 4),
        winner="eo",
        forfeit=BYE_3,
        vp_table="fibur-3",
        kind=PLAYERS,
    )
    rows = compute_individual_standings(players=[1, 2, 3, 4], tables=[result], bye=BYE_3)
    assert [(r.pair, r.vp, r.scarto, r.mp) for r in rows] == [
        (3, 14, 355, 0),
        (4, 14, 355, 0),
        (1, 6, -355, 0),
        (2, 6, -355, 0),
    ]


def test_head_to_head_is_refused_for_individuals_and_the_default_has_none():
    assert PLAYERS.default_tiebreaks == ("scarto", "mp")
    with pytest.raises(RuleViolation) as caught:
        compute_individual_standings(
            players=range(1, 13), tables=EVENING, tiebreaks=["scarto", "head_to_head", "mp"]
        )
    assert caught.value.code == "tiebreak_not_individual"
    assert caught.value.params == {"key": "head_to_head"}
    with pytest.raises(RuleViolation) as caught:
        compute_individual_standings(players=range(1, 13), tables=EVENING, tiebreaks=["luck"])
    assert caught.value.code == "unknown_tiebreak"


@pytest.mark.parametrize(
    ("tables", "byes", "code", "params"),
    [
        ([played(1, 1, (1, 2), (3, 4), 0, 0)] * 2, (), "player_twice_in_turno", {"player": 1}),
        ([played(1, 1, (1, 2), (3, 99), 0, 0)], (), "unknown_player", {"player": 99}),
        ([played(1, 1, (1, 2), (3, 4), 0, 0)], [Bye(1, 2)], "player_twice_in_turno", {}),
        ([], [Bye(1, 2)], "bye_value_missing", {"player": 2}),
    ],
)
def test_standings_refusals_name_the_player(tables, byes, code, params):
    with pytest.raises(RuleViolation) as caught:
        compute_individual_standings(players=[1, 2, 3, 4], tables=tables, byes=byes)
    assert caught.value.code == code
    assert params.items() <= caught.value.params.items()


@pytest.mark.parametrize(
    ("ns", "eo", "code"),
    [((1, 2), (3,), "line_not_two_players"), ((1, 2), (2, 3), "player_twice_at_table")],
)
def test_a_table_must_have_two_lines_of_two_different_players(ns, eo, code):
    with pytest.raises(RuleViolation) as caught:
        played(1, 1, ns, eo, 0, 0)
    assert caught.value.code == code


@settings(max_examples=60, deadline=None)
@given(
    results=st.lists(
        st.tuples(st.integers(0, 2000), st.integers(0, 2000), st.booleans()),
        min_size=1,
        max_size=6,
    ),
    penalty=st.integers(-3, 0),
)
def test_players_who_always_sit_together_get_exactly_their_pairs_standings(results, penalty):
    """Pairs 1..4 play turni 1 v 2, 3 v 4; in the individual tournament pair p is the line
    (2p - 1, 2p): each player's figures must be his pair's, to the point."""
    pair_tables, player_tables = [], []
    for turno, (mp_a, mp_b, swap) in enumerate(results, start=1):
        for table, (ns, eo) in enumerate([(1, 2), (3, 4)] if not swap else [(1, 3), (2, 4)], 1):
            pair_tables.append(
                table_result(
                    turno=turno,
                    table=table,
                    ns=ns,
                    eo=eo,
                    ns_mp=mp_a,
                    eo_mp=mp_b,
                    vp_table="fibur-3",
                )
            )
            player_tables.append(
                played(turno, table, (2 * ns - 1, 2 * ns), (2 * eo - 1, 2 * eo), mp_a, mp_b)
            )
    pairs = compute_standings(
        pairs=[1, 2, 3, 4],
        tables=pair_tables,
        penalties=[Penalty(1, 3, penalty, 100 * penalty)],
        tiebreaks=["scarto", "mp"],
    )
    players = compute_individual_standings(
        players=range(1, 9),
        tables=player_tables,
        penalties=[Penalty(1, p, penalty, 100 * penalty) for p in (5, 6)],
    )
    by_player = {r.pair: r for r in players}
    for row in pairs:
        for player in (2 * row.pair - 1, 2 * row.pair):
            mine = by_player[player]
            assert (mine.vp, mine.scarto, mine.mp, mine.vp_by_turno) == (
                row.vp,
                row.scarto,
                row.mp,
                row.vp_by_turno,
            )
