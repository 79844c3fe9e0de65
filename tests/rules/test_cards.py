"""Reading, printing and valuing single cards (RULES.md section 2)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco_tourney.rules.cards import (
    JOLLY,
    SUITS,
    Card,
    card_value,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from burraco_tourney.rules.errors import InvalidMeld
from burraco_tourney.rules.rulesets import get_ruleset

CLASSIC = get_ruleset("classic")
REALE = get_ruleset("reale")


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AC", Card(1, "C")),
        ("2P", Card(2, "P")),
        ("10Q", Card(10, "Q")),
        ("10q", Card(10, "Q")),
        ("QQ", Card(12, "Q")),
        ("qq", Card(12, "Q")),
        ("JF", Card(11, "F")),
        ("KP", Card(13, "P")),
        ("7♥", Card(7, "C")),
        ("7♦", Card(7, "Q")),
        ("7♣", Card(7, "F")),
        ("7♠", Card(7, "P")),
        ("A♥\ufe0f", Card(1, "C")),
        ("JK", JOLLY),
        ("jk", JOLLY),
        ("  Jk ", JOLLY),
        (" 5c\t", Card(5, "C")),
    ],
)
def test_parse_card_reads_the_house_notation(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize(
    "text", ["", "1C", "11C", "0Q", "AX", "A", "C", "JKK", "10", "2 C", "KA", "J", "♥7", None, 5]
)
def test_parse_card_refuses_anything_else_naming_the_text(text):
    with pytest.raises(InvalidMeld) as excinfo:
        parse_card(text)
    assert excinfo.value.code == "bad_card"
    assert "card" in excinfo.value.params


def test_bad_card_error_quotes_what_was_typed():
    with pytest.raises(InvalidMeld) as excinfo:
        parse_cards("3C 4X 5C")
    assert excinfo.value.params == {"card": "4X"}


@pytest.mark.parametrize(
    "given_cards",
    ["3C 4C 5C", "3C,4C,5C", " 3c , 4C\n5c ", ["3C", "4c", "5C"], [Card(3, "C"), "4C", "5C"]],
)
def test_parse_cards_splits_on_spaces_and_commas(given_cards):
    assert parse_cards(given_cards) == (Card(3, "C"), Card(4, "C"), Card(5, "C"))


@pytest.mark.parametrize("given_cards", ["", "   ", " , ,", []])
def test_parse_cards_refuses_an_empty_meld(given_cards):
    with pytest.raises(InvalidMeld) as excinfo:
        parse_cards(given_cards)
    assert excinfo.value.code == "empty_meld"


@pytest.mark.parametrize(
    ("card", "text"),
    [(Card(10, "Q"), "10Q"), (Card(1, "C"), "AC"), (Card(12, "Q"), "QQ"), (JOLLY, "JK")],
)
def test_format_card_prints_the_canonical_form(card, text):
    assert format_card(card) == text
    assert str(card) == text


def test_format_cards_joins_with_spaces():
    assert format_cards(parse_cards("ac 10q jk")) == "AC 10Q JK"


@pytest.mark.parametrize(
    ("text", "classic", "reale"),
    [
        ("3C", 5, 5),
        ("7P", 5, 5),
        ("8Q", 10, 10),
        ("10F", 10, 10),
        ("JC", 10, 10),
        ("QQ", 10, 10),
        ("KP", 10, 10),
        ("AC", 15, 15),
        ("2C", 20, 10),
    ],
)
def test_card_values_follow_the_table(text, classic, reale):
    card = parse_card(text)
    assert card_value(card, CLASSIC) == classic
    assert card_value(card, REALE) == reale


def test_jolly_is_worth_30_in_classic_and_missing_in_reale():
    assert card_value(JOLLY, CLASSIC) == 30
    with pytest.raises(InvalidMeld) as excinfo:
        card_value(JOLLY, REALE)
    assert excinfo.value.code == "jolly_not_in_ruleset"


def test_a_card_built_in_code_must_be_real():
    with pytest.raises(ValueError):
        Card(14, "C")
    with pytest.raises(ValueError):
        Card(5, "X")


cards_strategy = st.one_of(
    st.just(JOLLY), st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS))
)


@given(cards_strategy)
def test_format_then_parse_gives_the_same_card(card):
    assert parse_card(format_card(card)) == card
    assert parse_card(format_card(card).lower()) == card


@given(cards_strategy)
def test_every_card_value_is_a_multiple_of_5(card):
    assert card_value(card, CLASSIC) % 5 == 0
