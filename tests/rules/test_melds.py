"""Melds and burraco kinds (RULES.md sections 3 and 4, seeds 000, 001, 003)."""

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco_tourney.rules.cards import JOLLY, SUITS, Card, card_value, format_cards, parse_cards
from burraco_tourney.rules.errors import InvalidMeld
from burraco_tourney.rules.melds import CODES, evaluate_meld
from burraco_tourney.rules.rulesets import get_ruleset

CLASSIC = get_ruleset("classic")
NO_SEMI = get_ruleset("classic", semipulito=False)
REALE = get_ruleset("reale")
RULESETS = {"classic": CLASSIC, "no_semi": NO_SEMI, "reale": REALE}

ACE_TO_KING = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"


@pytest.mark.parametrize(
    ("text", "rules", "kind", "points", "burraco", "bonus", "laid_out", "matta_as"),
    [
        # The API example: 7 natural cards in a row and the jolly at one end.
        (
            "3C 4C 5C 6C 7C 8C 9C JK",
            "classic",
            "sequence",
            75,
            "semipulito",
            150,
            "JK 3C 4C 5C 6C 7C 8C 9C",
            "2C",
        ),
        ("3C 4C 5C 6C 7C 8C 9C JK", "no_semi", "sequence", 75, "sporco", 100, None, None),
        # Seed 000: the 2 of cuori is natural, 2P stands for 4C.
        ("AC 2C 3C 2P 5C", "classic", "sequence", 65, None, 0, "AC 2C 3C 2P 5C", "4C"),
        ("AC 2C 3C 2P 5C", "reale", "sequence", 45, None, 0, "AC 2C 3C 2P 5C", "4C"),
        ("5C 2P AC 3C 2C", "classic", "sequence", 65, None, 0, "AC 2C 3C 2P 5C", "4C"),
        # Two identical 2s: one natural, the other a matta.
        ("AC 2C 3C 2C", "classic", "sequence", 60, None, 0, "AC 2C 3C 2C", "4C"),
        # Seed 000 combinations: the matta takes the combination's rank.
        ("JK 8C 8Q", "classic", "combination", 50, None, 0, "8C 8Q JK", None),
        ("2C 6P 6P", "classic", "combination", 30, None, 0, "6P 6P 2C", None),
        # Seed 000: a matta between two cards; a free matta at the end of 2C 5C 6C.
        ("6C JK 8C", "classic", "sequence", 45, None, 0, "6C JK 8C", "7C"),
        ("2C 5C 6C", "classic", "sequence", 30, None, 0, "2C 5C 6C", "4C"),
        ("5C 6C 2C 8C", "classic", "sequence", 40, None, 0, "5C 6C 2C 8C", "7C"),
        # Seed 001 (reale): A 2 3 4 5 with a natural 2.
        ("AQ 2Q 3Q 4Q 5Q", "reale", "sequence", 40, None, 0, "AQ 2Q 3Q 4Q 5Q", None),
        # Ace high and ace low.
        ("QP KP AP", "classic", "sequence", 35, None, 0, "QP KP AP", None),
        ("AP 2P 3P", "classic", "sequence", 40, None, 0, "AP 2P 3P", None),
        # K A 2 where the 2 is the matta standing for Q: Q K A is a sequence.
        ("KC AC 2C", "classic", "sequence", 45, None, 0, "2C KC AC", "QC"),
        ("QC KC JK", "classic", "sequence", 50, None, 0, "JK QC KC", "JC"),
        # Combinations with ace, with same suits, and of 8 cards.
        ("AC AQ AF", "classic", "combination", 45, None, 0, "AC AQ AF", None),
        ("7C 7C 7Q", "classic", "combination", 15, None, 0, "7C 7C 7Q", None),
        # Burraco pulito: 7 natural cards; a natural 2 keeps it clean.
        ("3F 4F 5F 6F 7F 8F 9F", "classic", "sequence", 45, "pulito", 200, None, None),
        ("AF 2F 3F 4F 5F 6F 7F", "classic", "sequence", 60, "pulito", 200, None, None),
        ("AF 2F 3F 4F 5F 6F 7F", "reale", "sequence", 50, "pulito", 200, None, None),
        # Read the best way for the line: the 2 natural makes it pulito, not sporco.
        ("2F 3F 4F 5F 6F 7F 8F", "classic", "sequence", 55, "pulito", 200, None, None),
        ("2F 2F 3F 4F 5F 6F 7F 8F", "classic", "sequence", 75, "semipulito", 150, None, "AF"),
        # A matta inside the run breaks it: sporco.
        ("3C 4C 5C JK 7C 8C 9C 10C", "classic", "sequence", 80, "sporco", 100, None, "6C"),
        ("3C 4C 5C 2P 7C 8C 9C", "classic", "sequence", 60, "sporco", 100, None, "6C"),
        # Only 6 natural cards in a row and the matta at an end: sporco.
        ("3C 4C 5C 6C 7C 8C 2Q", "classic", "sequence", 55, "sporco", 100, None, "2C"),
        # Combinations: 7 with a matta is sporco, 8 with a matta semipulito, 7 natural pulito.
        ("8C 8C 8Q 8Q 8F 8F 2C", "classic", "combination", 80, "sporco", 100, None, None),
        ("8C 8C 8Q 8Q 8F 8F 8P 2C", "classic", "combination", 90, "semipulito", 150, None, None),
        ("8C 8C 8Q 8Q 8F 8F 8P 2C", "no_semi", "combination", 90, "sporco", 100, None, None),
        ("8C 8C 8Q 8Q 8F 8F 8P", "classic", "combination", 70, "pulito", 200, None, None),
        (
            "8C 8C 8Q 8Q 8F 8F 8P 8P JK",
            "classic",
            "combination",
            110,
            "semipulito",
            150,
            None,
            None,
        ),
        # Reale: nobile A..K, reale A..A; classic counts both as pulito.
        (ACE_TO_KING, "reale", "sequence", 110, "nobile", 500, ACE_TO_KING, None),
        (ACE_TO_KING, "classic", "sequence", 120, "pulito", 200, None, None),
        (ACE_TO_KING + " AC", "reale", "sequence", 125, "reale", 1000, ACE_TO_KING + " AC", None),
        (ACE_TO_KING + " AC", "classic", "sequence", 135, "pulito", 200, None, None),
        # The same cards typed 2 to A: the ace goes low, so still nobile.
        (
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
            "reale",
            "sequence",
            110,
            "nobile",
            500,
            ACE_TO_KING,
            None,
        ),
        # 3 to A high, 12 cards: pulito, not nobile.
        (
            "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
            "reale",
            "sequence",
            100,
            "pulito",
            200,
            None,
            None,
        ),
        # A to K with the ace played as a matta stand-in: dirty, so no nobile.
        (
            "2P 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
            "reale",
            "sequence",
            105,
            "sporco",
            100,
            None,
            "AC",
        ),
        # A to Q plus a matta at the top: the only A..K a matta can make is sporco.
        (
            "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2P",
            "reale",
            "sequence",
            110,
            "sporco",
            100,
            None,
            "KC",
        ),
        # Ace to ace with the matta for one of the aces (14 cards).
        (
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC JK",
            "classic",
            "sequence",
            150,
            "semipulito",
            150,
            None,
            "AC",
        ),
    ],
)
def test_legal_melds(text, rules, kind, points, burraco, bonus, laid_out, matta_as):
    meld = evaluate_meld(text, RULESETS[rules])
    assert meld.kind == kind
    assert meld.points == points
    assert meld.burraco == burraco
    assert meld.bonus == bonus
    assert meld.size == len(text.split())
    if laid_out is not None:
        assert format_cards(meld.cards) == laid_out
    if matta_as is not None:
        assert format_cards([meld.matta_as]) == matta_as


