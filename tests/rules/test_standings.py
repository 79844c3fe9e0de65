"""Standings: VP, scarto and MP per ARCHIVE.md, byes, forfeits, penalties, tie-breaks, ranks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.standings import (
    CODES,
    Bye,
    Penalty,
    StandingRow,
    TableResult,
    Value,
    compute_standings,
    forfeit_result,
    forfeit_split,
    table_result,
)
from burraco_tourney.rules.tiebreaks import CODES as TIEBREAK_CODES
from burraco_tourney.rules.tiebreaks import TIEBREAKS

BYE_3 = Value(vp=14, mp=355)  # house default with fibur-3


def played(turno: int, table: int, ns: int, eo: int, ns_mp: int, eo_mp: int) -> TableResult:
    return table_result(
        turno=turno, table=table, ns=ns, eo=eo, ns_mp=ns_mp, eo_mp=eo_mp, vp_table="fibur-3"
    )


def summary(rows: list[StandingRow]) -> list[tuple[int, int, int, int, int]]:
    """(rank, pair, vp, scarto, mp) per row, the columns the published standings show."""
    return [(r.rank, r.pair, r.vp, r.scarto, r.mp) for r in rows]


# --- building table results --------------------------------------------------------------------


def test_table_result_converts_mp_to_vp():
    result = played(1, 3, ns=7, eo=2, ns_mp=1250, eo_mp=830)
    assert result == TableResult(1, 3, 7, 2, 1250, 830, 14, 6, None)


@pytest.mark.parametrize(
    ("winner", "forfeit", "table", "vp"),
    [
        ("ns", Value(14, 355), "fibur-3", (14, 6)),
        ("eo", Value(14, 355), "fibur-3", (6, 14)),
        ("eo", Value(12, 305), "fibur-4", (8, 12)),
        ("ns", Value(20, 0), [(50, 10, 10), (None, 20, 0)], (20, 0)),
    ],
)
def test_forfeit_result_gives_the_winner_forfeit_vp_and_no_mp(winner, forfeit, table, vp):
    result = forfeit_result(
        turno=2, table=1, ns=5, eo=1, winner=winner, forfeit=forfeit, vp_table=table
    )
    assert (result.ns_vp, result.eo_vp) == vp
    assert (result.ns_mp, result.eo_mp) == (0, 0)
    assert result.forfeit == winner


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"winner": "nord"}, "bad_forfeit_line"),
        ({"forfeit": Value(21, 0)}, "forfeit_vp_out_of_range"),
        ({"forfeit": Value(-1, 0)}, "forfeit_vp_out_of_range"),
        ({"eo": 5}, "same_pair_both_lines"),
    ],
)
def test_forfeit_result_refusals(kwargs, code):
    args = {"turno": 1, "table": 1, "ns": 5, "eo": 1, "winner": "ns", "forfeit": BYE_3}
    with pytest.raises(RuleViolation) as caught:
        forfeit_result(**(args | kwargs), vp_table="fibur-3")
    assert caught.value.code == code


def test_table_result_refuses_one_pair_on_both_lines():
    with pytest.raises(RuleViolation) as caught:
        played(1, 1, ns=4, eo=4, ns_mp=0, eo_mp=0)
    assert caught.value.code == "same_pair_both_lines"


# --- a worked evening: byes, a forfeit, a penalty ----------------------------------------------
#
# Turno 1: table 1 pair 1 (NS) 1250 - pair 2 (EO) 830 -> 14-6; table 2 pair 3 900 - pair 4 900
#          -> 10-10; pair 5 rests (14 VP, +355).
# Turno 2: table 1 pair 5 (NS) wins by forfeit against pair 1 -> 14-6, +355/-355 scarto;
#          table 2 pair 2 1000 - pair 3 1600 -> difference 600 -> 5-15; pair 4 rests.
#          Penalty: pair 3, -1 VP and -100 MP.
#
#   pair  vp            scarto                 mp
#   1     14+6 = 20     420-355 = 65           1250
#   2     6+5 = 11      -420-600 = -1020       830+1000 = 1830
#   3     10+15-1 = 24  0+600-100 = 500        900+1600-100 = 2400
#   4     10+14 = 24    0+355 = 355            900
#   5     14+14 = 28    355+355 = 710          0

EVENING_TABLES = [
    played(1, 1, 1, 2, 1250, 830),
    played(1, 2, 3, 4, 900, 900),
    forfeit_result(turno=2, table=1, ns=5, eo=1, winner="ns", forfeit=BYE_3, vp_table="fibur-3"),
    played(2, 2, 2, 3, 1000, 1600),
]
EVENING_BYES = [Bye(1, 5), Bye(2, 4)]
EVENING_PENALTIES = [Penalty(2, 3, vp=-1, mp=-100, reason="Ritardo oltre 5 minuti")]


def evening(**overrides) -> list[StandingRow]:
    args = {
        "pairs": [1, 2, 3, 4, 5],
        "tables": EVENING_TABLES,
        "byes": EVENING_BYES,
        "penalties": EVENING_PENALTIES,
        "bye": BYE_3,
        "forfeit": BYE_3,
    }
    return compute_standings(**(args | overrides))


def test_worked_evening():
    rows = evening()
    assert summary(rows) == [
        (1, 5, 28, 710, 0),
        (2, 3, 24, 500, 2400),  # ties pair 4 on VP, ahead on scarto
        (3, 4, 24, 355, 900),
        (4, 1, 20, 65, 1250),
        (5, 2, 11, -1020, 1830),
    ]
    by_pair = {r.pair: r for r in rows}
    assert by_pair[3].penalty_vp == -1
    assert by_pair[3].penalty_mp == -100
    assert by_pair[3].vp_by_turno == {1: 10, 2: 14}  # 15 at the table, -1 penalty
    assert by_pair[1].vp_by_turno == {1: 14, 2: 6}
    assert by_pair[5].vp_by_turno == {1: 14, 2: 14}
    assert (by_pair[5].played, by_pair[5].byes) == (1, 1)
    assert (by_pair[1].played, by_pair[1].byes) == (2, 0)
    # the penalty gives nothing to pair 3's opponent
    assert (by_pair[2].penalty_vp, by_pair[2].penalty_mp) == (0, 0)


def test_forfeit_value_defaults_to_the_bye_value():
    assert evening(forfeit=None) == evening()


def test_forfeit_mp_come_from_the_forfeit_value():
    rows = {r.pair: r for r in evening(forfeit=Value(14, 500))}
    assert rows[5].scarto == 355 + 500
    assert rows[1].scarto == 420 - 500


def test_forfeit_won_by_eo():
    table = forfeit_result(
        turno=1, table=1, ns=1, eo=2, winner="eo", forfeit=BYE_3, vp_table="fibur-3"
    )
    rows = compute_standings(pairs=[1, 2], tables=[table], forfeit=BYE_3)
    assert summary(rows) == [(1, 2, 14, 355, 0), (2, 1, 6, -355, 0)]


@pytest.mark.parametrize(
    ("winner", "vp", "scarto"),
    [("ns", (14, 6), (355, -355)), ("eo", (6, 14), (-355, 355))],
)
def test_forfeit_split_gives_each_line_its_vp_and_scarto(winner, vp, scarto):
    split = forfeit_split(BYE_3, 20, winner)
    assert (split.vp, split.scarto) == (vp, scarto)
    # The standings count exactly that split: the page and the classifica cannot disagree.
    table = forfeit_result(
        turno=1, table=1, ns=1, eo=2, winner=winner, forfeit=BYE_3, vp_table="fibur-3"
    )
    rows = {r.pair: r for r in compute_standings(pairs=[1, 2], tables=[table], forfeit=BYE_3)}
    assert (rows[1].vp, rows[2].vp) == vp
    assert (rows[1].scarto, rows[2].scarto) == scarto


def test_after_turno_keeps_only_earlier_turni():
    rows = evening(after_turno=1)
    # Pairs 3 and 4 drew 900-900: equal on VP, scarto, head-to-head (10-10) and MP -> same rank.
    assert summary(rows) == [
        (1, 1, 14, 420, 1250),
        (2, 5, 14, 355, 0),
        (3, 3, 10, 0, 900),
        (3, 4, 10, 0, 900),
        (5, 2, 6, -420, 830),
    ]
    assert {r.pair: r.vp_by_turno for r in rows}[3] == {1: 10}


def test_after_turno_ignores_a_later_bye_even_without_a_bye_value():
    rows = compute_standings(
        pairs=[1, 2, 3],
        tables=[played(1, 1, 1, 2, 1000, 1000), played(2, 1, 2, 3, 1000, 1000)],
        byes=[Bye(1, 3), Bye(2, 1)],
        bye=None,
        after_turno=0,
    )
    assert [(r.rank, r.pair, r.vp) for r in rows] == [(1, 1, 0), (1, 2, 0), (1, 3, 0)]


def test_a_pair_without_results_is_listed_with_zeros():
    rows = compute_standings(pairs=[9, 1, 2], tables=[played(1, 1, 1, 2, 700, 500)])
    assert summary(rows) == [(1, 1, 12, 200, 700), (2, 2, 8, -200, 500), (3, 9, 0, 0, 0)]
    assert (rows[2].vp_by_turno, rows[2].played, rows[2].byes) == ({}, 0, 0)


# --- tie-breaks --------------------------------------------------------------------------------
#
# Four pairs, two turni, fibur-3:
#   T1: 1 v 2 1100-900 (12-8); 3 v 4 1000-1000 (10-10)
#   T2: 1 v 3 800-1000 (8-12); 2 v 4 1200-1000 (12-8)
# Pairs 1 and 2: 20 VP, scarto 0; MP 1900 and 2100; pair 1 beat pair 2 12-8.

H2H_TABLES = [
    played(1, 1, 1, 2, 1100, 900),
    played(1, 2, 3, 4, 1000, 1000),
    played(2, 1, 1, 3, 800, 1000),
    played(2, 2, 2, 4, 1200, 1000),
]


@pytest.mark.parametrize(
    ("tiebreaks", "order"),
    [
        (("scarto", "head_to_head", "mp"), [3, 1, 2, 4]),  # head-to-head puts 1 ahead
        (("head_to_head", "mp"), [3, 1, 2, 4]),
        (("scarto", "mp"), [3, 2, 1, 4]),  # without it, more MP puts 2 ahead
        (("mp", "head_to_head"), [3, 2, 1, 4]),  # order matters: MP decides first
    ],
)
def test_head_to_head_between_two_tied_pairs(tiebreaks, order):
    rows = compute_standings(pairs=[1, 2, 3, 4], tables=H2H_TABLES, tiebreaks=tiebreaks)
    assert [r.pair for r in rows] == order
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_no_tiebreaks_leaves_vp_ties_sharing_the_rank():
    rows = compute_standings(pairs=[1, 2, 3, 4], tables=H2H_TABLES, tiebreaks=())
    assert [(r.rank, r.pair) for r in rows] == [(1, 3), (2, 1), (2, 2), (4, 4)]


def test_head_to_head_is_not_applied_to_three_tied_pairs():
    # A 3-cycle, each pair resting once (bye 10 VP, 0 MP): all 30 VP and scarto 0.
    # Pair 1 beat pair 2, but with three pairs tied head-to-head does not apply: MP decide.
    tables = [
        played(1, 1, 1, 2, 1100, 900),  # 1 beats 2 12-8
        played(2, 1, 2, 3, 1200, 1000),  # 2 beats 3 12-8
        played(3, 1, 3, 1, 1000, 800),  # 3 beats 1 12-8
    ]
    byes = [Bye(1, 3), Bye(2, 1), Bye(3, 2)]
    rows = compute_standings(pairs=[1, 2, 3], tables=tables, byes=byes, bye=Value(10, 0))
    assert summary(rows) == [(1, 2, 30, 0, 2100), (2, 3, 30, 0, 2000), (3, 1, 30, 0, 1900)]


@pytest.mark.parametrize(
    ("tiebreaks", "expected"),
    [
        (("scarto", "head_to_head", "mp"), [(1, 3), (2, 1), (3, 2)]),
        (("scarto", "mp"), [(1, 3), (2, 1), (2, 2)]),  # 1 and 2 equal on MP too
    ],
)
def test_head_to_head_settles_two_pairs_left_tied_after_scarto(tiebreaks, expected):
    # Pairs 1, 2, 3 on 20 VP; scarto puts pair 3 first and leaves 1 and 2 (who met) tied on
    # scarto 0 and MP 1900. Pair 1 won their meeting 12-8.
    tables = [
        TableResult(1, 1, 1, 2, 1000, 900, 12, 8),
        TableResult(2, 1, 3, 4, 1500, 1000, 20, 0),
        TableResult(2, 2, 1, 5, 900, 1000, 8, 12),
        TableResult(3, 1, 2, 6, 1000, 900, 12, 8),
    ]
    rows = compute_standings(pairs=range(1, 7), tables=tables, tiebreaks=tiebreaks)
    assert [(r.rank, r.pair) for r in rows[:3]] == expected
    assert [(r.vp, r.scarto, r.mp) for r in rows[1:3]] == [(20, 0, 1900), (20, 0, 1900)]


def test_head_to_head_needs_the_two_pairs_to_have_met():
    # 1 and 2 never met: equal VP and scarto, so MP decide (2 has more).
    tables = [played(1, 1, 1, 3, 1100, 900), played(1, 2, 2, 4, 1150, 950)]
    rows = compute_standings(pairs=[1, 2, 3, 4], tables=tables)
    assert summary(rows) == [
        (1, 2, 12, 200, 1150),
        (2, 1, 12, 200, 1100),
        (3, 4, 8, -200, 950),
        (4, 3, 8, -200, 900),
    ]


def test_shared_ranks_skip_places():
    tables = [played(1, 1, 1, 3, 1000, 1000), played(1, 2, 2, 4, 1000, 1000)]
    penalties = [Penalty(1, 3, vp=-1, mp=0), Penalty(1, 4, vp=-1, mp=0)]
    rows = compute_standings(pairs=[4, 3, 2, 1], tables=tables, penalties=penalties)
    assert [(r.rank, r.pair) for r in rows] == [(1, 1), (1, 2), (3, 3), (3, 4)]


def test_tiebreak_registry_holds_the_documented_keys():
    assert set(TIEBREAKS) >= {"scarto", "head_to_head", "mp"}


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "code", "params"),
    [
        ({"bye": None}, "bye_value_missing", {"turno": 1, "pair": 5}),
        (
            {"bye": None, "forfeit": None, "byes": []},
            "forfeit_value_missing",
            {"turno": 2, "table": 1},
        ),
        ({"tiebreaks": ("scarto", "coin_toss")}, "unknown_tiebreak", {"key": "coin_toss"}),
        ({"pairs": [1, 2, 3, 4]}, "unknown_pair", {"turno": 2, "pair": 5}),
        ({"pairs": [1, 2, 3, 4, 5, 2]}, "duplicate_pair", {"pair": 2}),
        ({"byes": [Bye(1, 5), Bye(1, 3)]}, "pair_twice_in_turno", {"turno": 1, "pair": 3}),
        (
            {"penalties": [Penalty(1, 8, vp=-1, mp=0)]},
            "unknown_pair",
            {"turno": 1, "pair": 8},
        ),
        (
            {"tables": [*EVENING_TABLES, TableResult(1, 3, 4, 4, 0, 0, 10, 10)]},
            "same_pair_both_lines",
            {"turno": 1, "table": 3, "pair": 4},
        ),
    ],
)
def test_refusals(overrides, code, params):
    with pytest.raises(RuleViolation) as caught:
        evening(**overrides)
    assert caught.value.code == code
    assert caught.value.params == params
    assert code in CODES + TIEBREAK_CODES


# --- properties -------------------------------------------------------------------------------


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[int], list[TableResult]]:
    """Random pairs tournaments: each turno seats every pair at most once (one may rest)."""
    count = draw(st.integers(min_value=2, max_value=9))
    pairs = list(range(1, count + 1))
    tables: list[TableResult] = []
    for turno in range(1, draw(st.integers(1, 4)) + 1):
        seating = draw(st.permutations(pairs))
        for number, index in enumerate(range(0, count - 1, 2), start=1):
            mp = draw(st.tuples(st.integers(-60, 500), st.integers(-60, 500)))
            tables.append(
                played(turno, number, seating[index], seating[index + 1], mp[0] * 5, mp[1] * 5)
            )
    return pairs, tables


tiebreak_orders = st.permutations(["scarto", "head_to_head", "mp"])


@given(tournaments(), tiebreak_orders)
def test_standings_properties(tournament, tiebreaks):
    pairs, tables = tournament
    rows = compute_standings(pairs=pairs, tables=tables, tiebreaks=tiebreaks)
    assert sorted(r.pair for r in rows) == pairs
    # every table's two scarti cancel out, and every table hands out the table total
    assert sum(r.scarto for r in rows) == 0
    assert all(t.ns_vp + t.eo_vp == 20 for t in tables)
    assert sum(r.vp for r in rows) == 20 * len(tables)
    assert all(sum(r.vp_by_turno.values()) == r.vp for r in rows)
    # ranks: start at 1, never go down, and a new rank is the row's position
    assert rows[0].rank == 1
    for position, (above, row) in enumerate(zip(rows, rows[1:], strict=False), start=2):
        assert row.vp <= above.vp
        assert row.rank in (above.rank, position)
        if row.rank == above.rank:
            assert (row.vp, row.scarto, row.mp) == (above.vp, above.scarto, above.mp)
            assert row.pair > above.pair
