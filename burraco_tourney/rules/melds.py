"""Melds (giochi): is a group of cards a legal sequence or combination, and which burraco is it?

Implements RULES.md sections 3 and 4. The director types the cards in any order, so the cards are
sorted first and every reading of the matte is tried: a 2 may be natural or wild, a matta at the
end of a sequence may stand at either end. Of the legal readings the one best for the line counts
(the highest bonus, then the cleanest). Sequence positions run 1 (ace low) to 14 (ace high).

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from burraco_tourney.rules import cards as cards_module
from burraco_tourney.rules.cards import SUIT_NAMES, SUITS, Card, card_value, format_card
from burraco_tourney.rules.errors import InvalidMeld
from burraco_tourney.rules.meld_failures import (
    Failure,
    choose_failure,
    gap_failure,
    rank_name,
    repeated_rank,
    too_many_wild,
)
from burraco_tourney.rules.rulesets import Ruleset

CODES: tuple[str, ...] = (
    *cards_module.CODES,
    "too_few_cards",
    "too_long",
    "too_many_copies",
    "only_wild",
    "too_many_wild",
    "combination_not_allowed",
    "mixed_ranks",
    "mixed_suits",
    "repeated_rank",
    "not_consecutive",
    "round_the_corner",
)

MIN_MELD = 3
MIN_BURRACO = 7
MAX_SEQUENCE = 14  # ace to ace
COPIES_PER_CARD = 2  # two decks

# Cleanliness order used to break ties between readings with the same bonus.
_KIND_RANK: dict[str | None, int] = {
    kind: n for n, kind in enumerate((None, "sporco", "semipulito", "pulito", "nobile", "reale"))
}


@dataclass(frozen=True)
class Meld:
    """A legal meld read the way best for the line.

    ``cards`` are in meld order (a sequence low to high with the matta in its place). For a
    sequence, ``low``/``high`` are positions 1..14 (14 = ace high) and ``matta_rank`` is the rank
    the matta stands for; ``matta_at_end`` says it extends the run rather than filling a gap.
    ``natural_pinella`` says a 2 of the suit sits in its natural place and is not a matta.
    """

    kind: str
    points: int
    burraco: str | None
    bonus: int
    size: int
    cards: tuple[Card, ...]
    suit: str | None = None
    rank: int | None = None
    low: int | None = None
    high: int | None = None
    matta: Card | None = None
    matta_rank: int | None = None
    matta_position: int | None = None
    matta_at_end: bool = False
    natural_pinella: bool = False

    @property
    def matta_as(self) -> Card | None:
        """The card a sequence's matta stands for (None in a combination or without a matta)."""
        if self.kind != "sequence" or self.matta_rank is None or self.suit is None:
            return None
        return Card(self.matta_rank, self.suit)

    @property
    def text(self) -> str:
        return " ".join(format_card(card) for card in self.cards)

    def describe(self) -> str:
        """One English sentence saying how the meld was read, for a director checking a score."""
        if self.kind == "sequence":
            assert self.suit is not None and self.low is not None and self.high is not None
            words = (
                f"Sequence of {SUIT_NAMES[self.suit]} from {rank_name(self.low)}"
                f" to {rank_name(self.high)}"
            )
            if self.matta is not None and self.matta_as is not None:
                words += f", {format_card(self.matta)} stands for {format_card(self.matta_as)}"
        else:
            assert self.rank is not None
            words = f"Combination of {rank_name(self.rank)}"
            if self.matta is not None:
                words += f", {format_card(self.matta)} as a matta"
        words += f"; {self.points} card points"
        if self.burraco:
            words += f"; burraco {self.burraco} (+{self.bonus})"
        return words + "."


def evaluate_meld(cards: str | Iterable[Card | str], ruleset: Ruleset) -> Meld:
    """Check a meld against the ruleset and return its best reading, or raise ``InvalidMeld``."""
    return max(meld_readings(cards, ruleset), key=preference)


def meld_readings(cards: str | Iterable[Card | str], ruleset: Ruleset) -> list[Meld]:
    """Every legal reading of the cards (each with its burraco), or raise ``InvalidMeld``.

    A reading is one way the cards can lie on the table: ``cards`` in position order, the matta
    in its place. ``melds_as_laid`` picks among them the one a given arrangement shows.
    """
    hand = tuple(sorted(cards_module.parse_cards(cards), key=_sort_key))
    points = sum(card_value(card, ruleset) for card in hand)  # refuses a jolly in reale first
    _check_shape(hand)

    sequences = _sequence_readings(hand)
    combination = _combination_reading(hand, ruleset)
    readings = [
        _with_burraco(result, points, ruleset)
        for result in (*sequences, combination)
        if isinstance(result, Meld)
    ]
    if readings:
        return readings
    failures = [result for result in sequences if isinstance(result, Failure)]
    assert isinstance(combination, Failure)
    raise choose_failure(hand, failures, combination).error()


