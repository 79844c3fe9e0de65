"""A chiusura is the last move of its smazzata (RULES.md sections 5 and 8).

The last move decides a tied KO match, so a scorecard that names one line as closer and the
other as making the last move is refused, and a blank last move is the closer's.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import (
    CODES,
    LineEntry,
    Smazzata,
    closing_line,
    score_smazzata,
    smazzata_violations,
    with_closer_as_last_move,
)

CLASSIC = get_ruleset("classic")
CLOSING = LineEntry(120, pulito=1, chiusura=True)
OPEN = LineEntry(45, sporco=1)


def closed_by(line: str, last_move: str | None) -> Smazzata:
    ns, eo = (CLOSING, OPEN) if line == "ns" else (OPEN, CLOSING)
    return Smazzata(ns=ns, eo=eo, end="chiusura", last_move=last_move)


def codes(smazzata: Smazzata) -> list[str]:
    return [v.code for v in smazzata_violations(CLASSIC, smazzata)]


@pytest.mark.parametrize(
    ("smazzata", "refused"),
    [
        (closed_by("ns", "eo"), True),
        (closed_by("eo", "ns"), True),
        (closed_by("ns", "ns"), False),
        (closed_by("eo", "eo"), False),
        (closed_by("ns", None), False),
        # Nobody closed (tallone, time out): either line may have made the last move.
        (Smazzata(OPEN, OPEN, "tallone", last_move="ns"), False),
        (Smazzata(OPEN, OPEN, "tempo", last_move="eo"), False),
    ],
)
def test_a_last_move_other_than_the_closer_is_refused(smazzata, refused):
    assert ("last_move_not_closer" in codes(smazzata)) is refused


def test_the_refusal_points_at_the_last_move_box_and_names_both_lines():
    (violation,) = smazzata_violations(CLASSIC, closed_by("ns", "eo"))
    assert violation.code == "last_move_not_closer" and "last_move_not_closer" in CODES
    assert violation.params == {
        "line": None,
        "field": "last_move",
        "closer": "ns",
        "last_move": "eo",
    }
    assert violation.message == "NS closed, so it made the last move, not EO."
    with pytest.raises(RuleViolation) as raised:
        score_smazzata(CLASSIC, closed_by("ns", "eo"))
    assert raised.value.code == "last_move_not_closer"


def test_both_lines_closed_is_one_error_not_also_a_last_move_one():
    smazzata = Smazzata(CLOSING, CLOSING, "chiusura", last_move="eo")
    assert codes(smazzata) == ["both_lines_closed"]


def test_an_unknown_last_move_is_not_also_called_a_contradiction():
    assert codes(closed_by("ns", "nord")) == ["unknown_last_move"]


@pytest.mark.parametrize(
    ("smazzata", "closer"),
    [
        (closed_by("ns", None), "ns"),
        (closed_by("eo", None), "eo"),
        (Smazzata(OPEN, OPEN, "tallone"), None),
        (Smazzata(CLOSING, CLOSING, "chiusura"), None),
    ],
)
def test_the_closing_line(smazzata, closer):
    assert closing_line(smazzata) == closer


@pytest.mark.parametrize(
    ("smazzata", "last_move"),
    [
        (closed_by("ns", None), "ns"),
        (closed_by("eo", None), "eo"),
        # A given last move is kept, even a wrong one: the violation says so, not a silent fix.
        (closed_by("ns", "eo"), "eo"),
        (Smazzata(OPEN, OPEN, "tallone"), None),
        (Smazzata(OPEN, OPEN, "tallone", last_move="eo"), "eo"),
        (Smazzata(CLOSING, CLOSING, "chiusura"), None),
    ],
)
def test_a_blank_last_move_is_filled_from_the_closer(smazzata, last_move):
    filled = with_closer_as_last_move(smazzata)
    assert filled.last_move == last_move
    assert (filled.ns, filled.eo, filled.end) == (smazzata.ns, smazzata.eo, smazzata.end)


lines = st.sampled_from(["ns", "eo"])


@given(closer=lines, last_move=st.one_of(st.none(), lines), cards=st.integers(-40, 80))
def test_filling_never_contradicts_and_never_changes_the_score(closer, last_move, cards):
    smazzata = Smazzata(
        ns=LineEntry(cards * 5, sporco=1, chiusura=closer == "ns"),
        eo=LineEntry(cards * 5, pulito=1, chiusura=closer == "eo"),
        end="chiusura",
        last_move=last_move,
    )
    filled = with_closer_as_last_move(smazzata)
    contradicts = last_move not in (None, closer)
    assert ("last_move_not_closer" in codes(filled)) is contradicts
    if not contradicts:
        assert filled.last_move == closer
        assert score_smazzata(CLASSIC, filled) == score_smazzata(CLASSIC, smazzata)
