"""A meld as it lies on the table (issue 9, case 6): the arrangement given, not the best one."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.cards import JOLLY, SUITS, Card, format_cards
from burraco_tourney.rules.errors import InvalidMeld
from burraco_tourney.rules.melds import evaluate_meld
from burraco_tourney.rules.melds_as_laid import CODES, evaluate_laid_meld
from burraco_tourney.rules.rulesets import get_ruleset
from tests.rules.test_melds import legal_combinations, legal_sequences

CLASSIC = get_ruleset("classic")
REALE = get_ruleset("reale")


@pytest.mark.parametrize(
    ("text", "options", "burraco", "matta_as", "best"),
    [
        # The 2C after the 8 stands for the 9: sporco; read best, it is natural (2 to 8): pulito.
        ("3C 4C 5C 6C 7C 8C 2C", {}, "sporco", "9C", "pulito"),
        ("3C 4C 5C 6C 7C 8C 2C", {"in_order": False, "matta_as": "9C"}, "sporco", "9C", "pulito"),
        ("3C 4C 5C 6C 7C 8C 2C", {"matta_as": "9"}, "sporco", "9C", "pulito"),
        # Laid with the 2 first it is in its natural place: pulito as laid too.
        ("2C 3C 4C 5C 6C 7C 8C", {}, "pulito", None, "pulito"),
        ("8C 7C 6C 5C 4C 3C 2C", {}, "pulito", None, "pulito"),  # high to low
        # Seven natural cards and the own 2 laid after them: semipulito, not pulito.
        ("3C 4C 5C 6C 7C 8C 9C 2C", {}, "semipulito", "10C", "pulito"),
        # The matta at the other end than the best reading puts it: same burraco.
        ("3C 4C 5C 6C 7C 8C 9C JK", {}, "semipulito", "10C", "semipulito"),
        ("JK 3C 4C 5C 6C 7C 8C 9C", {}, "semipulito", "2C", "semipulito"),
        (
            "3C 4C 5C 6C 7C 8C 9C JK",
            {"in_order": False, "matta_as": "10C"},
            "semipulito",
            "10C",
            "semipulito",
        ),
        # Issue 9 case 5, as laid.
        ("3C 4C 5C 6C 7C 8C 9C 2F JC", {}, "semipulito", "10C", "semipulito"),
        ("3C JK 5C 6C 7C 8C 9C 10C JC", {}, "semipulito", "4C", "semipulito"),
        # Seed 000: the 2 of cuori natural, 2P for the 4.
        ("AC 2C 3C 2P 5C", {}, None, "4C", None),
        ("5C 2P 3C 2C AC", {}, None, "4C", None),
        # A combination has no order; its matta takes the rank.
        ("JK 8C 8Q", {"matta_as": "8"}, None, None, None),
        ("2C 8C 8Q 8F 8P 8C 8Q 8F", {"matta_as": "8Q"}, "semipulito", None, "semipulito"),
        # Ace high, laid from the ace down.
        ("AP KP QP", {}, None, None, None),
    ],
)
def test_the_arrangement_given_is_judged(text, options, burraco, matta_as, best):
    meld = evaluate_laid_meld(text, CLASSIC, **options)
    assert meld.burraco == burraco
    if matta_as is not None:
        assert format_cards([meld.matta_as]) == matta_as
    assert evaluate_meld(text, CLASSIC).burraco == best


@pytest.mark.parametrize(
    ("text", "options", "code", "params"),
    [
        ("3C 5C 4C", {}, "laid_out_of_order", {"card": "5C", "previous": "3C"}),
        ("3C 4C 6C 5C 7C", {}, "laid_out_of_order", {"card": "6C", "previous": "4C"}),
        ("KC AC 2C", {}, "round_the_corner", {}),
        # Read best, the 2C is natural below the 3; laid after the 9 it is a second matta.
        (
            "3C 4C 5C 6C 7C 8C 9C 2C 2P",
            {},
            "laid_too_many_wild",
            {"cards": ("2C", "2P"), "count": 2},
        ),
        (
            "3C 4C 5C 6C 7C 8C 2C",
            {"matta_as": "10C"},
            "matta_cannot_stand_for",
            {"matta": "2C", "card": "10C", "laid": "9C"},
        ),
        (
            "3C 4C 5C 6C 7C 8C 2C",
            {"in_order": False, "matta_as": "10C"},
            "matta_cannot_stand_for",
            {"matta": "2C", "card": "10C", "options": ("9C",)},
        ),
        (
            "3C 4C 5C JK",
            {"in_order": False, "matta_as": "7"},
            "matta_cannot_stand_for",
            {"matta": "JK", "card": "7", "options": ("2C", "6C")},
        ),
        (
            "JK 8C 8Q",
            {"matta_as": "9"},
            "matta_cannot_stand_for",
            {"matta": "JK", "card": "9", "laid": "8"},
        ),
        ("3C 4C 5C", {"matta_as": "6C"}, "no_matta_to_stand_in", {"card": "6C"}),
        ("3C 4C 5C JK", {"matta_as": "JK"}, "bad_stand_in", {"card": "JK"}),
        # Cards that make no meld in any order get the same refusal as the best reading.
        ("3C 4C 6C", {}, "not_consecutive", {}),
        ("7Q 7Q 7F 2C JK", {}, "too_many_wild", {"count": 2}),
    ],
)
def test_an_arrangement_that_is_not_legal_says_why(text, options, code, params):
    with pytest.raises(InvalidMeld) as caught:
        evaluate_laid_meld(text, CLASSIC, **options)
    assert caught.value.code == code
    assert caught.value.params == params
    assert caught.value.message != code.replace("_", " ")


def test_codes_are_listed():
    assert set(CODES) == {
        "laid_out_of_order",
        "laid_too_many_wild",
        "no_matta_to_stand_in",
        "matta_cannot_stand_for",
    }


def test_reale_reads_as_laid_too():
    meld = evaluate_laid_meld("2P 2Q 3Q 4Q 5Q 6Q 7Q", REALE)
    assert (meld.burraco, format_cards([meld.matta_as])) == ("sporco", "AQ")


# --- properties -------------------------------------------------------------------------------

any_card = st.one_of(st.just(JOLLY), st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS)))
legal_melds = st.one_of(legal_sequences(), legal_combinations())


@settings(deadline=None)  # a loaded machine must not fail it
@given(legal_melds, st.booleans())
def test_the_best_reading_laid_out_is_judged_the_same(cards, backwards):
    best = evaluate_meld(cards, CLASSIC)
    laid = list(best.cards)[::-1] if backwards else list(best.cards)
    assert evaluate_laid_meld(laid, CLASSIC) == best
    assert evaluate_laid_meld(cards, CLASSIC, in_order=False) == best


@settings(deadline=None)  # a loaded machine must not fail it
@given(st.one_of(legal_melds, st.lists(any_card, min_size=3, max_size=14)), st.randoms())
def test_as_laid_is_never_better_than_the_best_reading(cards, rnd):
    rnd.shuffle(cards)
    try:
        laid = evaluate_laid_meld(cards, CLASSIC)
    except InvalidMeld:
        return
    assert laid.bonus <= evaluate_meld(cards, CLASSIC).bonus
