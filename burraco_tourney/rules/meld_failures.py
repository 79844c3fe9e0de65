"""Why a group of cards is not a meld: the refusals of ``melds`` and how the likeliest is chosen.

Each reading the meld module tries that fails leaves a ``Failure``; when no reading is legal,
``choose_failure`` picks the one that best explains what the director probably meant to lay.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from dataclasses import dataclass

from burraco_tourney.rules.cards import Card, format_card
from burraco_tourney.rules.errors import InvalidMeld

ACE_HIGH = 14  # the ace after the K, the last position of a sequence
_RANK_NAMES: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K", ACE_HIGH: "A"}


@dataclass(frozen=True)
class Failure:
    """Why one reading is illegal; ``stage`` says how far the reading got before failing."""

    stage: int
    code: str
    message: str
    params: tuple[tuple[str, object], ...] = ()

    def error(self) -> InvalidMeld:
        return InvalidMeld(self.code, self.message, **dict(self.params))


def rank_name(rank_or_position: int) -> str:
    return _RANK_NAMES.get(rank_or_position, str(rank_or_position))


def too_many_wild(wilds: list[Card]) -> Failure:
    return Failure(
        1,
        "too_many_wild",
        "A meld may hold at most one matta (a jolly, or a 2 out of its natural place); "
        f"this one has {len(wilds)}: {' '.join(format_card(c) for c in wilds)}.",
        (("count", len(wilds)),),
    )


def repeated_rank(position: int) -> Failure:
    rank = rank_name(position)
    message = f"A sequence cannot hold the same rank twice ({rank})."
    return Failure(2, "repeated_rank", message, (("rank", rank),))


def gap_failure(positions: list[int], wild_count: int) -> Failure:
    """Not consecutive; named round_the_corner when the cards would only join across K-A-2."""
    if joins_round_the_corner(positions, wild_count):
        return Failure(
            3,
            "round_the_corner",
            "The ace goes before the 2 or after the K, never both: K-A-2 is not a sequence.",
        )
    return Failure(
        3,
        "not_consecutive",
        "The cards of a sequence must be consecutive; one matta may fill one gap.",
    )


def joins_round_the_corner(positions: list[int], wild_count: int) -> bool:
    """Would the cards fit a run that goes K, A, 2 if ranks were allowed to wrap around?"""
    ranks = {1 if p == ACE_HIGH else p for p in positions}
    length = len(positions) + wild_count
    if len(ranks) != len(positions) or length > 13:
        return False
    for start in range(1, 14):
        window = {(start - 1 + i) % 13 + 1 for i in range(length)}
        if ranks <= window and {13, 1, 2} <= window:
            return True
    return False


def choose_failure(
    hand: tuple[Card, ...], sequence_failures: list[Failure], combination: Failure
) -> Failure:
    """Pick the refusal that best explains what the director probably meant to lay."""
    fixed = [card for card in hand if not card.may_be_wild]
    ranks = [card.rank for card in fixed]
    if len(fixed) >= 2 and len(set(ranks)) == 1:
        # Two or more natural cards of one rank can only be meant as a combination.
        return combination
    if sequence_failures[0].code == "mixed_suits":
        # Natural cards of mixed suits: a combination gone wrong if a rank repeats.
        if len(set(ranks)) < len(ranks) and combination.code == "mixed_ranks":
            return combination
        return sequence_failures[0]
    # The reading that got furthest names the most useful fault; round_the_corner wins ties.
    return max(sequence_failures, key=lambda f: (f.stage, f.code == "round_the_corner"))
