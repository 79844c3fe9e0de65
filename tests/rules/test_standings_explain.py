"""Why is one pair above another: the tie-break chain agrees with the standings' order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.standings import TableResult, compute_standings, table_result
from burraco_tourney.rules.standings_explain import explain_pair_order

TIEBREAKS = ("scarto", "head_to_head", "mp")


def played(turno: int, table: int, ns: int, eo: int, ns_mp: int, eo_mp: int) -> TableResult:
    return table_result(
        turno=turno, table=table, ns=ns, eo=eo, ns_mp=ns_mp, eo_mp=eo_mp, vp_table="fibur-3"
    )


def chain(explanation) -> list[tuple[str, str, int | None, int | None]]:
    return [(s.key, s.outcome, s.first, s.second) for s in explanation.steps]


def test_vp_decides_in_one_step():
    tables = [played(1, 1, 1, 2, 1600, 600)]
    why = explain_pair_order(first=2, second=1, pairs=[1, 2], tables=tables)
    assert why.ahead == 1
    assert chain(why) == [("vp", "decides", 3, 17)]


def test_scarto_decides_when_vp_are_equal():
    # 1 and 3 both win 14 VP, by 400 and by 500 MP.
    tables = [played(1, 1, 1, 2, 1000, 600), played(1, 2, 3, 4, 1100, 600)]
    why = explain_pair_order(first=1, second=3, pairs=[1, 2, 3, 4], tables=tables)
    assert why.ahead == 3
    assert chain(why) == [("vp", "equal", 14, 14), ("scarto", "decides", 400, 500)]
    assert why.steps[0].tied == (1, 3)


def test_head_to_head_decides_between_exactly_two_tied_pairs():
    # 1 beats 2 and loses to 4 by the same margin; 2 loses to 1 and beats 3 likewise: 1 and 2
    # end on 20 VP and scarto 0, the only two pairs so; 1 beat 2 when they met.
    tables = [
        played(1, 1, 1, 2, 700, 600),
        played(1, 2, 3, 4, 1600, 600),
        played(2, 1, 4, 1, 700, 600),
        played(2, 2, 2, 3, 700, 600),
    ]
    pairs = [1, 2, 3, 4]
    rows = compute_standings(pairs=pairs, tables=tables)
    why = explain_pair_order(first=2, second=1, pairs=pairs, tables=tables)
    assert why.ahead == 1
    assert chain(why) == [
        ("vp", "equal", 20, 20),
        ("scarto", "equal", 0, 0),
        ("head_to_head", "decides", 9, 11),
    ]
    assert why.steps[-1].tied == (1, 2)
    order = [r.pair for r in rows]
    assert order.index(1) < order.index(2)


def test_head_to_head_not_applicable_for_three_tied_then_shared_rank():
    # A perfect circle: every pair wins once by the same margin.
    tables = [
        played(1, 1, 1, 2, 700, 600),
        played(2, 1, 2, 3, 700, 600),
        played(3, 1, 3, 1, 700, 600),
    ]
    pairs = [1, 2, 3]
    rows = compute_standings(pairs=pairs, tables=tables)
    assert {r.rank for r in rows} == {1}
    why = explain_pair_order(first=1, second=2, pairs=pairs, tables=tables)
    assert why.shared and why.ahead is None
    h2h = why.steps[2]
    assert (h2h.key, h2h.outcome, h2h.reason) == ("head_to_head", "not_applicable", "not_two")
    assert [s.outcome for s in why.steps] == ["equal", "equal", "not_applicable", "equal"]


def test_two_pairs_that_never_met():
    tables = [played(1, 1, 1, 2, 700, 600), played(1, 2, 3, 4, 700, 600)]
    why = explain_pair_order(
        first=1, second=3, pairs=[1, 2, 3, 4], tables=tables, tiebreaks=("head_to_head",)
    )
    assert why.shared
    assert why.steps[1].reason == "never_met"


@pytest.mark.parametrize(
    ("first", "second", "code"), [(1, 1, "explain_same_pair"), (1, 9, "explain_unknown_pair")]
)
def test_refusals(first, second, code):
    with pytest.raises(RuleViolation) as caught:
        explain_pair_order(first=first, second=second, pairs=[1, 2], tables=[])
    assert caught.value.code == code


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[int], list[TableResult]]:
    """Small tournaments with few distinct margins, so that ties are frequent."""
    count = draw(st.integers(min_value=2, max_value=7))
    pairs = list(range(1, count + 1))
    tables: list[TableResult] = []
    for turno in range(1, draw(st.integers(1, 4)) + 1):
        seating = draw(st.permutations(pairs))
        for number, index in enumerate(range(0, count - 1, 2), start=1):
            mp = draw(st.tuples(st.sampled_from([600, 700]), st.sampled_from([600, 700, 800])))
            tables.append(played(turno, number, seating[index], seating[index + 1], *mp))
    return pairs, tables


@settings(max_examples=200)
@given(tournaments(), st.permutations(TIEBREAKS).flatmap(lambda o: st.sampled_from([o, o[:1]])))
def test_the_verdict_is_the_order_of_the_standings(tournament, tiebreaks):
    pairs, tables = tournament
    rows = compute_standings(pairs=pairs, tables=tables, tiebreaks=tiebreaks)
    rank = {r.pair: r.rank for r in rows}
    for a in pairs:
        for b in pairs:
            if a == b:
                continue
            why = explain_pair_order(
                first=a, second=b, pairs=pairs, tables=tables, tiebreaks=tiebreaks
            )
            if rank[a] == rank[b]:
                assert why.ahead is None
            else:
                assert why.ahead == (a if rank[a] < rank[b] else b)
