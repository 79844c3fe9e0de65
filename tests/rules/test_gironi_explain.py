""" "Why is A above B" with gironi (RULES.md section 12): the overall standings girone by girone
order two gironi's entrants by their girone, one girone's as in its own standings; the girone
standings have their own "why"."""

import itertools

import pytest

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.gironi import Gironi, girone_standings, overall_by_girone
from burraco_tourney.rules.gironi_explain import explain_gironi_order
from burraco_tourney.rules.standings import compute_standings
from tests.rules.test_gironi import _inputs

MEMBERS = (("A", (1, 2, 3, 4)), ("B", (5,)))


def _overall_ranks(gironi, inputs):
    rows = compute_standings(**inputs)
    if gironi.by_girone:
        rows = overall_by_girone(rows, girone_standings(gironi, **inputs))
    return {row.pair: row.rank for row in rows}


def test_a_lower_girone_with_more_vp_stays_below_and_the_girone_says_why():
    # Pair 5 (girone B, 42 VP) has more VP than pair 1 (girone A, 30): by VP alone it would be
    # above; the standings list girone A first.
    explanation = explain_gironi_order(Gironi(3, MEMBERS), first=5, second=1, **_inputs())
    assert explanation.ahead == 1
    [step] = explanation.steps
    assert (step.key, step.outcome, step.gironi) == ("girone", "decides", ("B", "A"))


def test_ranked_by_vp_the_gironi_do_not_count():
    gironi = Gironi(3, MEMBERS, by_girone=False)
    explanation = explain_gironi_order(gironi, first=5, second=1, **_inputs())
    assert explanation.ahead == 5
    assert [s.key for s in explanation.steps] == ["vp"]


def test_inside_a_girone_the_phase_only_count_decides():
    # Since turno 1 pair 1 (30 VP) is above pair 4 (13); over the phase only 4 (4) is above 1 (0).
    since = explain_gironi_order(Gironi(3, MEMBERS), first=1, second=4, **_inputs())
    assert since.ahead == 1
    assert [(s.key, s.outcome, s.reason) for s in since.steps][0] == (
        "girone",
        "equal",
        "since_turno_1",
    )
    phase = explain_gironi_order(
        Gironi(3, MEMBERS, phase_only=True), first=1, second=4, **_inputs()
    )
    assert phase.ahead == 4
    assert [(s.key, s.first, s.second) for s in phase.steps[1:]] == [("vp", 0, 4)]


def test_the_girone_standings_why_refuses_two_gironi():
    gironi = Gironi(3, MEMBERS, by_girone=False, phase_only=True)
    inside = explain_gironi_order(gironi, first=1, second=4, within=True, **_inputs())
    assert inside.ahead == 4
    with pytest.raises(RuleViolation) as refused:
        explain_gironi_order(gironi, first=1, second=5, within=True, **_inputs())
    assert refused.value.code == "explain_other_girone"


@pytest.mark.parametrize(
    ("phase_only", "by_girone"), list(itertools.product([False, True], [False, True]))
)
def test_every_verdict_is_the_order_the_standings_show(phase_only, by_girone):
    gironi = Gironi(3, MEMBERS, phase_only=phase_only, by_girone=by_girone)
    ranks = _overall_ranks(gironi, _inputs())
    for a, b in itertools.permutations(range(1, 6), 2):
        explanation = explain_gironi_order(gironi, first=a, second=b, **_inputs())
        if explanation.ahead is None:
            assert ranks[a] == ranks[b]
        else:
            other = b if explanation.ahead == a else a
            assert ranks[explanation.ahead] < ranks[other]
