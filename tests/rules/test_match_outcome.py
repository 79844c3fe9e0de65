"""A match's outcome from its tables' outcomes (``rules.match_outcome``), without a database.

A pairs, individual or KO match has one table: the match is worth exactly what the table is
worth, which is what the standings, the bracket and every file then read.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.match_outcome import (
    MATCH_SCORINGS,
    MatchOutcome,
    match_outcome,
    seen_from_the_other_line,
)
from burraco_tourney.rules.outcome import (
    ForfeitEntry,
    SmazzateEntry,
    TotalsEntry,
    table_outcome,
)
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import LineEntry, Smazzata
from burraco_tourney.rules.tournament_rules import build_rules

CLASSIC = get_ruleset("classic")


def rules(vp="fibur-3", **options):
    return build_rules(ruleset=CLASSIC, vp_table_spec=vp, **options)


def ko(**options):
    return rules(knockout=True, ko_mode="smazzate", ko_smazzate=3, **options)


def one_table(rules_, entry, round_number=1):
    return match_outcome(rules_, [table_outcome(rules_, entry, round_number=round_number)])


# RULES.md section 5, "VP conversion": the bands of both published tables, at their edges.
VP_BANDS = [
    ("fibur-3", 1000, 950, 10, 10),
    ("fibur-3", 1000, 1050, 10, 10),
    ("fibur-3", 1055, 1000, 11, 9),
    ("fibur-3", 1150, 1000, 11, 9),
    ("fibur-3", 1000, 1155, 8, 12),
    ("fibur-3", 1350, 1000, 13, 7),
    ("fibur-3", 1500, 1000, 14, 6),
    ("fibur-3", 2000, 1000, 17, 3),
    ("fibur-3", 1000, 2500, 1, 19),
    ("fibur-3", 2505, 1000, 20, 0),
    ("fibur-4", 1100, 1000, 10, 10),
    ("fibur-4", 1105, 1000, 11, 9),
    ("fibur-4", 1000, 1700, 7, 13),
    ("fibur-4", 2700, 1000, 18, 2),
    ("fibur-4", 3000, 1000, 19, 1),
    ("fibur-4", 3005, 1000, 20, 0),
]


@pytest.mark.parametrize(("vp", "ns_mp", "eo_mp", "ns_vp", "eo_vp"), VP_BANDS)
def test_a_pairs_match_of_one_table_gets_the_vp_of_its_mp_difference(
    vp, ns_mp, eo_mp, ns_vp, eo_vp
):
    match = one_table(rules(vp), TotalsEntry(ns_mp, eo_mp))
    assert (match.ns_mp, match.eo_mp) == (ns_mp, eo_mp)
    assert (match.ns_vp, match.eo_vp) == (ns_vp, eo_vp)
    assert match.winner == ("ns" if ns_mp > eo_mp else "eo")
    assert not match.by_last_move


def test_an_even_pairs_match_is_a_draw():
    match = one_table(rules(), TotalsEntry(900, 900))
    assert (match.ns_vp, match.eo_vp, match.winner, match.decided_by) == (10, 10, None, "")


@pytest.mark.parametrize(
    ("vp", "winner", "expected"),
    [
        # RULES.md "Byes, forfeits, penalties": the present pair gets 14-6 with 3 smazzate, 12-8
        # with 4 (the riposo value, which a forfeit is worth unless set apart).
        ("fibur-3", "ns", (14, 6)),
        ("fibur-3", "eo", (6, 14)),
        ("fibur-4", "eo", (8, 12)),
    ],
)
def test_a_forfeit_match_gives_the_present_pair_the_forfeit_value(vp, winner, expected):
    match = one_table(rules(vp), ForfeitEntry(winner))
    assert (match.ns_vp, match.eo_vp) == expected
    assert (match.winner, match.decided_by) == (winner, "forfeit")


def deal(ns_cards, eo_cards, closer, last_move=None):
    closing = {"pulito": 1, "chiusura": True}
    ns = LineEntry(cards=ns_cards, **(closing if closer == "ns" else {}))
    eo = LineEntry(cards=eo_cards, **(closing if closer == "eo" else {}))
    return Smazzata(ns=ns, eo=eo, end="chiusura" if closer else "tallone", last_move=last_move)


def test_a_ko_tie_goes_to_the_line_that_did_not_make_the_last_move():
    # RULES.md section 8: on a tie the line that made the last move of the last smazzata loses.
    entry = TotalsEntry(1200, 1200, last_move="ns")
    match = one_table(ko(), entry)
    assert (match.ns_vp, match.eo_vp) == (None, None)
    assert (match.winner, match.by_last_move) == ("eo", True)


def test_a_ko_match_by_smazzate_goes_to_the_higher_total():
    entry = SmazzateEntry((deal(100, 50, "ns"), deal(0, 100, "eo"), deal(200, 0, "ns")))
    match = one_table(ko(), entry)
    assert match.winner == "ns" and not match.by_last_move and match.finished


def test_a_ko_match_to_a_target_not_reached_is_not_over():
    punti = rules(knockout=True, ko_mode="punti", ko_target=2005)
    match = one_table(punti, SmazzateEntry((deal(400, 100, "ns"),)))
    assert (match.winner, match.finished, match.decided_by) == (None, False, "")


def test_a_one_table_scoring_refuses_two_tables():
    outcome = table_outcome(rules(), TotalsEntry(1000, 900))
    with pytest.raises(ValueError, match="2 table outcomes"):
        match_outcome(rules(), [outcome, outcome])
    assert set(MATCH_SCORINGS) == {"table", "vp_sum", "mp_diff"}


MP = st.integers(-400, 800).map(lambda n: n * 5)


@settings(max_examples=200, deadline=None)
@given(
    ns_mp=MP,
    eo_mp=MP,
    vp=st.sampled_from(["fibur-3", "fibur-4"]),
    knockout=st.booleans(),
    last_move=st.sampled_from(["ns", "eo"]),
    forfeit=st.sampled_from([None, "ns", "eo"]),
)
def test_a_one_table_match_agrees_with_its_table(ns_mp, eo_mp, vp, knockout, last_move, forfeit):
    """The property: whatever the entry, a match of one table has the VP, the winner and the
    decision (the last move included) of its table, as stored per table until now."""
    rules_ = ko(vp=vp) if knockout else rules(vp)
    entry = ForfeitEntry(forfeit) if forfeit else TotalsEntry(ns_mp, eo_mp, last_move)
    try:
        table = table_outcome(rules_, entry)
    except RuleError:
        return
    match = match_outcome(rules_, [table])
    assert isinstance(match, MatchOutcome)
    assert (match.ns_vp, match.eo_vp) == (table.ns_vp, table.eo_vp)
    assert (match.ns_mp, match.eo_mp) == (table.ns_mp, table.eo_mp)
    assert (match.winner, match.by_last_move) == (table.winner, table.by_last_move)
    assert (match.decided_by, match.finished) == (table.decided_by, table.finished)


# RULES.md section 11: a team match is played at two tables, the sala aperta (the home team NS)
# and the sala chiusa (the away team NS); each table is scored as a pairs table.
def teams(scoring, **options):
    return rules(match_scoring=scoring, **options)


def totals(ns_mp, eo_mp):
    return TotalsEntry(ns_mp=ns_mp, eo_mp=eo_mp)


def team_match(rules_, aperta, chiusa):
    """Home is the match's ``ns``: NS in the aperta, EO in the chiusa (seen the other way)."""
    open_room = table_outcome(rules_, totals(*aperta))
    closed_room = seen_from_the_other_line(table_outcome(rules_, totals(*chiusa)))
    return match_outcome(rules_, [open_room, closed_room])


