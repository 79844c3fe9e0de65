"""Why is one player above another: the chain by player, on the very context the individual
standings rank with (the worked example of ``rules/standings.py``), through the one explanation
with the players' kind."""

from __future__ import annotations

import pytest

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.standings import Bye, Value, compute_standings, table_result
from burraco_tourney.rules.standings_explain import explain_pair_order
from burraco_tourney.tournaments.formats.individual.standings import PLAYERS

BYE_3 = Value(vp=14, mp=355)
INPUTS = {
    "pairs": [1, 3, 5, 7, 9],
    "tables": [
        table_result(
            turno=1,
            table=1,
            ns=(1, 5),
            eo=(3, 7),
            ns_mp=1250,
            eo_mp=830,
            vp_table="fibur-3",
            kind=PLAYERS,
        )
    ],
    "byes": [Bye(turno=1, pair=9)],
    "bye": BYE_3,
    "kind": PLAYERS,
}


def explain_player_order(**arguments):
    return explain_pair_order(**arguments, **INPUTS)


def test_the_scarto_puts_the_winning_line_above_the_resting_player():
    why = explain_player_order(first=9, second=1)
    assert why.ahead == 1
    assert [(s.key, s.outcome, s.first, s.second) for s in why.steps] == [
        ("vp", "equal", 14, 14),
        ("scarto", "decides", 355, 420),
    ]


def test_partners_share_their_rank_on_every_step():
    why = explain_player_order(first=1, second=5)
    assert why.shared
    assert [s.outcome for s in why.steps] == ["equal", "equal", "equal"]


@pytest.mark.parametrize("first, second", [(1, 9), (9, 3), (3, 7), (5, 3)])
def test_the_verdict_is_the_standings_order(first, second):
    rank = {r.pair: r.rank for r in compute_standings(**INPUTS)}
    why = explain_player_order(first=first, second=second)
    if rank[first] == rank[second]:
        assert why.shared
    else:
        assert why.ahead == (first if rank[first] < rank[second] else second)


@pytest.mark.parametrize(
    "first, second, tiebreaks, code",
    [
        (1, 1, ("scarto", "mp"), "explain_same_player"),
        (1, 2, ("scarto", "mp"), "explain_unknown_player"),
        (1, 9, ("head_to_head",), "tiebreak_not_individual"),
    ],
)
def test_refusals_name_players(first, second, tiebreaks, code):
    with pytest.raises(RuleViolation) as caught:
        explain_player_order(first=first, second=second, tiebreaks=tiebreaks)
    assert caught.value.code == code