def test_api_example():
    m = evaluate_meld("3C 4C 5C 6C 7C 8C 9C JK", get_ruleset("classic"))
    assert (m.kind, m.points, m.burraco, m.bonus) == ("sequence", 75, "semipulito", 150)


def test_natural_pinella_is_reported_and_not_a_matta():
    meld = evaluate_meld("AC 2C 3C", CLASSIC)
    assert meld.matta is None
    assert meld.natural_pinella is True
    seed = evaluate_meld("AC 2C 3C 2P 5C", CLASSIC)
    assert seed.natural_pinella is True
    assert seed.matta == Card(2, "P")
    assert seed.matta_at_end is False


def test_free_matta_is_marked_at_the_end():
    meld = evaluate_meld("2C 5C 6C", CLASSIC)
    assert meld.matta == Card(2, "C")
    assert meld.matta_at_end is True
    assert evaluate_meld("6C JK 8C", CLASSIC).matta_at_end is False


def test_describe_explains_the_reading():
    text = evaluate_meld("AC 2C 3C 2P 5C", CLASSIC).describe()
    assert "2P stands for 4C" in text
    assert "65 card points" in text
    assert (
        "burraco semipulito (+150)" in evaluate_meld("3C 4C 5C 6C 7C 8C 9C JK", CLASSIC).describe()
    )
    assert "Combination of 8" in evaluate_meld("JK 8C 8Q", CLASSIC).describe()


