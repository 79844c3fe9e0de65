"""Entries possible but implausible are accepted and flagged (RULES.md section 5)."""

import pytest

from burraco_tourney.rules.anomalies import (
    CODES,
    TableFacts,
    smazzata_flags,
    turno_anomalies,
    turno_flags,
    usual_margin_per_smazzata,
)
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import LineEntry, Smazzata, score_smazzata

CLASSIC = get_ruleset("classic")
REALE = get_ruleset("reale")


def closes(cards, **kinds):
    return LineEntry(cards, chiusura=True, **({"pulito": 1} | kinds))


def _flags(flags):
    return [(flag.code, flag.params) for flag in flags]


@pytest.mark.parametrize(
    ("smazzata", "expected"),
    [
        (
            Smazzata(closes(-20), LineEntry(-150), "chiusura"),
            [("closer_negative_cards", {"line": "ns", "field": "cards", "value": -20})],
        ),
        (
            Smazzata(LineEntry(40), closes(-5), "chiusura"),
            [("closer_negative_cards", {"line": "eo", "field": "cards", "value": -5})],
        ),
        (Smazzata(closes(0), LineEntry(-150), "chiusura"), []),
        (Smazzata(closes(120), LineEntry(-150), "chiusura"), []),
        # Negative card points for a line that did not close are ordinary.
        (Smazzata(LineEntry(-300), LineEntry(-150), "tallone"), []),
    ],
)
def test_a_closer_with_negative_card_points_is_flagged_but_scored(smazzata, expected):
    assert _flags(smazzata_flags(CLASSIC, smazzata)) == expected
    score_smazzata(CLASSIC, smazzata)  # accepted: no refusal


def test_turno_flags_name_the_smazzata_and_the_margin():
    smazzate = [
        Smazzata(closes(500, pulito=3), LineEntry(-100, pozzetto=False), "chiusura"),
        Smazzata(closes(-10, pulito=4), LineEntry(-200, pozzetto=False), "chiusura"),
        Smazzata(closes(600, pulito=4), LineEntry(-100, pozzetto=False), "chiusura"),
    ]
    # NS 1,200 + 890 + 1,500 = 3,590; EO -200 -300 -200 = -700: a margin of 4,290.
    assert _flags(turno_flags(CLASSIC, smazzate)) == [
        ("closer_negative_cards", {"line": "ns", "field": "cards", "value": -10, "smazzata": 1}),
        ("margin_beyond_usual", {"margin": 4290, "smazzate": 3, "limit": 3000}),
    ]


@pytest.mark.parametrize(
    ("totals", "played", "flagged"),
    [
        ((3100, 100), 3, False),  # 3,000: the usual at most
        ((3105, 100), 3, True),
        ((100, 4200), 4, True),
        ((2000, 0), 2, False),
        ((1005, 0), 1, True),
    ],
)
def test_a_turno_entered_as_totals_is_flagged_on_its_margin(totals, played, flagged):
    flags = turno_flags(CLASSIC, totals=totals, smazzate_played=played)
    assert [flag.code for flag in flags] == (["margin_beyond_usual"] if flagged else [])


def test_the_usual_margin_follows_the_rules():
    assert usual_margin_per_smazzata(CLASSIC) == 1000
    # A burraco reale alone is worth 1,000 in the reale rules.
    assert usual_margin_per_smazzata(REALE) == 2000
    assert turno_flags(REALE, totals=(5900, 0), smazzate_played=3) == []
    assert turno_flags(CLASSIC, totals=(1500, 0), smazzate_played=3, per_smazzata=400) != []


def test_flags_read_like_engine_errors():
    flag = smazzata_flags(CLASSIC, Smazzata(closes(-20), LineEntry(0), "chiusura"))[0]
    assert flag.code in CODES and flag.line == "ns"
    assert "negative card points" in flag.message


# --- a turno's tables ---------------------------------------------------------------------------


def _turno(*tables, per_turno=3):
    return [
        (f.code, f.params["table"])
        for f in turno_anomalies(CLASSIC, tables, smazzate_per_turno=per_turno)
    ]


def _by_smazzata(table, totals):
    ns = sum(a for a, _ in totals)
    eo = sum(b for _, b in totals)
    return TableFacts(table, "smazzate", ns, eo, smazzata_totals=tuple(totals))


def test_a_plausible_turno_has_no_anomaly():
    assert (
        _turno(
            _by_smazzata(1, [(500, 300), (200, 400), (700, 100)]),
            TableFacts(2, "totals", 1200, 900),
            TableFacts(3, "forfeit"),
        )
        == []
    )


def test_a_table_without_result():
    assert _turno(TableFacts(1, "totals", 900, 700), TableFacts(2)) == [("table_without_result", 2)]


def test_same_total_in_every_smazzata():
    assert _turno(_by_smazzata(4, [(300, 300), (450, 450), (120, 120)])) == [
        ("same_total_every_smazzata", 4)
    ]


def test_a_result_that_mirrors_another_tables():
    flags = _turno(TableFacts(1, "totals", 1250, 600), TableFacts(2, "totals", 600, 1250))
    assert flags == [("mirrored_result", 1), ("mirrored_result", 2)]
    # A draw mirrors itself and every other draw: not flagged.
    assert _turno(TableFacts(1, "totals", 800, 800), TableFacts(2, "totals", 800, 800)) == []


def test_a_smazzata_count_different_from_the_turnos():
    flags = turno_anomalies(
        CLASSIC, [_by_smazzata(3, [(500, 300), (200, 400)])], smazzate_per_turno=3
    )
    assert [(f.code, f.params) for f in flags] == [
        ("smazzate_count", {"table": 3, "count": 2, "expected": 3})
    ]


def test_the_margin_is_weighed_against_the_smazzate_played():
    # 2,500 MP over 2 smazzate is beyond 2,000; over the turno's 3 it would not be.
    flags = _turno(_by_smazzata(1, [(1500, 0), (1000, 0)]), per_turno=None)
    assert flags == [("margin_beyond_usual", 1)]
    assert _turno(TableFacts(1, "totals", 2500, 0)) == []
