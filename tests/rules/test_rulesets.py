"""Ruleset presets, director overrides and the JSON round trip (RULES.md sections 2, 4, 9)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.rulesets import (
    CODES,
    RULESET_NAMES,
    Ruleset,
    get_ruleset,
)


def test_preset_names():
    assert RULESET_NAMES == ("classic", "reale", "internazionale")


def test_classic_preset_values():
    rs = get_ruleset("classic")
    assert (rs.pinella_value, rs.jolly_value, rs.has_jolly) == (20, 30, True)
    assert rs.combinations_allowed is True
    assert rs.burraco_kinds == ("pulito", "semipulito", "sporco")
    assert [rs.bonus(kind) for kind in rs.burraco_kinds] == [200, 150, 100]
    assert (rs.chiusura_bonus, rs.pozzetto_penalty) == (100, 100)
    assert rs.semipulito is True
    assert rs.closing_needs_pulito is False
    assert rs.pozzetto_penalty_always is True


def test_reale_preset_values():
    rs = get_ruleset("reale")
    assert (rs.pinella_value, rs.has_jolly, rs.combinations_allowed) == (10, False, False)
    assert rs.burraco_kinds == ("pulito", "sporco", "nobile", "reale")
    assert [rs.bonus(kind) for kind in rs.burraco_kinds] == [200, 100, 500, 1000]
    assert rs.semipulito is False
    assert rs.closing_needs_pulito is True
    assert rs.clean_kinds == ("pulito", "nobile", "reale")


def test_internazionale_is_classic_with_closing_on_a_pulito():
    classic, inter = get_ruleset("classic"), get_ruleset("internazionale")
    assert inter.closing_needs_pulito is True
    assert inter.name == "internazionale"
    assert inter.bonuses == classic.bonuses
    assert inter.pinella_value == classic.pinella_value


def test_semipulito_switch_off_removes_the_kind():
    rs = get_ruleset("classic", semipulito=False)
    assert rs.burraco_kinds == ("pulito", "sporco")
    with pytest.raises(RuleViolation) as excinfo:
        rs.bonus("semipulito")
    assert excinfo.value.code == "burraco_kind_not_in_ruleset"


def test_overrides_apply_and_leave_the_preset_alone():
    rs = get_ruleset(
        "classic",
        chiusura_bonus=150,
        pozzetto_penalty=50,
        closing_needs_pulito=True,
        pozzetto_penalty_always=False,
        bonuses={"pulito": 250},
    )
    assert (rs.chiusura_bonus, rs.pozzetto_penalty) == (150, 50)
    assert rs.closing_needs_pulito is True
    assert rs.pozzetto_penalty_always is False
    assert rs.bonus("pulito") == 250
    assert rs.bonus("sporco") == 100
    assert get_ruleset("classic").bonus("pulito") == 200


def test_ruleset_is_frozen():
    rs = get_ruleset("classic")
    with pytest.raises(AttributeError):
        rs.chiusura_bonus = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("end", "always", "applies"),
    [
        (None, True, True),
        ("tempo", True, True),
        ("tempo", False, False),
        ("arbitrale", False, False),
        ("tallone", False, True),
        ("chiusura", False, True),
    ],
)
def test_pozzetto_penalty_switch(end, always, applies):
    rs = get_ruleset("classic", pozzetto_penalty_always=always)
    assert rs.pozzetto_penalty_applies(end) is applies


@pytest.mark.parametrize(
    ("name", "overrides", "code"),
    [
        ("burraco", {}, "unknown_ruleset"),
        ("Classic", {}, "unknown_ruleset"),
        ("classic", {"jolly": False}, "unknown_rule_option"),
        ("classic", {"pinella_value": 10}, "unknown_rule_option"),
        ("reale", {"semipulito": True}, "semipulito_not_in_ruleset"),
        ("reale", {"bonuses": {"semipulito": 150}}, "burraco_kind_not_in_ruleset"),
        ("classic", {"bonuses": {"nobile": 500}}, "burraco_kind_not_in_ruleset"),
        ("classic", {"bonuses": {"pulito": -200}}, "negative_rule_value"),
        ("classic", {"pozzetto_penalty": -100}, "negative_rule_value"),
        ("classic", {"chiusura_bonus": -5}, "negative_rule_value"),
        ("classic", {"chiusura_bonus": 103}, "rule_value_not_multiple_of_5"),
        ("classic", {"chiusura_bonus": "100"}, "invalid_rule_option"),
        ("classic", {"chiusura_bonus": True}, "invalid_rule_option"),
        ("classic", {"semipulito": "yes"}, "invalid_rule_option"),
        ("classic", {"bonuses": [("pulito", 250)]}, "invalid_rule_option"),
    ],
)
def test_bad_presets_and_overrides_are_refused(name, overrides, code):
    with pytest.raises(RuleViolation) as excinfo:
        get_ruleset(name, **overrides)
    assert excinfo.value.code == code
    assert code in CODES


def test_unknown_option_names_the_option():
    with pytest.raises(RuleViolation) as excinfo:
        get_ruleset("classic", chiusra_bonus=100)
    assert excinfo.value.params == {"option": "chiusra_bonus"}


def test_semipulito_off_is_accepted_for_reale():
    assert get_ruleset("reale", semipulito=False) == get_ruleset("reale")


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_to_dict_is_plain_json(name):
    data = get_ruleset(name).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["name"] == name
    assert isinstance(data["bonuses"], dict)


overrides_strategy = st.fixed_dictionaries(
    {},
    optional={
        "chiusura_bonus": st.integers(0, 100).map(lambda n: n * 5),
        "pozzetto_penalty": st.integers(0, 100).map(lambda n: n * 5),
        "closing_needs_pulito": st.booleans(),
        "pozzetto_penalty_always": st.booleans(),
        "bonuses": st.fixed_dictionaries(
            {}, optional={"pulito": st.integers(0, 400).map(lambda n: n * 5)}
        ),
    },
)


@given(st.sampled_from(RULESET_NAMES), overrides_strategy, st.booleans())
def test_to_dict_from_dict_round_trips_through_json(name, overrides, semipulito):
    if name != "reale":
        overrides["semipulito"] = semipulito
    rs = get_ruleset(name, **overrides)
    assert Ruleset.from_dict(json.loads(json.dumps(rs.to_dict()))) == rs


def test_from_dict_fills_missing_keys_from_the_preset():
    assert Ruleset.from_dict({"name": "reale"}) == get_ruleset("reale")
    rs = Ruleset.from_dict({"name": "classic", "bonuses": {"sporco": 90}})
    assert rs.bonus("sporco") == 90
    assert rs.bonus("pulito") == 200


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({}, "unknown_ruleset"),
        ({"name": "bridge"}, "unknown_ruleset"),
        ({"name": "classic", "colour": "red"}, "unknown_rule_option"),
        ({"name": "reale", "semipulito": True}, "semipulito_not_in_ruleset"),
        ({"name": "classic", "pinella_value": -20}, "negative_rule_value"),
        ({"name": "classic", "has_jolly": 1}, "invalid_rule_option"),
    ],
)
def test_from_dict_refuses_bad_stored_rules(data, code):
    with pytest.raises(RuleViolation) as excinfo:
        Ruleset.from_dict(data)
    assert excinfo.value.code == code


def test_from_dict_keeps_stored_card_values():
    rs = Ruleset.from_dict({**get_ruleset("classic").to_dict(), "pinella_value": 25})
    assert rs.pinella_value == 25


def test_a_scorecard_records_semipulito_whatever_the_switch_says():
    """Issue 27: the switch decides how a semipulito counts, never whether it is recorded."""
    off = get_ruleset("classic", semipulito=False, bonuses={"semipulito": 120})
    assert off.entry_kinds == ("pulito", "semipulito", "sporco")
    assert off.burraco_kinds == ("pulito", "sporco")
    assert off.semipulito_as_sporco
    assert dict(off.bonuses)["semipulito"] == 120  # kept for when it is back on
    assert not get_ruleset("classic").semipulito_as_sporco
    reale = get_ruleset("reale")
    assert "semipulito" not in reale.entry_kinds and not reale.semipulito_as_sporco