def _sort_key(card: Card) -> tuple[int, int, int]:
    if card.is_jolly:
        return (2, 0, 0)
    assert card.rank is not None and card.suit is not None
    return (1 if card.rank == 2 else 0, SUITS.index(card.suit), card.rank)


def _check_shape(hand: tuple[Card, ...]) -> None:
    """Refusals that do not depend on how the meld is read."""
    if len(hand) < MIN_MELD:
        raise InvalidMeld(
            "too_few_cards",
            f"A meld needs at least {MIN_MELD} cards; this one has {len(hand)}.",
            size=len(hand),
        )
    if len(hand) > MAX_SEQUENCE:
        raise InvalidMeld(
            "too_long",
            f"A meld holds at most {MAX_SEQUENCE} cards (a sequence from ace to ace); "
            f"this one has {len(hand)}.",
            size=len(hand),
        )
    counts = Counter(card for card in hand if not card.is_jolly)
    for card, count in counts.items():
        if count > COPIES_PER_CARD:
            raise InvalidMeld(
                "too_many_copies",
                f"Two decks hold only two {format_card(card)}; this meld has {count}.",
                card=format_card(card),
                count=count,
            )
    if all(card.may_be_wild for card in hand):
        raise InvalidMeld(
            "only_wild",
            "A meld of matte alone (jolly and 2s) is not allowed.",
        )


def _sequence_readings(hand: tuple[Card, ...]) -> list[Meld | Failure]:
    """Every legal sequence reading of the hand, or the reasons each reading fails."""
    fixed = [card for card in hand if not card.may_be_wild]
    suits = {card.suit for card in fixed}
    if len(suits) != 1:
        # The suits travel as letters in suit order; the messages name them in words.
        suit_list = tuple(s for s in SUITS if s in suits)
        words = ", ".join(SUIT_NAMES[s] for s in suit_list)
        message = f"The natural cards of a sequence must all be of one suit (here {words})."
        return [Failure(0, "mixed_suits", message, (("suits", suit_list),))]
    suit = fixed[0].suit
    assert suit is not None
    own_twos = [card for card in hand if card.rank == 2 and card.suit == suit]
    results: list[Meld | Failure] = []
    # At most one 2 can be natural (a second would repeat the rank): try it natural and wild.
    for natural_two in [None, *own_twos[:1]]:
        naturals = fixed + ([natural_two] if natural_two else [])
        wilds = list(hand)
        for card in naturals:
            wilds.remove(card)
        if len(wilds) > 1:
            results.append(too_many_wild(wilds))
            continue
        results.extend(_place_sequence(naturals, wilds, suit, natural_two is not None))
    return results


def _place_sequence(
    naturals: list[Card], wilds: list[Card], suit: str, natural_pinella: bool
) -> list[Meld | Failure]:
    """Lay the natural cards on positions 1..14 and put the matta (if any) where it fits."""
    aces = sum(1 for card in naturals if card.rank == 1)
    if aces > 2 or (aces == 2 and len(naturals) + len(wilds) < MAX_SEQUENCE):
        return [repeated_rank(1)]
    # One ace goes low or high; two aces can only be both ends of an ace-to-ace sequence.
    ace_choices: list[tuple[int, ...]] = {0: [()], 1: [(1,), (14,)], 2: [(1, 14)]}[aces]
    matta = wilds[0] if wilds else None
    results: list[Meld | Failure] = []
    for ace_positions in ace_choices:
        free_aces = list(ace_positions)
        layout: dict[int, Card] = {}
        for card in naturals:
            assert card.rank is not None
            position = free_aces.pop(0) if card.rank == 1 else card.rank
            if position in layout:
                results.append(repeated_rank(position))
                break
            layout[position] = card
        else:
            results.extend(_fill_matta(layout, matta, suit, natural_pinella))
    return results


