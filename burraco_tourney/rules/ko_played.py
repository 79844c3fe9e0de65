"""A knock-out bracket read back from the matches played: who goes on, the strays, the places.

RULES.md section 8: from third place down, pairs knocked out in the same round share the place
unless a play-off (here: the optional third-place match) is held. The bracket's shape, its
vocabulary (size, rounds, slots, feeders, seeds, byes) and round 1 are ``ko.py``'s.

Reading a bracket back from what was played (``read_bracket``) needs no stored positions: round
1's byes sit in the slots of the top seeds (byes ordered by seed), its tables fill the other slots
in table number order; a match of a later round belongs to the slot whose two feeders' winners it
seats, whatever its table number. A match that fits no slot (a winner changed after the next match
was played, an archive drawn by other rules) is a *stray*, listed apart.

This module is pure Python: it never imports Django or any app and never touches a database.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.ko import bracket_size, seed_positions

# Round 1 as played must have the bracket's shape; ``bracket_size`` refuses fewer than two pairs.
CODES: tuple[str, ...] = ("ko_too_few_pairs", "ko_irregular_first_round")


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
