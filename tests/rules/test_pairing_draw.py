"""Shared pairing types, bye helpers and the error-code registry of the pairing package."""

from __future__ import annotations

import subprocess
import sys

import pytest

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing import danese, draw, italiana, manual, mitchell
from burraco_tourney.rules.pairing.byes import bye_note, fewest_byes, may_rest
from burraco_tourney.rules.pairing.draw import Draw, DrawNote, Seat, check_turno, validate_pairs


def test_draw_lists_pairs_opponents_and_meetings() -> None:
    result = Draw((Seat(1, 3, 8), Seat(2, 5, 1)), (7,), (DrawNote("manual", {"tables": 2}),))
    assert result.pairs == (3, 8, 5, 1, 7)
    assert result.opponent(8) == 3
    assert result.opponent(5) == 1
    assert result.opponent(7) is None
    assert result.meetings() == {frozenset((3, 8)), frozenset((1, 5))}
    assert result.notes_with("manual") == (DrawNote("manual", {"tables": 2}),)


@pytest.mark.parametrize(
    ("seats", "byes"),
    [
        ((Seat(1, 3, 3),), ()),
        ((Seat(1, 3, 4), Seat(2, 4, 5)), ()),
        ((Seat(1, 3, 4),), (3,)),
        ((Seat(1, 3, 4), Seat(1, 5, 6)), ()),
        ((Seat(0, 3, 4),), ()),
    ],
)
def test_a_draw_never_holds_a_pair_twice_or_a_table_twice(seats, byes) -> None:
    with pytest.raises(ValueError):
        Draw(seats, byes)


@pytest.mark.parametrize(
    ("pairs", "code"),
    [
        ([1], "too_few_pairs"),
        ([], "too_few_pairs"),
        ([1, 2, 1], "duplicate_pair"),
        ([0, 2], "invalid_pair_number"),
    ],
)
def test_pair_lists_are_checked(pairs, code) -> None:
    with pytest.raises(RuleViolation) as caught:
        validate_pairs(pairs)
    assert caught.value.code == code


@pytest.mark.parametrize(("turno", "last"), [(0, None), (-1, 5), (6, 5)])
def test_turno_numbers_outside_the_calendar_are_refused(turno, last) -> None:
    with pytest.raises(RuleViolation) as caught:
        check_turno(turno, last)
    assert caught.value.code == "turno_out_of_range"
    assert caught.value.params["turno"] == turno


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ({}, (4, 3, 2, 1)),
        ({4: 1}, (3, 2, 1)),
        ({1: 1, 2: 1, 3: 1, 4: 1}, (4, 3, 2, 1)),
        ({1: 2, 2: 1, 3: 1, 4: 2}, (3, 2)),
    ],
)
def test_fewest_byes_keeps_the_given_order(counts, expected) -> None:
    assert fewest_byes([4, 3, 2, 1], counts) == expected
    assert may_rest(expected[0], [1, 2, 3, 4], counts)


def test_bye_note_reports_past_byes_only_when_known() -> None:
    assert bye_note(3, "calendar", {3: 1}).params == {
        "pair": 3,
        "reason": "calendar",
        "byes_before": 1,
    }
    assert "byes_before" not in bye_note(3, "director", None).params


@pytest.mark.parametrize("module", [draw, mitchell, danese, italiana, manual])
def test_every_module_code_is_registered_for_translation(module) -> None:
    assert set(module.CODES) <= set(draw.CODES)
    assert all(code == code.lower() and " " not in code for code in module.CODES)


def test_the_registry_has_no_code_nobody_raises() -> None:
    raised = set(mitchell.CODES) | set(danese.CODES) | set(italiana.CODES) | set(manual.CODES)
    assert raised == set(draw.CODES)


def test_pairing_modules_import_without_django() -> None:
    # A fresh interpreter where any import of Django fails.
    modules = ("draw", "byes", "matching", "mitchell", "danese", "italiana", "manual")
    code = "import sys; sys.modules['django'] = None\n" + "\n".join(
        f"import burraco_tourney.rules.pairing.{name}" for name in modules
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
