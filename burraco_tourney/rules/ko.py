"""Knock-out (KO) brackets: seeding positions, byes, which match feeds which, final places.

RULES.md section 8: in a KO the loser of each match is out and the winner meets the winner of
another match; from third place down, pairs knocked out in the same round share the place unless
a play-off (here: the optional third-place match) is held. Who wins one match is ``match.py``'s
business; this module only knows pair numbers and who won.

Vocabulary:

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

Reading a bracket back from what was played (``read_bracket``) needs no stored positions: round
1's byes sit in the slots of the top seeds (byes ordered by seed), its tables fill the other slots
in table number order; a match of a later round belongs to the slot whose two feeders' winners it
seats, whatever its table number. A match that fits no slot (a winner changed after the next match
was played, an archive drawn by other rules) is a *stray*, listed apart.

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
    "ko_irregular_first_round",
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


# -- reading a bracket back ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedMatch:
    """A match as stored: its round (the turno), table, pairs, and the winner once decided."""

    round: int
    table: int
    ns: int
    eo: int
    winner: int | None = None

    def __post_init__(self) -> None:
        if self.winner is not None and self.winner not in (self.ns, self.eo):
            raise ValueError(
                f"winner {self.winner} did not play at table {self.table} of round {self.round}"
            )

    @property
    def loser(self) -> int | None:
        if self.winner is None:
            return None
        return self.eo if self.winner == self.ns else self.ns


@dataclass(frozen=True)
class Slot:
    """A place of the bracket, with the pairs known so far and the match played there.

    ``ns``/``eo`` are the match's seats once it exists, else the winners of the feeders (None
    while a feeder is undecided). ``bye``: round 1, ``ns`` goes on without playing.
    """

    round: int
    index: int
    ns: int | None
    eo: int | None
    match: PlayedMatch | None = None
    bye: bool = False
    third_place: bool = False

    @property
    def winner(self) -> int | None:
        if self.bye:
            return self.ns
        return self.match.winner if self.match else None

    @property
    def loser(self) -> int | None:
        return self.match.loser if self.match else None

    @property
    def ready(self) -> bool:
        """Both pairs are known and the match is still to be created."""
        return not self.bye and self.match is None and None not in (self.ns, self.eo)


@dataclass(frozen=True)
class Place:
    """A final place: 1 champion, 2 runner-up, ...; ``shared`` with other pairs out together."""

    pair: int
    place: int
    shared: bool


@dataclass(frozen=True)
class Bracket:
    entrants: int
    size: int
    rounds: tuple[tuple[Slot, ...], ...]
    third_place: Slot | None
    strays: tuple[PlayedMatch, ...]
    places: tuple[Place, ...]

    @property
    def final(self) -> Slot:
        return self.rounds[-1][0]

    @property
    def champion(self) -> int | None:
        return self.final.winner

    @property
    def ready(self) -> tuple[Slot, ...]:
        """Matches whose two pairs are known and that are still to be created."""
        slots = [s for round_slots in self.rounds[1:] for s in round_slots if s.ready]
        if self.third_place is not None and self.third_place.ready:
            slots.append(self.third_place)
        return tuple(slots)

    @property
    def finished(self) -> bool:
        return self.champion is not None and (
            self.third_place is None or self.third_place.winner is not None
        )


def _first_round_slots(
    matches: Sequence[PlayedMatch], byes: Sequence[int], seeds: Mapping[int, int]
) -> tuple[int, tuple[Slot, ...]]:
    tables = sorted(matches, key=lambda m: m.table)
    entrants = 2 * len(tables) + len(byes)
    size = bracket_size(entrants)
    if len(tables) + len(byes) != size // 2:
        raise RuleViolation(
            "ko_irregular_first_round",
            f"Round 1 has {len(tables)} tables and {len(byes)} byes: a bracket of "
            f"{entrants} pairs has {size - entrants} byes.",
            tables=len(tables),
            byes=len(byes),
            entrants=entrants,
            expected_byes=size - entrants,
        )
    resting = sorted(byes, key=lambda p: (seeds.get(p) is None, seeds.get(p, 0), p))
    positions = seed_positions(size)
    # The n-th resting pair takes the slot of seed n.
    bye_slots = {positions.index(rank) // 2: pair for rank, pair in enumerate(resting, start=1)}
    slots: list[Slot] = []
    played = iter(tables)
    for k in range(size // 2):
        if k in bye_slots:
            slots.append(Slot(round=1, index=k + 1, ns=bye_slots[k], eo=None, bye=True))
        else:
            match = next(played)
            slots.append(Slot(round=1, index=k + 1, ns=match.ns, eo=match.eo, match=match))
    return entrants, tuple(slots)


def _take(pending: list[PlayedMatch], ns: int | None, eo: int | None) -> PlayedMatch | None:
    """The first pending match seating exactly ``ns`` and ``eo`` (either way round), removed."""
    if ns is None or eo is None:
        return None
    for match in pending:
        if {match.ns, match.eo} == {ns, eo}:
            pending.remove(match)
            return match
    return None


def _slot(
    round_number: int,
    index: int,
    ns: int | None,
    eo: int | None,
    match: PlayedMatch | None,
    third_place: bool = False,
) -> Slot:
    if match is not None:
        ns, eo = match.ns, match.eo
    return Slot(round_number, index, ns, eo, match=match, third_place=third_place)


def read_bracket(
    matches: Sequence[PlayedMatch],
    byes: Sequence[int] = (),
    *,
    seeds: Mapping[int, int] | None = None,
    third_place: bool = False,
) -> Bracket:
    """The bracket as played: every slot, the strays, and the places decided so far.

    ``matches`` are every match of every round; ``byes`` the pairs resting in round 1; ``seeds``
    (pair -> seed) orders the byes (by pair number without it); ``third_place`` asks for a
    third-place match between the semifinal losers (one played is found even without asking).
    """
    seeds = seeds or {}
    first = [m for m in matches if m.round == 1]
    entrants, round_one = _first_round_slots(first, byes, seeds)
    size = bracket_size(entrants)
    total = size.bit_length() - 1
    rounds: list[tuple[Slot, ...]] = [round_one]
    strays = [m for m in matches if m.round > total or m.round < 1]
    third: Slot | None = None
    for r in range(2, total + 1):
        pending = sorted((m for m in matches if m.round == r), key=lambda m: m.table)
        feeders = rounds[-1]
        slots = []
        for j in range(len(feeders) // 2):
            ns, eo = feeders[2 * j].winner, feeders[2 * j + 1].winner
            slots.append(_slot(r, j + 1, ns, eo, _take(pending, ns, eo)))
        rounds.append(tuple(slots))
        if r == total:
            semis = feeders
            ns, eo = semis[0].loser, semis[1].loser
            played = _take(pending, ns, eo)
            possible = not any(s.bye for s in semis)
            if played is not None or (third_place and possible):
                third = _slot(r, 2, ns, eo, played, third_place=True)
        strays += pending
    places = _places(rounds, third)
    return Bracket(
        entrants=entrants,
        size=size,
        rounds=tuple(rounds),
        third_place=third,
        strays=tuple(sorted(strays, key=lambda m: (m.round, m.table))),
        places=places,
    )


def _places(rounds: Sequence[tuple[Slot, ...]], third: Slot | None) -> tuple[Place, ...]:
    """Final places: round r losers share place (slots in round r) + 1; the final gives 1 and 2,
    a third-place match 3 and 4 (its two pairs have no place until it is decided)."""
    found: dict[int, int] = {}
    last = len(rounds)
    for r, slots in enumerate(rounds, start=1):
        for slot in slots:
            if slot.loser is None:
                continue
            if r == last:
                found[slot.loser] = 2
            elif r == last - 1 and third is not None:
                continue
            else:
                found[slot.loser] = len(slots) + 1
    champion = rounds[-1][0].winner
    if champion is not None:
        found[champion] = 1
    if third is not None and third.winner is not None:
        found[third.winner] = 3
        found[third.loser] = 4  # type: ignore[index]
    counts = Counter(found.values())
    return tuple(
        Place(pair=pair, place=place, shared=counts[place] > 1)
        for pair, place in sorted(found.items(), key=lambda item: (item[1], item[0]))
    )
