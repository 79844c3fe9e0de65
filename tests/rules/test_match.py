"""Match results "a smazzate" and "a punti", and the KO last-move rule (seed 003)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.match import (
    CODES,
    MatchResult,
    SmazzataTotals,
    check_points_totals,
    ko_winner,
    match_by_points,
    match_by_smazzate,
)


def deals(*rows: tuple) -> list[SmazzataTotals]:
    """deals((ns, eo), (ns, eo, "eo"), ...) -> smazzate; a third item is the last move."""
    return [SmazzataTotals(*row) for row in rows]


R = MatchResult  # R(ns_mp, eo_mp, winner, by_last_move, smazzate_counted, finished)


# --- a smazzate: "vince la partita chi fa piu' punti al termine delle smazzate previste" ---------


@pytest.mark.parametrize(
    ("smazzate", "planned", "knockout", "expected"),
    [
        # higher total wins, KO or not
        (deals((600, 200), (300, 900), (450, 100)), 3, False, R(1350, 1200, "ns", False, 3, True)),
        (deals((600, 200), (300, 900), (450, 100)), 3, True, R(1350, 1200, "ns", False, 3, True)),
        (deals((100, 700), (250, 300)), 2, True, R(350, 1000, "eo", False, 2, True)),
        # negative totals are fine: -100 beats -200
        (deals((-100, -200)), 1, False, R(-100, -200, "ns", False, 1, True)),
        # tie outside KO: a draw
        (deals((500, 300), (200, 400, "ns")), 2, False, R(700, 700, None, False, 2, True)),
        # tie in KO: the line that made the last move of the LAST smazzata loses
        (deals((500, 300, "eo"), (200, 400, "ns")), 2, True, R(700, 700, "eo", True, 2, True)),
        (deals((500, 300, "ns"), (200, 400, "eo")), 2, True, R(700, 700, "ns", True, 2, True)),
        # not all smazzate played: not finished, no winner, even when one line leads
        (deals((900, 100)), 3, True, R(900, 100, None, False, 1, False)),
        (deals(), 3, False, R(0, 0, None, False, 0, False)),
        # a tie before the end needs no last move yet
        (deals((300, 300)), 2, True, R(300, 300, None, False, 1, False)),
    ],
)
def test_match_by_smazzate(smazzate, planned, knockout, expected):
    assert match_by_smazzate(smazzate, smazzate_to_play=planned, knockout=knockout) == expected


def test_ko_tie_without_last_move_of_the_last_smazzata_is_refused():
    # The first smazzata's last move does not help: only the LAST smazzata counts.
    smazzate = deals((500, 300, "eo"), (200, 400))
    with pytest.raises(RuleViolation) as caught:
        match_by_smazzate(smazzate, smazzate_to_play=2, knockout=True)
    assert caught.value.code == "tie_needs_last_move"


def test_more_smazzate_than_planned_are_refused():
    with pytest.raises(RuleViolation) as caught:
        match_by_smazzate(deals((1, 0), (1, 0), (1, 0)), smazzate_to_play=2, knockout=False)
    assert caught.value.code == "too_many_smazzate"
    assert caught.value.params == {"planned": 2, "entered": 3}


@pytest.mark.parametrize("planned", [0, -1, True, 2.0])
def test_planned_smazzate_must_be_a_positive_whole_number(planned):
    with pytest.raises(RuleViolation) as caught:
        match_by_smazzate(deals(), smazzate_to_play=planned, knockout=False)
    assert caught.value.code == "bad_smazzate_to_play"


def test_last_move_must_name_a_line():
    with pytest.raises(RuleViolation) as caught:
        match_by_smazzate(deals((100, 0, "nord")), smazzate_to_play=1, knockout=False)
    assert caught.value.code == "bad_last_move"
    assert caught.value.params["smazzata"] == 0


# --- a punti: "vince chi, avendo superato il punteggio previsto, ha piu' punti dell'avversario" --


@pytest.mark.parametrize(
    ("smazzate", "knockout", "expected"),
    [
        # nobody at 2005 yet: not finished
        (deals((800, 600), (700, 900)), True, R(1500, 1500, None, False, 2, False)),
        (deals(), False, R(0, 0, None, False, 0, False)),
        # NS reaches 2005 exactly (= "over 2000"): the match ends there, NS wins
        (deals((800, 600), (700, 900), (505, 100)), False, R(2005, 1600, "ns", False, 3, True)),
        # 2000 is not enough: still playing
        (deals((1000, 600), (1000, 900)), False, R(2000, 1500, None, False, 2, False)),
        # both pass the target in the same smazzata: the one with more points wins
        (deals((1500, 1400), (600, 900)), False, R(2100, 2300, "eo", False, 2, True)),
        (deals((1500, 1400), (900, 800)), True, R(2400, 2200, "ns", False, 2, True)),
        # the line that passed the target wins even if the other scored more in that smazzata
        (deals((1800, 200), (300, 1200)), False, R(2100, 1400, "ns", False, 2, True)),
        # both on the same total over the target: a draw outside KO...
        (deals((1800, 1700), (300, 400, "eo")), False, R(2100, 2100, None, False, 2, True)),
        # ...and in KO the line with the last move of that smazzata loses, both ways
        (deals((1800, 1700), (300, 400, "eo")), True, R(2100, 2100, "ns", True, 2, True)),
        (deals((1800, 1700), (300, 400, "ns")), True, R(2100, 2100, "eo", True, 2, True)),
    ],
)
def test_match_by_points(smazzate, knockout, expected):
    assert match_by_points(smazzate, target=2005, knockout=knockout) == expected


def test_smazzate_after_the_target_was_reached_are_refused():
    with pytest.raises(RuleViolation) as caught:
        match_by_points(deals((2100, 0), (0, 300), (0, 300)), target=2005, knockout=False)
    assert caught.value.code == "smazzate_after_match_end"
    assert caught.value.params == {"smazzata": 0, "target": 2005, "extra": 2}


def test_points_tie_in_ko_without_last_move_is_refused():
    with pytest.raises(RuleViolation) as caught:
        match_by_points(deals((2100, 2100)), target=2005, knockout=True)
    assert caught.value.code == "tie_needs_last_move"


@pytest.mark.parametrize("target", [0, -5, None, "2005"])
def test_target_must_be_a_positive_whole_number(target):
    with pytest.raises(RuleViolation) as caught:
        match_by_points(deals(), target=target, knockout=False)
    assert caught.value.code == "bad_target"


# --- ko_winner ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ns_mp", "eo_mp", "last_move", "expected"),
    [
        (1200, 800, None, ("ns", False)),
        (800, 1200, "eo", ("eo", False)),  # the last move matters only on a tie
        (900, 900, "ns", ("eo", True)),
        (900, 900, "eo", ("ns", True)),
    ],
)
def test_ko_winner(ns_mp, eo_mp, last_move, expected):
    assert ko_winner(ns_mp, eo_mp, last_move) == expected


def test_ko_winner_tie_needs_last_move():
    with pytest.raises(RuleViolation) as caught:
        ko_winner(900, 900, None)
    assert caught.value.code == "tie_needs_last_move"


def test_every_raised_code_is_listed():
    assert set(CODES) == {
        "bad_last_move",
        "bad_smazzate_to_play",
        "bad_target",
        "too_many_smazzate",
        "smazzate_after_match_end",
        "tie_needs_last_move",
        "target_not_reached",
    }


# --- properties -------------------------------------------------------------------------------

points = st.integers(min_value=-200, max_value=400).map(lambda n: n * 5)
lines = st.sampled_from(["ns", "eo"])
smazzata = st.builds(SmazzataTotals, points, points, lines)


def _swap(s: SmazzataTotals) -> SmazzataTotals:
    return SmazzataTotals(s.eo, s.ns, {"ns": "eo", "eo": "ns"}[s.last_move])


@given(st.lists(smazzata, min_size=1, max_size=6))
def test_ko_match_always_has_a_winner_and_swapping_lines_swaps_it(smazzate):
    planned = len(smazzate)
    result = match_by_smazzate(smazzate, smazzate_to_play=planned, knockout=True)
    swapped = match_by_smazzate(
        [_swap(s) for s in smazzate], smazzate_to_play=planned, knockout=True
    )
    assert result.winner in ("ns", "eo")
    assert swapped.winner == {"ns": "eo", "eo": "ns"}[result.winner]
    assert result.by_last_move == (result.ns_mp == result.eo_mp)


@given(st.lists(smazzata, max_size=12), st.integers(1, 600).map(lambda n: n * 5))
def test_points_match_ends_at_the_first_smazzata_reaching_the_target(smazzate, target):
    running = [0, 0]
    for index, deal in enumerate(smazzate):
        running = [running[0] + deal.ns, running[1] + deal.eo]
        if max(running) >= target:
            smazzate = smazzate[: index + 1]
            break
    result = match_by_points(smazzate, target=target, knockout=True)
    assert (result.ns_mp, result.eo_mp) == tuple(running)
    assert result.finished == (max(running) >= target)
    if result.winner is not None:
        winner_mp = result.ns_mp if result.winner == "ns" else result.eo_mp
        assert winner_mp >= target


@pytest.mark.parametrize(("ns", "eo"), [(2005, 1500), (1500, 2005), (2100, 2100), (2005, 3000)])
def test_totals_a_punti_with_a_line_at_the_target_are_a_finished_match(ns, eo):
    check_points_totals(ns, eo, target=2005)


@pytest.mark.parametrize(("ns", "eo"), [(1800, 1500), (2000, 2000), (0, 0), (-200, 1995)])
def test_totals_a_punti_below_the_target_are_a_match_still_played(ns, eo):
    with pytest.raises(RuleViolation) as refused:
        check_points_totals(ns, eo, target=2005)
    assert refused.value.code == "target_not_reached"
    assert refused.value.params == {"target": 2005}
