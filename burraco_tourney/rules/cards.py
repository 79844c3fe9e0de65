"""Cards: how the software reads, prints and values a single card (RULES.md section 2).

Notation: a rank ``A 2 3 … 10 J Q K`` followed by an Italian suit letter (``C`` cuori, ``Q`` quadri,
``F`` fiori, ``P`` picche) or a suit symbol; ``JK`` is the jolly. Case does not matter.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from burraco_tourney.rules.errors import InvalidMeld

if TYPE_CHECKING:
    from burraco_tourney.rules.rulesets import Ruleset

CODES: tuple[str, ...] = ("bad_card", "empty_meld", "jolly_not_in_ruleset", "bad_stand_in")

SUITS: tuple[str, ...] = ("C", "Q", "F", "P")
SUIT_NAMES: dict[str, str] = {"C": "cuori", "Q": "quadri", "F": "fiori", "P": "picche"}

# Symbols are accepted on input; the white variants and the emoji selector appear when people
# paste from phones or word processors.
_SUIT_SYMBOLS: dict[str, str] = {
    "♥": "C",
    "♡": "C",
    "♦": "Q",
    "♢": "Q",
    "♣": "F",
    "♧": "F",
    "♠": "P",
    "♤": "P",
}
_RANK_LETTERS: dict[str, int] = {"A": 1, "J": 11, "Q": 12, "K": 13}
_RANK_TEXT: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"}
_CARD_RE = re.compile(r"^(10|[2-9]|[AJQK])([CQFP])$")
_RANK_RE = re.compile(r"^(10|[2-9]|[AJQK])$")
_SEPARATORS = re.compile(r"[\s,]+")

JOLLY_TEXT = "JK"
DECKS = 2  # the classic and the reale game are both played with two French decks
JOLLY_COUNT = 4  # the classic pack adds four jolly


@dataclass(frozen=True, order=True)
class Card:
    """One card: ``rank`` 1 = ace, 2..10, 11 = J, 12 = Q, 13 = K; the jolly has no rank or suit."""

    rank: int | None
    suit: str | None

    def __post_init__(self) -> None:
        # Cards built in code (not parsed) must still be real cards: a bug otherwise.
        if self.rank is None and self.suit is None:
            return
        if self.rank not in range(1, 14) or self.suit not in SUITS:
            raise ValueError(f"not a card: rank={self.rank!r} suit={self.suit!r}")

    @property
    def is_jolly(self) -> bool:
        return self.rank is None

    @property
    def is_pinella(self) -> bool:
        return self.rank == 2

    @property
    def may_be_wild(self) -> bool:
        """Jolly and pinelle are matte, except a 2 in its natural place (decided by the meld)."""
        return self.rank is None or self.rank == 2

    def __str__(self) -> str:
        return format_card(self)


JOLLY = Card(None, None)


def parse_card(text: str) -> Card:
    """Read one card such as ``10Q``, ``qq``, ``2♠`` or ``JK``; raise ``bad_card`` otherwise."""
    if not isinstance(text, str):
        raise InvalidMeld("bad_card", f"{text!r} is not a card.", card=repr(text))
    cleaned = text.strip().replace("\ufe0f", "").upper()
    if cleaned == JOLLY_TEXT:
        return JOLLY
    if cleaned and cleaned[-1] in _SUIT_SYMBOLS:
        cleaned = cleaned[:-1] + _SUIT_SYMBOLS[cleaned[-1]]
    match = _CARD_RE.match(cleaned)
    if match is None:
        raise InvalidMeld(
            "bad_card",
            f"{text.strip()!r} is not a card: write a rank (A, 2-10, J, Q, K) and a suit "
            "(C, Q, F, P), or JK for the jolly.",
            card=text.strip(),
        )
    rank_text, suit = match.groups()
    rank = _RANK_LETTERS.get(rank_text) or int(rank_text)
    return Card(rank, suit)


def parse_cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read a meld typed as text (cards split by spaces or commas) or given as cards or texts."""
    if isinstance(cards, str):
        items: list[Card | str] = [part for part in _SEPARATORS.split(cards) if part]
    else:
        items = list(cards)
    parsed = tuple(item if isinstance(item, Card) else parse_card(item) for item in items)
    if not parsed:
        raise InvalidMeld("empty_meld", "The meld has no cards.")
    return parsed


def parse_stand_in(text: str) -> tuple[int, str | None]:
    """The card a matta stands for, typed as a card (``9C``) or a rank alone (``9``, ``K``).

    Returns (rank, suit or None); the ace is rank 1 whether it stands low or high. The jolly
    stands for nothing, so ``JK`` is refused with ``bad_stand_in`` like any other bad text.
    """
    cleaned = text.strip().replace("\ufe0f", "").upper() if isinstance(text, str) else ""
    if cleaned and cleaned[-1] in _SUIT_SYMBOLS:
        cleaned = cleaned[:-1] + _SUIT_SYMBOLS[cleaned[-1]]
    rank_only = _RANK_RE.match(cleaned)
    if rank_only is not None:
        return _RANK_LETTERS.get(cleaned) or int(cleaned), None
    if cleaned != JOLLY_TEXT and _CARD_RE.match(cleaned):
        card = parse_card(cleaned)
        assert card.rank is not None
        return card.rank, card.suit
    shown = text.strip() if isinstance(text, str) else repr(text)
    raise InvalidMeld(
        "bad_stand_in",
        f"{shown!r} is not a card a matta can stand for: write a card such as 9C, "
        "or a rank such as 9.",
        card=shown,
    )


def format_card(card: Card) -> str:
    """The canonical text of a card: ``10Q``, ``AC``, ``JK``."""
    if card.is_jolly:
        return JOLLY_TEXT
    assert card.rank is not None and card.suit is not None
    return _RANK_TEXT.get(card.rank, str(card.rank)) + card.suit


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in canonical text, separated by spaces."""
    return " ".join(format_card(card) for card in cards)


def card_value(card: Card, ruleset: Ruleset) -> int:
    """The points a card is worth in the ruleset (RULES.md section 2)."""
    if card.is_jolly:
        if not ruleset.has_jolly:
            raise InvalidMeld(
                "jolly_not_in_ruleset",
                f"The {ruleset.name} rules play without the jolly.",
                card=JOLLY_TEXT,
                ruleset=ruleset.name,
            )
        return ruleset.jolly_value
    if card.rank == 2:
        return ruleset.pinella_value
    if card.rank == 1:
        return 15
    assert card.rank is not None
    return 5 if card.rank <= 7 else 10


def full_pack(ruleset: Ruleset) -> list[Card]:
    """Every card of the ruleset's pack: two decks, and the four jolly when the game has them."""
    decks = [Card(rank, suit) for _ in range(DECKS) for suit in SUITS for rank in range(1, 14)]
    return decks + ([JOLLY] * JOLLY_COUNT if ruleset.has_jolly else [])


# The pack's size and worth are asked at every smazzata the engine checks (``pack.py``): counted
# once per ruleset (a frozen, hashable value; a server sees few), not card by card each time.
@lru_cache(maxsize=128)
def pack_size(ruleset: Ruleset) -> int:
    """How many cards the pack holds: 108 in the classic game, 104 in the reale (no jolly)."""
    return len(full_pack(ruleset))


@lru_cache(maxsize=128)
def pack_points(ruleset: Ruleset) -> int:
    """What the whole pack is worth: 1,080 in the classic game, 880 in the reale."""
    return sum(card_value(card, ruleset) for card in full_pack(ruleset))