def test_bonus_overrides_reach_the_meld():
    rs = get_ruleset("classic", bonuses={"pulito": 300})
    assert evaluate_meld("3F 4F 5F 6F 7F 8F 9F", rs).bonus == 300


@pytest.mark.parametrize(
    ("text", "rules", "code"),
    [
        ("3C 4X 5C", "classic", "bad_card"),
        ("", "classic", "empty_meld"),
        ("6C JK 8C", "reale", "jolly_not_in_ruleset"),
        ("5C 6C", "classic", "too_few_cards"),
        ("JK", "classic", "too_few_cards"),
        (ACE_TO_KING + " AC JK", "classic", "too_long"),
        ("7C 7C 7C", "classic", "too_many_copies"),
        ("JK 2C 2P", "classic", "only_wild"),
        ("2C 2Q 2F", "classic", "only_wild"),
        ("2P 2P 2F", "reale", "only_wild"),
        ("3C 4C 5C JK 2P", "classic", "too_many_wild"),
        ("AC 2C 3C 2P 2F", "classic", "too_many_wild"),
        ("5C 2P 2F", "classic", "too_many_wild"),
        ("8C 8Q JK 2C", "classic", "too_many_wild"),
        ("8C 8Q 8F", "reale", "combination_not_allowed"),
        ("2C 6P 6P", "reale", "combination_not_allowed"),
        ("5C 5Q 6C", "classic", "mixed_ranks"),
        ("5C 6Q 7C", "classic", "mixed_suits"),
        ("5C 5Q 6C", "reale", "mixed_suits"),
        ("3C 3C 4C 5C", "classic", "repeated_rank"),
        ("AC AC AC 2C", "classic", "too_many_copies"),
        # Two aces only fit a full ace-to-ace sequence.
        ("AC AC 2C 3C", "classic", "repeated_rank"),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC AC", "classic", "repeated_rank"),
        ("AC 3C 5C", "classic", "not_consecutive"),
        ("3C 4C 6C 8C JK", "classic", "not_consecutive"),
        ("5C 2C 2P", "classic", "not_consecutive"),
        # K-A-2 round the corner, whether the 2 or the ace is natural or a matta.
        ("KC AC 2C 3C", "classic", "round_the_corner"),
        ("QC KC AC 2C 3C", "reale", "round_the_corner"),
        ("KC 2C 3C JK", "classic", "round_the_corner"),
        ("KC AC 3C JK", "classic", "round_the_corner"),
    ],
)
def test_illegal_melds(text, rules, code):
    with pytest.raises(InvalidMeld) as excinfo:
        evaluate_meld(text, RULESETS[rules])
    assert excinfo.value.code == code
    assert code in CODES
    assert excinfo.value.message and excinfo.value.message != code.replace("_", " ")


