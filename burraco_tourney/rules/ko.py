"""Knock-out (KO) brackets, their shape and seeding: size, seed order, byes, the first round.

RULES.md section 8: in a KO the loser of each match is out and the winner meets the winner of
another match. This module seats round 1; ``ko_played.py`` reads the bracket back from the
matches played (who goes on, the strays, the final places). Who wins one match is ``match.py``'s
business; these modules only know pair numbers and who won.

Vocabulary (``ko_played.py`` uses it too):

- *entrants* N: the pairs in the bracket. The bracket *size* S is the smallest power of two that
  holds them; there are R = log2(S) *rounds*, round R being the final.
- A *slot* is a place of a round where one match is played. Round r has S / 2**r slots, numbered
  1, 2, ... from the top. Slot j of round r + 1 is *fed* by slots 2j - 1 (its NS pair) and 2j (its
  EO pair) of round r: the winners meet.
- *Seeds*: the entrants in order of strength, seed 1 the strongest. Round 1 puts them in the
  standard order, where seed s meets seed S + 1 - s (1 v 8, 4 v 5, 2 v 7, 3 v 6 for S = 8), so the
  top two seeds can meet only in the final, the top four only from the semifinals on, and so on.
- *Byes*: when N is not a power of two the S - N missing seeds are phantoms; the top S - N seeds,
  who would meet them, go to round 2 without playing. No slot ever holds two phantoms, so round 1
  is the only round with byes.

Worked example: six pairs, seeded 1..6 (S = 8, R = 3, two byes)::

    round 1 slots          round 2 (semifinals)      round 3 (final)
    1: seed 1  bye    --+
                        +-- 1: seed 1 v W(table 1) --+
    2: 4 v 5 (table 1)--+                            |
                                                     +-- 1: the two semifinal winners
    3: seed 2  bye    --+                            |
                        +-- 2: seed 2 v W(table 2) --+
    4: 3 v 6 (table 2)--+

Round 1 is played at two tables (4 v 5 and 3 v 6, numbered in slot order); seeds 1 and 2 rest.
The losers of round 1 share 5th place, the semifinal losers share 3rd place (or play for it).

This module is pure Python: it never imports Django or any app and never touches a database.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from burraco_tourney.rules.errors import RuleViolation

CODES: tuple[str, ...] = (
    "ko_too_few_pairs",
    "ko_duplicate_pair",
    "ko_duplicate_seed",
)


def bracket_size(entrants: int) -> int:
    """The smallest power of two holding ``entrants`` (at least 2) pairs."""
    if entrants < 2:
        raise RuleViolation(
            "ko_too_few_pairs", "A knock-out needs at least two pairs.", count=entrants
        )
    size = 2
    while size < entrants:
        size *= 2
    return size


def round_count(entrants: int) -> int:
    """How many rounds the bracket of ``entrants`` pairs has; the last one is the final."""
    return bracket_size(entrants).bit_length() - 1


def seed_positions(size: int) -> tuple[int, ...]:
    """The seeds in bracket order, top to bottom: slot k of round 1 holds items 2k - 1 and 2k.

    Built by doubling: each seed s of the bracket of half the size is followed by its round-1
    opponent size + 1 - s, so 1 v 2 becomes 1 v 4, 2 v 3, then 1 v 8, 4 v 5, 2 v 7, 3 v 6.
    """
    order = [1]
    while len(order) < size:
        double = 2 * len(order)
        order = [seed for top in order for seed in (top, double + 1 - top)]
    return tuple(order)


def _check_distinct(pairs: Sequence[int]) -> None:
    repeated = sorted(p for p, n in Counter(pairs).items() if n > 1)
    if repeated:
        raise RuleViolation(
            "ko_duplicate_pair",
            f"Pair {repeated[0]} appears twice in the seeding.",
            pair=repeated[0],
        )


def draw_order(pairs: Sequence[int], seed: str) -> tuple[int, ...]:
    """A repeatable draw: ``pairs`` sorted, then shuffled by a generator seeded with ``seed``.

    Anyone can check it with Python: ``p = sorted(pairs); random.Random(seed).shuffle(p)``.
    """
    order = sorted(pairs)
    random.Random(seed).shuffle(order)
    return tuple(order)


@dataclass(frozen=True)
class Seeding:
    """The entrants in seed order (seed 1 first) and those placed by the draw."""

    order: tuple[int, ...]
    drawn: tuple[int, ...]


def seeding(seeds: Mapping[int, int | None], *, draw_seed: str) -> Seeding:
    """Order the pairs: those given a seed first, by seed; then the others by a recorded draw.

    ``seeds`` maps each pair number to its seed, or to None for a pair to be drawn. Seeds need
    not be 1, 2, 3...: only their order counts. With no seed at all the whole order is drawn.
    """
    given = {pair: seed for pair, seed in seeds.items() if seed is not None}
    taken: dict[int, int] = {}
    for pair in sorted(given):
        seed = given[pair]
        if seed in taken:
            raise RuleViolation(
                "ko_duplicate_seed",
                f"Pairs {taken[seed]} and {pair} have the same seed {seed}.",
                seed=seed,
                pair=taken[seed],
                other=pair,
            )
        taken[seed] = pair
    fixed = tuple(sorted(given, key=lambda pair: given[pair]))
    others = [pair for pair in seeds if seeds[pair] is None]
    drawn = draw_order(others, draw_seed) if others else ()
    return Seeding(order=fixed + drawn, drawn=drawn)


@dataclass(frozen=True)
class FirstRoundSlot:
    """One slot of round 1: ``eo`` None is a bye for ``ns``; ``table`` None when not played."""

    slot: int
    ns: int
    eo: int | None
    table: int | None


@dataclass(frozen=True)
class FirstRound:
    """Round 1: every slot, and the pairs resting (the top seeds, in seed order)."""

    size: int
    slots: tuple[FirstRoundSlot, ...]
    byes: tuple[int, ...]

    @property
    def matches(self) -> tuple[FirstRoundSlot, ...]:
        return tuple(s for s in self.slots if s.eo is not None)


def first_round(seeded: Sequence[int]) -> FirstRound:
    """Round 1 of the bracket of ``seeded`` (pair numbers, seed 1 first).

    The higher seed sits NS. Tables are numbered 1, 2, ... in slot order; a top seed whose
    opponent would be a phantom rests (a bye).
    """
    _check_distinct(seeded)
    size = bracket_size(len(seeded))
    positions = seed_positions(size)
    slots: list[FirstRoundSlot] = []
    table = 0
    for k in range(size // 2):
        top, bottom = positions[2 * k], positions[2 * k + 1]
        ns = seeded[top - 1]
        if bottom > len(seeded):
            slots.append(FirstRoundSlot(slot=k + 1, ns=ns, eo=None, table=None))
        else:
            table += 1
            slots.append(FirstRoundSlot(slot=k + 1, ns=ns, eo=seeded[bottom - 1], table=table))
    return FirstRound(size=size, slots=tuple(slots), byes=tuple(seeded[: size - len(seeded)]))
