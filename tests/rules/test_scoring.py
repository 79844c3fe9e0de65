"""Scoring a line, a smazzata and a turno (RULES.md section 5, ARCHIVE.md SMAZZATA)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import (
    CODES,
    END_KINDS,
    LineEntry,
    LineScore,
    Smazzata,
    score_line,
    score_smazzata,
    score_turno,
    smazzata_violations,
)

CLASSIC = get_ruleset("classic")
REALE = get_ruleset("reale")
INTER = get_ruleset("internazionale")


def test_scoring_example_from_the_rules():
    s = score_line(CLASSIC, cards=245, pulito=1, chiusura=True, pozzetto=True)
    assert (s.total, s.base) == (545, 300)
    assert s == LineScore(cards=245, base=300, total=545)


@pytest.mark.parametrize(
    ("rules", "line", "total"),
    [
        ("classic", {"cards": 0}, 0),
        ("classic", {"cards": -85, "pozzetto": False}, -185),
        ("classic", {"cards": 120, "semipulito": 1, "sporco": 2}, 470),
        (
            "classic",
            {"cards": 400, "pulito": 2, "semipulito": 1, "sporco": 1, "chiusura": True},
            1150,
        ),
        ("reale", {"cards": 310, "nobile": 1, "reale": 1, "sporco": 1, "chiusura": True}, 2010),
        ("reale", {"cards": 50, "pulito": 1, "pozzetto": False}, 150),
    ],
)
def test_score_line_totals(rules, line, total):
    ruleset = {"classic": CLASSIC, "reale": REALE}[rules]
    score = score_line(ruleset, **line)
    assert score.total == total
    assert score.base == total - line["cards"]


def test_overridden_values_are_used():
    rs = get_ruleset("classic", bonuses={"pulito": 250}, chiusura_bonus=50, pozzetto_penalty=150)
    assert score_line(rs, cards=0, pulito=1, chiusura=True).total == 300
    assert score_line(rs, cards=0, pozzetto=False).total == -150


@pytest.mark.parametrize(
    ("always", "end", "total"),
    [
        (True, None, -100),
        (True, "tempo", -100),
        (True, "arbitrale", -100),
        (False, "tempo", 0),
        (False, "arbitrale", 0),
        (False, "tallone", -100),
        (False, "chiusura", -100),
        (False, None, -100),
    ],
)
def test_pozzetto_penalty_depends_on_the_rule_option_and_the_end(always, end, total):
    rs = get_ruleset("classic", pozzetto_penalty_always=always)
    assert score_line(rs, cards=0, pozzetto=False, end=end).total == total


@pytest.mark.parametrize(
    ("rules", "line", "code", "field"),
    [
        ("classic", {"cards": 243}, "cards_not_multiple_of_5", "cards"),
        ("classic", {"cards": -12}, "cards_not_multiple_of_5", "cards"),
        ("classic", {"cards": 24.5}, "cards_not_integer", "cards"),
        ("classic", {"cards": "245"}, "cards_not_integer", "cards"),
        ("classic", {"cards": True}, "cards_not_integer", "cards"),
        ("classic", {"cards": 0, "pulito": -1}, "negative_count", "pulito"),
        ("classic", {"cards": 0, "sporco": 1.0}, "count_not_integer", "sporco"),
        ("classic", {"cards": 0, "nobile": 1}, "burraco_kind_not_in_ruleset", "nobile"),
        ("classic", {"cards": 0, "reale": 1}, "burraco_kind_not_in_ruleset", "reale"),
        ("reale", {"cards": 0, "semipulito": 1}, "burraco_kind_not_in_ruleset", "semipulito"),
        ("no_semi", {"cards": 0, "semipulito": 1}, "burraco_kind_not_in_ruleset", "semipulito"),
        ("classic", {"cards": 0, "chiusura": 1}, "flag_not_boolean", "chiusura"),
        ("classic", {"cards": 0, "pozzetto": None}, "flag_not_boolean", "pozzetto"),
        ("classic", {"cards": 0, "end": "finito"}, "unknown_end", "end"),
    ],
)
def test_score_line_refuses_bad_figures(rules, line, code, field):
    ruleset = {
        "classic": CLASSIC,
        "reale": REALE,
        "no_semi": get_ruleset("classic", semipulito=False),
    }[rules]
    with pytest.raises(RuleViolation) as excinfo:
        score_line(ruleset, **line)
    assert excinfo.value.code == code
    assert excinfo.value.params["field"] == field
    assert code in CODES


def test_kinds_outside_the_ruleset_may_be_zero():
    assert score_line(REALE, cards=0, semipulito=0).total == 0
    assert score_line(CLASSIC, cards=0, nobile=0, reale=0).total == 0


# --- smazzata -------------------------------------------------------------------------------


def closing(cards=245, **kinds):
    return LineEntry(cards=cards, chiusura=True, pozzetto=True, **({"pulito": 1} | kinds))


def open_line(cards=-40, **fields):
    return LineEntry(cards=cards, **fields)


def test_score_smazzata_scores_both_lines():
    smazzata = Smazzata(ns=closing(), eo=open_line(sporco=1), end="chiusura", last_move="ns")
    score = score_smazzata(CLASSIC, smazzata)
    assert score.ns.total == 545
    assert score.eo.total == 60
    assert smazzata_violations(CLASSIC, smazzata) == []


@pytest.mark.parametrize("end", ["tallone", "tempo", "arbitrale"])
def test_a_smazzata_may_end_without_a_closer(end):
    smazzata = Smazzata(ns=open_line(pozzetto=False), eo=open_line(pulito=1), end=end)
    score = score_smazzata(CLASSIC, smazzata)
    assert (score.ns.total, score.eo.total) == (-140, 160)


def test_pozzetto_penalty_waived_by_tempo_when_the_option_says_so():
    rs = get_ruleset("classic", pozzetto_penalty_always=False)
    smazzata = Smazzata(ns=open_line(pozzetto=False), eo=open_line(), end="tempo")
    assert score_smazzata(rs, smazzata).ns.total == -40
    tallone = Smazzata(ns=open_line(pozzetto=False), eo=open_line(), end="tallone")
    assert score_smazzata(rs, tallone).ns.total == -140


def _codes(ruleset, smazzata):
    return [
        (v.code, v.params["line"], v.params["field"])
        for v in smazzata_violations(ruleset, smazzata)
    ]


@pytest.mark.parametrize(
    ("rules", "smazzata", "expected"),
    [
        (
            CLASSIC,
            Smazzata(closing(), closing(), "chiusura"),
            [("both_lines_closed", None, "chiusura")],
        ),
        (
            CLASSIC,
            Smazzata(
                LineEntry(245, pulito=1, chiusura=True, pozzetto=False), open_line(), "chiusura"
            ),
            [("closing_without_pozzetto", "ns", "pozzetto")],
        ),
        (
            CLASSIC,
            Smazzata(open_line(), LineEntry(100, chiusura=True), "chiusura"),
            [("closing_without_burraco", "eo", "chiusura")],
        ),
        (
            INTER,
            Smazzata(closing(pulito=0, sporco=2, semipulito=1), open_line(), "chiusura"),
            [("closing_without_clean_burraco", "ns", "chiusura")],
        ),
        (
            REALE,
            Smazzata(closing(pulito=0, sporco=1), open_line(), "chiusura"),
            [("closing_without_clean_burraco", "ns", "chiusura")],
        ),
        (
            CLASSIC,
            Smazzata(open_line(), open_line(), "chiusura"),
            [("chiusura_end_without_closer", None, "end")],
        ),
        (
            CLASSIC,
            Smazzata(closing(), open_line(), "tallone"),
            [("closer_without_chiusura_end", None, "end")],
        ),
        (CLASSIC, Smazzata(open_line(), open_line(), "pareggio"), [("unknown_end", None, "end")]),
        (
            CLASSIC,
            Smazzata(closing(), open_line(), "chiusura", last_move="NS"),
            [("unknown_last_move", None, "last_move")],
        ),
        (
            CLASSIC,
            Smazzata(open_line(cards=243), open_line(sporco=-1), "tallone"),
            [("cards_not_multiple_of_5", "ns", "cards"), ("negative_count", "eo", "sporco")],
        ),
        (
            REALE,
            Smazzata(open_line(semipulito=1), open_line(), "tallone"),
            [("burraco_kind_not_in_ruleset", "ns", "semipulito")],
        ),
        # Several faults at once are all listed.
        (
            CLASSIC,
            Smazzata(LineEntry(3, chiusura=True, pozzetto=False), closing(), "tempo", "x"),
            [
                ("cards_not_multiple_of_5", "ns", "cards"),
                ("both_lines_closed", None, "chiusura"),
                ("closing_without_pozzetto", "ns", "pozzetto"),
                ("closing_without_burraco", "ns", "chiusura"),
                ("closer_without_chiusura_end", None, "end"),
                ("unknown_last_move", None, "last_move"),
            ],
        ),
    ],
)
def test_smazzata_violations(rules, smazzata, expected):
    assert _codes(rules, smazzata) == expected
    for code, _, _ in expected:
        assert code in CODES
    with pytest.raises(RuleViolation) as excinfo:
        score_smazzata(rules, smazzata)
    assert excinfo.value.code == expected[0][0]


def test_closing_rules_accept_what_they_should():
    # Classic: any burraco lets a line close; internazionale and reale need a clean one.
    dirty = Smazzata(closing(pulito=0, sporco=1), open_line(), "chiusura")
    assert smazzata_violations(CLASSIC, dirty) == []
    assert smazzata_violations(INTER, Smazzata(closing(), open_line(), "chiusura")) == []
    for kind in ("pulito", "nobile", "reale"):
        clean = Smazzata(closing(**({"pulito": 0} | {kind: 1})), open_line(), "chiusura")
        assert smazzata_violations(REALE, clean) == [], kind


def test_every_end_kind_is_known():
    assert END_KINDS == ("chiusura", "tallone", "tempo", "arbitrale")


def test_score_turno_sums_the_totals():
    smazzate = [
        Smazzata(closing(), open_line(sporco=1), "chiusura", "ns"),
        Smazzata(open_line(pozzetto=False), closing(cards=100, pulito=0, sporco=1), "chiusura"),
        Smazzata(open_line(cards=35), open_line(cards=-15), "tempo"),
    ]
    assert score_turno(CLASSIC, smazzate) == (545 - 140 + 35, 60 + 300 - 15)
    assert score_turno(CLASSIC, []) == (0, 0)


def test_score_turno_refuses_a_bad_smazzata():
    with pytest.raises(RuleViolation) as excinfo:
        score_turno(CLASSIC, [Smazzata(open_line(cards=7), open_line(), "tallone")])
    assert excinfo.value.code == "cards_not_multiple_of_5"


counts = st.integers(0, 4)


@given(
    cards=st.integers(-200, 400).map(lambda n: n * 5),
    pulito=counts,
    semipulito=counts,
    sporco=counts,
    chiusura=st.booleans(),
    pozzetto=st.booleans(),
    end=st.sampled_from([None, *END_KINDS]),
    always=st.booleans(),
)
def test_total_minus_base_is_the_card_points(
    cards, pulito, semipulito, sporco, chiusura, pozzetto, end, always
):
    rs = get_ruleset("classic", pozzetto_penalty_always=always)
    score = score_line(
        rs,
        cards=cards,
        pulito=pulito,
        semipulito=semipulito,
        sporco=sporco,
        chiusura=chiusura,
        pozzetto=pozzetto,
        end=end,
    )
    assert score.total - score.base == cards
    assert score.total % 5 == 0
    bonuses = 200 * pulito + 150 * semipulito + 100 * sporco + (100 if chiusura else 0)
    assert score.base - bonuses in (0, -100)