def test_repeated_rank_names_the_rank():
    with pytest.raises(InvalidMeld) as excinfo:
        evaluate_meld("QC QC KC AC", CLASSIC)
    assert excinfo.value.params == {"rank": "Q"}


# --- properties -------------------------------------------------------------------------------


def _rank(position: int) -> int:
    return 1 if position == 14 else position


@st.composite
def legal_sequences(draw, jolly: bool = True):
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 14))
    low = draw(st.integers(1, 15 - length))
    cards = [Card(_rank(p), suit) for p in range(low, low + length)]
    mattas = [Card(2, s) for s in SUITS] + ([JOLLY] if jolly else [])
    how = draw(st.sampled_from(["clean", "replace", "extend"]))
    if how == "replace":
        cards[draw(st.integers(0, length - 1))] = draw(st.sampled_from(mattas))
    elif how == "extend" and length < 14:
        cards.append(draw(st.sampled_from(mattas)))
    return cards


@st.composite
def legal_combinations(draw):
    rank = draw(st.sampled_from([1, *range(3, 14)]))
    deck = [Card(rank, suit) for suit in SUITS for _ in range(2)]
    cards = draw(st.lists(st.sampled_from(range(8)), min_size=2, max_size=8, unique=True))
    chosen = [deck[i] for i in cards]
    matta = draw(st.sampled_from([None, JOLLY, *[Card(2, s) for s in SUITS]]))
    if matta is not None:
        chosen.append(matta)
    if len(chosen) < 3:
        chosen.append(deck[next(i for i in range(8) if i not in cards)])
    return chosen


@given(st.one_of(legal_sequences(), legal_combinations()), st.randoms())
def test_legal_meld_points_are_card_values_and_order_does_not_matter(cards, rnd):
    meld = evaluate_meld(cards, CLASSIC)
    assert meld.points == sum(card_value(card, CLASSIC) for card in cards)
    assert meld.size == len(cards)
    assert Counter(meld.cards) == Counter(cards)
    assert (meld.burraco is not None) == (len(cards) >= 7)
    assert meld.bonus == (CLASSIC.bonus(meld.burraco) if meld.burraco else 0)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert evaluate_meld(shuffled, CLASSIC) == meld


@given(legal_sequences(jolly=False), st.randoms())
def test_reale_sequences_are_legal_in_any_order(cards, rnd):
    meld = evaluate_meld(cards, REALE)
    assert meld.points == sum(card_value(card, REALE) for card in cards)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert evaluate_meld(shuffled, REALE) == meld


any_card = st.one_of(st.just(JOLLY), st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS)))


def _outcome(cards, ruleset):
    try:
        return evaluate_meld(cards, ruleset)
    except InvalidMeld as error:
        return (error.code, error.params)


@given(st.lists(any_card, min_size=1, max_size=15), st.randoms(), st.sampled_from(list(RULESETS)))
def test_any_cards_give_the_same_answer_in_any_order(cards, rnd, rules):
    ruleset = RULESETS[rules]
    outcome = _outcome(cards, ruleset)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert _outcome(shuffled, ruleset) == outcome
    if isinstance(outcome, tuple):
        assert outcome[0] in CODES
    else:
        # At most one matta: every jolly and 2 is one, except a 2 in its natural place.
        matte = sum(1 for c in cards if c.may_be_wild) - outcome.natural_pinella
        assert matte == (0 if outcome.matta is None else 1)
        assert outcome.points == sum(card_value(card, ruleset) for card in cards)


def test_rules_modules_run_without_django():
    # The engine must load in a bare interpreter: management commands, archive checks, tests.
    code = (
        "import sys\n"
        "import burraco_tourney.rules.cards, burraco_tourney.rules.rulesets\n"
        "import burraco_tourney.rules.melds, burraco_tourney.rules.scoring\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django imported'\n"
    )
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)


def test_parsed_text_and_cards_give_the_same_meld():
    text = "10Q JQ QQ KQ AQ"
    assert evaluate_meld(text, CLASSIC) == evaluate_meld(parse_cards(text), CLASSIC)