def test_vp_sum_adds_the_two_tables_vp_and_their_mp():
    # Aperta: home 1500 v away 1000 (+500: 14–6). Chiusa: away NS 1000 v home EO 1150 (home
    # +150: 11–9). The fibur-3 bands of RULES.md section 5 (VP_BANDS above).
    result = team_match(teams("vp_sum"), (1500, 1000), (1000, 1150))
    assert (result.ns_vp, result.eo_vp) == (14 + 11, 6 + 9)
    assert (result.ns_mp, result.eo_mp) == (1500 + 1150, 1000 + 1000)
    assert result.winner == "ns"


def test_vp_sum_twenty_all_is_a_draw():
    # Home wins the aperta 14–6, the away team wins the chiusa (NS there) by as much: 20–20.
    result = team_match(teams("vp_sum"), (1250, 830), (1250, 830))
    assert (result.ns_vp, result.eo_vp) == (20, 20)
    assert result.winner is None


def test_mp_diff_converts_the_match_difference_once_with_the_team_table():
    team_table = [
        {"max": 100, "vp": [20, 20]},
        {"max": 500, "vp": [25, 15]},
        {"max": None, "vp": [30, 10]},
    ]
    rules_ = teams("mp_diff", team_vp_table_spec=team_table)
    # Aperta home +500, chiusa home −350 (away NS 1350 v home 1000): home +150 over the match.
    result = team_match(rules_, (1500, 1000), (1350, 1000))
    assert (result.ns_mp - result.eo_mp) == 150
    assert (result.ns_vp, result.eo_vp) == (25, 15)
    # Each table on its own gives 14–6 and 7–13 (21–19 summed): converted once, not table by
    # table.
    assert team_match(teams("vp_sum"), (1500, 1000), (1350, 1000)).ns_vp == 14 + 7


def test_mp_diff_without_a_team_table_is_refused():
    with pytest.raises(RuleError) as refused:
        team_match(teams("mp_diff"), (1000, 1000), (1000, 1000))
    assert refused.value.code == "team_vp_table_missing"


def test_a_team_match_needs_its_two_tables():
    rules_ = teams("vp_sum")
    with pytest.raises(ValueError, match="team match"):
        match_outcome(rules_, [table_outcome(rules_, totals(1000, 900))])


@settings(max_examples=60)
@given(
    st.lists(st.integers(min_value=0, max_value=400).map(lambda n: n * 5), min_size=4, max_size=4)
)
def test_swapping_the_teams_swaps_the_match(points):
    a, b, c, d = points
    for scoring in ("vp_sum", "mp_diff"):
        options = {"team_vp_table_spec": "fibur-3"} if scoring == "mp_diff" else {}
        rules_ = teams(scoring, **options)
        home = team_match(rules_, (a, b), (c, d))
        # The same match with the other team at home: its aperta is the first one's chiusa.
        away = team_match(rules_, (c, d), (a, b))
        assert (home.ns_vp, home.eo_vp) == (away.eo_vp, away.ns_vp)
        assert (home.ns_mp, home.eo_mp) == (away.eo_mp, away.ns_mp)
