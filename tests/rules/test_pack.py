"""What the pack allows (RULES.md section 5, issue 9 case 9): entries no deal can produce."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.cards import pack_points, pack_size
from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pack import BURRACO_MIN_CARDS, CODES
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import LineEntry, Smazzata, score_smazzata, smazzata_violations

CLASSIC = get_ruleset("classic")
REALE = get_ruleset("reale")
RULESETS = {"classic": CLASSIC, "reale": REALE}


def test_the_packs():
    assert (pack_size(CLASSIC), pack_points(CLASSIC)) == (108, 1080)
    assert (pack_size(REALE), pack_points(REALE)) == (104, 880)
    assert BURRACO_MIN_CARDS == {
        "pulito": 7,
        "sporco": 7,
        "semipulito": 8,
        "nobile": 13,
        "reale": 14,
    }


def _pack_faults(rules, ns, eo):
    smazzata = Smazzata(ns=ns, eo=eo, end="tallone")
    return [
        (v.code, v.params["line"], v.params["field"], v.params["value"])
        for v in smazzata_violations(RULESETS[rules], smazzata)
        if v.code in CODES
    ]


@pytest.mark.parametrize(
    ("rules", "ns", "eo", "expected"),
    [
        # Card points: each line without its sign, both together, at most the pack's points.
        ("classic", LineEntry(1080), LineEntry(0), []),
        ("classic", LineEntry(5000), LineEntry(0), [("cards_beyond_pack", "ns", "cards", 5000)]),
        ("classic", LineEntry(0), LineEntry(-1085), [("cards_beyond_pack", "eo", "cards", -1085)]),
        ("classic", LineEntry(600), LineEntry(-480), []),
        ("classic", LineEntry(600), LineEntry(-485), [("cards_beyond_pack", "ns", "cards", 600)]),
        ("classic", LineEntry(300), LineEntry(800), [("cards_beyond_pack", "eo", "cards", 800)]),
        ("reale", LineEntry(880), LineEntry(0), []),
        ("reale", LineEntry(500), LineEntry(385), [("cards_beyond_pack", "ns", "cards", 500)]),
        # Burraco: both lines' fewest cards, at most the pack's cards (108 classic, 104 reale).
        ("classic", LineEntry(0, pulito=15), LineEntry(0), []),  # 105 cards
        (
            "classic",
            LineEntry(0, pulito=16),
            LineEntry(0),
            [("burraco_beyond_pack", "ns", "pulito", 16)],
        ),
        ("classic", LineEntry(0, semipulito=13), LineEntry(0), []),  # 104 cards
        (
            "classic",
            LineEntry(0, semipulito=13),
            LineEntry(0, pulito=1),  # 8 x 13 + 7 = 111
            [("burraco_beyond_pack", "ns", "semipulito", 13)],
        ),
        ("classic", LineEntry(0, sporco=8), LineEntry(0, pulito=7), []),  # 105 cards
        (
            "classic",
            LineEntry(0, sporco=7),
            LineEntry(0, pulito=9),
            [("burraco_beyond_pack", "eo", "pulito", 9)],
        ),
        ("reale", LineEntry(0, reale=7), LineEntry(0), []),  # 98 cards
        ("reale", LineEntry(0, reale=9), LineEntry(0), [("burraco_beyond_pack", "ns", "reale", 9)]),
        ("reale", LineEntry(0, reale=4), LineEntry(0, nobile=3, pulito=1), []),  # 56 + 46
        (
            "reale",
            LineEntry(0, reale=4),
            LineEntry(0, nobile=3, pulito=2),  # 56 + 53 = 109
            [("burraco_beyond_pack", "ns", "reale", 4)],
        ),
        # Both at once: both are listed.
        (
            "reale",
            LineEntry(5000, reale=9),
            LineEntry(0),
            [
                ("cards_beyond_pack", "ns", "cards", 5000),
                ("burraco_beyond_pack", "ns", "reale", 9),
            ],
        ),
        # Figures already refused for another reason do not count.
        ("classic", LineEntry(5000.0), LineEntry(0, pulito=-20), []),
    ],
)
def test_what_the_pack_cannot_hold_is_refused(rules, ns, eo, expected):
    assert _pack_faults(rules, ns, eo) == expected


def test_nine_burraco_reale_and_5000_card_points_are_not_scored():
    # Issue 9: 9 burraco reale (9,250 MP) were saved; 5,000 card points too.
    nine = Smazzata(LineEntry(250, reale=9), LineEntry(-100), "tallone")
    with pytest.raises(RuleViolation) as caught:
        score_smazzata(REALE, nine)
    assert caught.value.code == "burraco_beyond_pack"
    assert caught.value.params == {
        "line": "ns",
        "field": "reale",
        "kind": "reale",
        "value": 9,
        "cards": 126,
        "limit": 104,
    }
    with pytest.raises(RuleViolation) as caught:
        score_smazzata(CLASSIC, Smazzata(LineEntry(5000), LineEntry(0), "tallone"))
    assert caught.value.params == {"line": "ns", "field": "cards", "value": 5000, "limit": 1080}


def test_the_limit_is_the_rules_own_pack():
    # A pinella worth 10 (reale) makes a pack of 880: 900 card points are beyond it.
    assert _pack_faults("classic", LineEntry(900), LineEntry(0)) == []
    assert _pack_faults("reale", LineEntry(900), LineEntry(0)) == [
        ("cards_beyond_pack", "ns", "cards", 900)
    ]


lines = st.builds(
    LineEntry,
    cards=st.integers(-250, 250).map(lambda n: n * 5),
    pulito=st.integers(0, 9),
    semipulito=st.integers(0, 9),
    sporco=st.integers(0, 9),
)


@settings(deadline=None)  # a loaded machine must not fail it
@given(lines, lines)
def test_refused_exactly_when_the_pack_is_exceeded(ns, eo):
    codes = {code for code, *_ in _pack_faults("classic", ns, eo)}
    points = abs(ns.cards) + abs(eo.cards)
    cards = sum(7 * (e.pulito + e.sporco) + 8 * e.semipulito for e in (ns, eo))
    assert ("cards_beyond_pack" in codes) == (points > 1080)
    assert ("burraco_beyond_pack" in codes) == (cards > 108)
