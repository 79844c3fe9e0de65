"""Semipulito (RULES.md section 4, seed 003): seven natural cards in a row the matta does not
break, wherever the matta sits; or a combination of eight or more cards with the matta."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.cards import JOLLY, SUITS, Card, format_cards
from burraco_tourney.rules.melds import evaluate_meld, natural_run
from burraco_tourney.rules.rulesets import get_ruleset

RULESETS = {
    "classic": get_ruleset("classic"),
    "no_semi": get_ruleset("classic", semipulito=False),
    "reale": get_ruleset("reale"),
}


@pytest.mark.parametrize(
    ("text", "rules", "burraco", "bonus", "matta_as", "run"),
    [
        # The two melds of issue 9: the matta fills a gap, seven natural cards on one side.
        ("3C 4C 5C 6C 7C 8C 9C 2F JC", "classic", "semipulito", 150, "10C", 7),
        ("3C JK 5C 6C 7C 8C 9C 10C JC", "classic", "semipulito", 150, "4C", 7),
        # Seven natural cards and the matta at an end (as before).
        ("3C 4C 5C 6C 7C 8C 9C JK", "classic", "semipulito", 150, "2C", 7),
        ("JK 5P 6P 7P 8P 9P 10P JP QP KP", "classic", "semipulito", 150, "4P", 9),
        # A natural 2 counts among the natural cards.
        ("2C 3C 4C 5C 6C 7C 8C 2P 10C", "classic", "semipulito", 150, "9C", 7),
        ("AC 2C 3C 4C 5C 6C 7C JK", "classic", "semipulito", 150, "8C", 7),
        # The suit's own 2 out of its place is a matta: 4 to 10 are seven in a row.
        ("4Q 5Q 6Q 7Q 8Q 9Q 10Q 2Q QQ KQ", "classic", "semipulito", 150, "JQ", 7),
        # A to K with the matta for the 7 reads best with the ace high: 8 to A are seven.
        ("AC 2C 3C 4C 5C 6C JK 8C 9C 10C JC QC KC", "classic", "semipulito", 150, "7C", 7),
        # Negative: the matta breaks the run into pieces shorter than seven.
        ("3C 4C 5C 6C 7C 8C 2F 10C JC", "classic", "sporco", 100, "9C", 6),
        ("3C 4C 5C 6C JK 8C 9C 10C JC", "classic", "sporco", 100, "7C", 4),
        ("4C 5C 6C 7C 8C 9C JK JC QC KC", "classic", "sporco", 100, "10C", 6),
        ("3C 4C 5C JK 7C 8C 9C 10C", "classic", "sporco", 100, "6C", 4),
        # Negative: six natural cards and the matta at an end.
        ("3C 4C 5C 6C 7C 8C 2Q", "classic", "sporco", 100, "2C", 6),
        # Semipulito switched off, or a ruleset without it: sporco.
        ("3C 4C 5C 6C 7C 8C 9C 2F JC", "no_semi", "sporco", 100, "10C", 7),
        ("3C JK 5C 6C 7C 8C 9C 10C JC", "no_semi", "sporco", 100, "4C", 7),
        ("3C 4C 5C 6C 7C 8C 9C 2F JC", "reale", "sporco", 100, "10C", 7),
    ],
)
def test_sequences(text, rules, burraco, bonus, matta_as, run):
    meld = evaluate_meld(text, RULESETS[rules])
    assert (meld.burraco, meld.bonus) == (burraco, bonus)
    assert format_cards([meld.matta_as]) == matta_as
    assert natural_run(meld) == run


@pytest.mark.parametrize(
    ("text", "burraco"),
    [
        ("8C 8C 8Q 8Q 8F 8F 8P 2C", "semipulito"),  # eight cards with the matta
        ("8C 8C 8Q 8Q 8F 8F 8P 8P JK", "semipulito"),
        ("8C 8C 8Q 8Q 8F 8F 2C", "sporco"),  # seven with the matta
        ("8C 8C 8Q 8Q 8F 8F 8P", "pulito"),
    ],
)
def test_combinations(text, burraco):
    assert evaluate_meld(text, RULESETS["classic"]).burraco == burraco


def test_a_clean_burraco_stays_pulito():
    meld = evaluate_meld("2F 3F 4F 5F 6F 7F 8F", RULESETS["classic"])
    assert (meld.burraco, meld.matta) == ("pulito", None)


@st.composite
def sequences_with_one_matta(draw):
    """A run of one suit from 2 to K with one card replaced by, or one card added as, a matta
    that can never be natural there (the jolly or a 2 of another suit); and its natural run.

    No ace: an ace may go low or high, so the cards may have a better reading than the one
    drawn (see the A..K example above)."""
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(7, 12))
    low = draw(st.integers(2, 14 - length))
    cards = [Card(p, suit) for p in range(low, low + length)]
    matta = draw(st.sampled_from([JOLLY, *[Card(2, s) for s in SUITS if s != suit]]))
    if draw(st.booleans()):
        return [*cards, matta], length  # at one end: it breaks nothing
    index = draw(st.integers(0, length - 1))
    cards[index] = matta
    return cards, max(index, length - 1 - index)


@settings(deadline=None)
@given(sequences_with_one_matta())
def test_semipulito_whenever_seven_natural_cards_lie_in_a_row(case):
    cards, run = case
    meld = evaluate_meld(cards, RULESETS["classic"])
    assert meld.burraco == ("semipulito" if run >= 7 else "sporco")
    assert evaluate_meld(cards, RULESETS["no_semi"]).burraco == "sporco"