def _fill_matta(
    layout: dict[int, Card], matta: Card | None, suit: str, natural_pinella: bool
) -> list[Meld | Failure]:
    low, high = min(layout), max(layout)
    gaps = [p for p in range(low, high + 1) if p not in layout]
    if len(gaps) > (1 if matta else 0):
        return [gap_failure(sorted(layout), 1 if matta else 0)]
    if matta is None:
        spots: list[tuple[int | None, bool]] = [(None, False)]
    elif gaps:
        spots = [(gaps[0], False)]
    else:
        spots = [(p, True) for p in (low - 1, high + 1) if 1 <= p <= MAX_SEQUENCE]
    if matta is not None and matta.rank == 2 and matta.suit == suit:
        # The suit's own 2 on the 2's place is a natural card, read by the natural-2 branch.
        spots = [(p, at_end) for p, at_end in spots if p != 2]
    results: list[Meld | Failure] = []
    for spot, at_end in spots:
        cards = dict(layout)
        if spot is not None and matta is not None:
            cards[spot] = matta
        results.append(
            Meld(
                kind="sequence",
                points=0,
                burraco=None,
                bonus=0,
                size=len(cards),
                cards=tuple(cards[p] for p in sorted(cards)),
                suit=suit,
                low=min(cards),
                high=max(cards),
                matta=matta,
                matta_rank=None if spot is None else (1 if spot == MAX_SEQUENCE else spot),
                matta_position=spot,
                matta_at_end=at_end,
                natural_pinella=natural_pinella,
            )
        )
    return results


def _combination_reading(hand: tuple[Card, ...], ruleset: Ruleset) -> Meld | Failure:
    if not ruleset.combinations_allowed:
        return Failure(
            0,
            "combination_not_allowed",
            f"The {ruleset.name} rules have no combinations: melds are sequences only.",
            (("ruleset", ruleset.name),),
        )
    # In a combination every 2 and jolly is a matta: there is no combination of 2s.
    naturals = [card for card in hand if not card.may_be_wild]
    wilds = [card for card in hand if card.may_be_wild]
    ranks = {card.rank for card in naturals}
    if len(ranks) != 1:
        return Failure(
            0,
            "mixed_ranks",
            "The natural cards of a combination must all have the same rank "
            "(and those of a sequence the same suit).",
        )
    if len(wilds) > 1:
        return too_many_wild(wilds)
    rank = naturals[0].rank
    return Meld(
        kind="combination",
        points=0,
        burraco=None,
        bonus=0,
        size=len(hand),
        cards=tuple(naturals + wilds),
        rank=rank,
        matta=wilds[0] if wilds else None,
        matta_rank=rank if wilds else None,
    )


def _burraco_kind(meld: Meld, ruleset: Ruleset) -> str | None:
    if meld.size < MIN_BURRACO:
        return None
    kinds = ruleset.burraco_kinds
    if meld.matta is None:
        if meld.kind == "sequence" and meld.low == 1:
            if meld.high == MAX_SEQUENCE and "reale" in kinds:
                return "reale"
            if meld.high == 13 and "nobile" in kinds:
                return "nobile"
        return "pulito"
    # Semipulito: 7+ natural cards in a row that the matta does not break, or a combination of
    # 8+ cards with the matta (RULES.md section 4, seed 003).
    if meld.kind == "combination":
        semipulito = meld.size >= MIN_BURRACO + 1
    else:
        semipulito = natural_run(meld) >= MIN_BURRACO
    return "semipulito" if semipulito and "semipulito" in kinds else "sporco"


def natural_run(meld: Meld) -> int:
    """The most natural cards of a sequence in a row, not broken by the matta.

    ``3C 4C 5C 6C 7C 8C 9C 2F JC`` (2F for 10C) has 7 (3 to 9); ``3C 4C 5C JK 7C 8C 9C 10C``
    has 4 (7 to 10). A matta at one end breaks nothing. A natural 2 counts as natural.
    """
    naturals = meld.size - (1 if meld.matta is not None else 0)
    if meld.matta_position is None or meld.matta_at_end:
        return naturals
    assert meld.low is not None and meld.high is not None
    return max(meld.matta_position - meld.low, meld.high - meld.matta_position)


def _with_burraco(meld: Meld, points: int, ruleset: Ruleset) -> Meld:
    kind = _burraco_kind(meld, ruleset)
    bonus = ruleset.bonus(kind) if kind else 0
    return replace(meld, points=points, burraco=kind, bonus=bonus)


def preference(meld: Meld) -> tuple[int, int, int, int]:
    """Best for the line first; then no matta over a matta; then the matta at the low end."""
    return (
        meld.bonus,
        _KIND_RANK[meld.burraco],
        0 if meld.matta else 1,
        -(meld.matta_position or 0),
    )
