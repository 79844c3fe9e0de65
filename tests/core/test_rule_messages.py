"""The rules engine's codes become sentences a tournament director can read and act on."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

import burraco_tourney.rules as rules_package
from burraco_tourney.core.rule_messages import (
    MESSAGES,
    VARIANTS,
    rule_error_field,
    rule_error_message,
)
from burraco_tourney.rules.anomalies import smazzata_flags, turno_flags
from burraco_tourney.rules.errors import RuleError, RuleViolation
from burraco_tourney.rules.melds import evaluate_meld
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import LineEntry, Smazzata, smazzata_violations

from .rule_refusals import REFUSALS

CLASSIC = get_ruleset("classic")
FALLBACK = "the engine's own English sentence"


def _engine_modules() -> list:
    """Every module of the rules package, the pairing subpackage included."""
    names = [
        info.name
        for info in pkgutil.walk_packages(rules_package.__path__, "burraco_tourney.rules.")
    ]
    return [importlib.import_module(name) for name in names]


def _all(tuple_name: str) -> dict[str, str]:
    """code -> the module that lists it, for every module with that tuple."""
    found: dict[str, str] = {}
    for module in _engine_modules():
        for code in getattr(module, tuple_name, ()):
            found.setdefault(code, module.__name__)
    return found


ERROR_CODES = _all("CODES")
NOTE_CODES = _all("NOTE_CODES")


def test_the_engine_modules_are_all_found():
    with_codes = {m.__name__.rsplit(".", 1)[-1] for m in _engine_modules() if hasattr(m, "CODES")}
    expected = {"cards", "melds", "rulesets", "scoring", "vp", "match", "standings", "tiebreaks"}
    assert expected | {"pairing", "manual", "mitchell", "danese"} <= with_codes
    assert NOTE_CODES


@pytest.mark.parametrize("code", sorted(ERROR_CODES))
def test_every_error_code_has_a_sentence(code):
    assert code in MESSAGES, f"{code} (raised by {ERROR_CODES[code]}) has no sentence"


def test_no_sentence_is_left_for_a_code_the_engine_no_longer_has():
    assert set(MESSAGES) <= set(ERROR_CODES)
    assert set(VARIANTS) <= set(MESSAGES)


@pytest.mark.parametrize(
    ("refuse", "code", "expected"),
    REFUSALS,
    ids=[f"{n}-{case[1]}" for n, case in enumerate(REFUSALS)],
)
def test_a_real_refusal_reads_as_a_sentence_with_its_values(refuse, code, expected):
    with pytest.raises(RuleError) as caught:
        refuse()
    error = caught.value
    assert error.code == code
    error.message = FALLBACK  # so a sentence from the engine instead of the table shows up
    with translation.override("en"):
        text = rule_error_message(error)
    assert text != FALLBACK
    assert "%(" not in text
    for words in expected:
        assert words in text


@pytest.mark.parametrize(
    "error",
    [
        RuleViolation("no_such_code", FALLBACK, line="ns"),
        RuleViolation("cards_not_multiple_of_5", FALLBACK),
        RuleViolation("vp_total_mismatch", FALLBACK, band=2, total=19),
    ],
    ids=["unknown code", "no params", "a param missing"],
)
def test_without_a_table_sentence_the_engine_sentence_is_shown(error):
    with translation.override("en"):
        assert rule_error_message(error) == FALLBACK


def _closer(cards: int) -> LineEntry:
    return LineEntry(cards, pulito=1, chiusura=True)


# (flag, words the director must read): flags are not raised, but read like refusals.
FLAGS = [
    (
        lambda: smazzata_flags(CLASSIC, Smazzata(_closer(-20), LineEntry(0), "chiusura")),
        "closer_negative_cards",
        ["NS closed with negative card points (-20)"],
    ),
    (
        lambda: turno_flags(CLASSIC, [Smazzata(LineEntry(0), _closer(-5), "chiusura")]),
        "closer_negative_cards",
        ["Smazzata 1: EO closed with negative card points (-5)"],
    ),
    (
        lambda: turno_flags(CLASSIC, totals=(3500, 0), smazzate_played=3),
        "margin_beyond_usual",
        ["A margin of 3500 MP over 3 smazzate", "(3000)"],
    ),
]


@pytest.mark.parametrize(("flags", "code", "expected"), FLAGS)
def test_a_flag_reads_as_a_sentence_with_its_values(flags, code, expected):
    flag = flags()[0]
    assert flag.code == code
    assert code in ERROR_CODES and code in MESSAGES
    flag = dataclasses.replace(flag, message=FALLBACK)  # so the table's sentence shows up
    with translation.override("en"):
        text = rule_error_message(flag)
    assert text != FALLBACK and "%(" not in text
    for words in expected:
        assert words in text


def test_suits_and_the_pack_read_in_italian():
    with pytest.raises(RuleError) as caught:
        evaluate_meld("5C 6C 7Q", CLASSIC)
    with translation.override("it"):
        assert "cuori, quadri" in rule_error_message(caught.value)
        pack = smazzata_violations(CLASSIC, Smazzata(LineEntry(5000), LineEntry(0), "tallone"))
        assert rule_error_message(pack[0]) == (
            "NS: i punti carte 5000 superano il valore dell'intero mazzo (1080)."
        )


# The param names the engine's raise sites use.
_PARAM_NAMES = [
    "band",
    "card",
    "cards",
    "closer",
    "count",
    "end",
    "entered",
    "expected",
    "extra",
    "field",
    "first_table",
    "key",
    "kind",
    "kinds",
    "laid",
    "limit",
    "line",
    "loser",
    "margin",
    "matta",
    "mode",
    "modes",
    "name",
    "option",
    "options",
    "other",
    "pair",
    "pairs",
    "planned",
    "previous",
    "rank",
    "ruleset",
    "size",
    "smazzata",
    "smazzate",
    "step",
    "suits",
    "table",
    "tables",
    "target",
    "total",
    "turni",
    "turno",
    "value",
    "winner",
]
_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.text(alphabet=st.characters(blacklist_characters="%"), max_size=8),
    st.lists(st.integers(), max_size=3),
)


@given(
    code=st.sampled_from(sorted(MESSAGES)),
    params=st.dictionaries(st.sampled_from(_PARAM_NAMES), _VALUES, max_size=6),
)
def test_any_params_give_a_full_sentence_or_the_engine_sentence(code, params):
    error = RuleViolation(code, FALLBACK, **params)
    with translation.override("en"):
        text = rule_error_message(error)
    assert text == FALLBACK or "%(" not in text


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"line": "ns", "field": "cards"}, "ns_cards"),
        ({"line": "eo", "field": "sporco"}, "eo_sporco"),
        ({"line": None, "field": "end"}, "end"),
        ({"line": "ns"}, None),
        ({}, None),
    ],
)
def test_an_error_names_the_form_field_it_belongs_to(params, field):
    assert rule_error_field(RuleViolation("any", **params)) == field


def test_every_violation_of_a_smazzata_points_at_its_box():
    smazzata = Smazzata(
        ns=LineEntry(243, chiusura=True), eo=LineEntry(100, pozzetto="yes"), end="tempo"
    )
    fields = [rule_error_field(error) for error in smazzata_violations(CLASSIC, smazzata)]
    assert fields == ["ns_cards", "eo_pozzetto", "ns_chiusura", "end"]
