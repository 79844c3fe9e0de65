"""A meld as it lies on the table: the arbitro's verdict on one arrangement (RULES.md 3 and 4).

``melds.evaluate_meld`` reads typed cards the way best for the line. A dispute at the table is
usually about how a meld *lies*: the director types the cards in the order they were laid and,
optionally, the card the matta stands for, and ``evaluate_laid_meld`` judges that arrangement
and no other. The order may run low to high or high to low; a combination has no order.

Worked example: ``3C 4C 5C 6C 7C 8C 2C`` laid with the 2 after the 8. There the 2C is out of its
natural place, so it is a matta standing for 9C: six natural cards and the matta, a burraco
sporco (+100). Read the best way, the same seven cards put the 2C on its natural place below
the 3: a clean sequence from 2 to 8, a burraco pulito (+200). ``3C 4C 5C 6C 7C 8C 9C 2C`` laid
the same way is semipulito: seven natural cards in a row, the matta at the end.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable

from burraco_tourney.rules.cards import Card, format_card, parse_cards, parse_stand_in
from burraco_tourney.rules.errors import InvalidMeld
from burraco_tourney.rules.meld_failures import ACE_HIGH
from burraco_tourney.rules.melds import Meld, meld_readings, preference
from burraco_tourney.rules.rulesets import Ruleset

CODES: tuple[str, ...] = (
    "laid_out_of_order",
    "laid_too_many_wild",
    "no_matta_to_stand_in",
    "matta_cannot_stand_for",
)

StandIn = tuple[int, str | None]  # (rank, suit or None), as ``cards.parse_stand_in`` reads it


def evaluate_laid_meld(
    cards: str | Iterable[Card | str],
    ruleset: Ruleset,
    *,
    in_order: bool = True,
    matta_as: str | StandIn | None = None,
) -> Meld:
    """The reading of the cards as laid, or raise ``InvalidMeld`` saying why it is not legal.

    ``in_order``: the cards are given in the order they lie (either direction); otherwise any
    order, as ``evaluate_meld``. ``matta_as``: the card (``"9C"``) or rank (``"9"``) the matta
    stands for, as the line says; a reading where it stands for something else is not taken.
    Cards that make no meld in any arrangement raise the same error as ``evaluate_meld``.
    """
    typed = parse_cards(cards)
    readings = meld_readings(typed, ruleset)
    if in_order:
        readings = _as_laid(typed, readings)
    if matta_as is not None:
        asked = parse_stand_in(matta_as) if isinstance(matta_as, str) else matta_as
        readings = _standing_for(readings, asked, in_order)
    return max(readings, key=preference)


def _as_laid(typed: tuple[Card, ...], readings: list[Meld]) -> list[Meld]:
    """The readings that lie in the typed order; an ``InvalidMeld`` saying why when none does."""
    matching = [
        reading
        for reading in readings
        if reading.kind == "combination" or typed in (reading.cards, reading.cards[::-1])
    ]
    if matching:
        return matching
    for index in range(len(typed) - 2):
        ranks = tuple(card.rank for card in typed[index : index + 3])
        if ranks in ((13, 1, 2), (2, 1, 13)):
            raise InvalidMeld(
                "round_the_corner",
                "The ace goes before the 2 or after the K, never both: K-A-2 is not a sequence.",
            )
    suit = readings[0].suit  # only sequences are left: their natural cards share one suit
    assert suit is not None
    fits = [_fit(typed, suit, start, step) for step in (1, -1) for start in range(1, ACE_HIGH + 1)]
    laid_whole = [matte for fitted, matte in fits if fitted == len(typed)]
    if laid_whole:
        matte = min(laid_whole, key=len)
        raise InvalidMeld(
            "laid_too_many_wild",
            f"As laid, {' and '.join(format_card(c) for c in matte)} are both matte (a 2 is "
            "natural only in its own suit's natural place), and a meld holds one.",
            cards=tuple(format_card(card) for card in matte),
            count=len(matte),
        )
    furthest = max(fitted for fitted, _ in fits)
    card, previous = typed[furthest], typed[furthest - 1]
    raise InvalidMeld(
        "laid_out_of_order",
        f"As laid, the cards are not in sequence order: {format_card(card)} cannot come "
        f"next to {format_card(previous)}.",
        card=format_card(card),
        previous=format_card(previous),
    )


def _fit(typed: tuple[Card, ...], suit: str, start: int, step: int) -> tuple[int, list[Card]]:
    """How many cards, from the first, lie on positions ``start``, ``start + step``, …; the
    matte among them. A 2 of the suit on the 2's place is natural; any other 2 is a matta."""
    matte: list[Card] = []
    for index, card in enumerate(typed):
        position = start + step * index
        if not 1 <= position <= ACE_HIGH:
            return index, matte
        rank = 1 if position == ACE_HIGH else position
        if card.is_jolly or (card.rank == 2 and (card.suit, rank) != (suit, 2)):
            matte.append(card)
        elif (card.rank, card.suit) != (rank, suit):
            return index, matte
    return len(typed), matte


def _stands_for(reading: Meld, rank: int, suit: str | None) -> bool:
    if reading.matta is None or reading.matta_rank is None:
        return False
    if reading.kind == "combination":
        return reading.matta_rank == rank  # a combination's matta takes a rank, not a suit
    return reading.matta_rank == rank and suit in (None, reading.suit)


def _standing_for(readings: list[Meld], asked: StandIn, in_order: bool) -> list[Meld]:
    rank, suit = asked
    chosen = [reading for reading in readings if _stands_for(reading, rank, suit)]
    if chosen:
        return chosen
    asked_text = _stand_in_text(rank, suit)
    with_matta = [reading for reading in readings if reading.matta is not None]
    if not with_matta:
        raise InvalidMeld(
            "no_matta_to_stand_in",
            f"This meld holds no matta (every card is in its natural place), so nothing "
            f"stands for {asked_text}.",
            card=asked_text,
        )
    matta = format_card(with_matta[0].matta)  # type: ignore[arg-type]
    options = tuple(
        dict.fromkeys(_meaning(reading) for reading in sorted(with_matta, key=_low_first))
    )
    if in_order:
        raise InvalidMeld(
            "matta_cannot_stand_for",
            f"As laid, {matta} stands for {options[0]}, not {asked_text}.",
            matta=matta,
            card=asked_text,
            laid=options[0],
        )
    raise InvalidMeld(
        "matta_cannot_stand_for",
        f"{matta} cannot stand for {asked_text} in this meld; it can stand for "
        f"{', '.join(options)}.",
        matta=matta,
        card=asked_text,
        options=options,
    )


def _low_first(reading: Meld) -> int:
    return reading.matta_position or 0


def _meaning(reading: Meld) -> str:
    """What the matta of a reading stands for: a card in a sequence, a rank in a combination."""
    if reading.matta_as is not None:
        return format_card(reading.matta_as)
    assert reading.matta_rank is not None
    return _stand_in_text(reading.matta_rank, None)


def _stand_in_text(rank: int, suit: str | None) -> str:
    text = format_card(Card(rank, suit or "C"))
    return text if suit else text[:-1]
