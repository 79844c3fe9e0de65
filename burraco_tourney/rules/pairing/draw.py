"""Shared types of every pairing method (movement): a seat, an explanation note, a draw.

A draw says who sits where for one turno: the tables, the NS and EO pair at each, the pairs that
rest (riposo), and notes that explain every choice the method made. A note is a code with plain
parameters, like the error codes: the web layer turns it into a translated sentence.

Vocabulary: a *pair* (coppia) is identified by its number (an int >= 1); a *seat* is one table of
one turno; *meeting* is the unordered couple of two pairs that sit at the same table.

Tables are numbered from 1 and every pair appears at most once in a draw. In a Mitchell with an odd
number of pairs the table where the NS pair rests is left out of ``seats``, so table numbers keep
their physical meaning (an NS pair keeps its table all evening).

This module, like all of ``rules``, never imports Django or any app and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from burraco_tourney.rules.errors import RuleViolation

# Every note code a pairing method can emit. Parameters per code:
# - "ranking": ranking (tuple of pair numbers, best first), mode, last_turno.  (Danese)
# - "swap_avoid_rematch": pair, opponent, instead_of, reason, rank. The pair meets `opponent`
#   instead of `instead_of`, its partner in the plain 1v2, 3v4 order. reason is one of
#   SWAP_REASONS.  (Danese)
# - "rematch_unavoidable": pair, opponent, reason ("met_previous_turno" or "met_before"): no
#   pairing without such a meeting exists, and the draw has as few of them as possible.  (Danese)
# - "rematch_allowed": pair, opponent, reason ("puro" or "last_turno"): a repeated meeting the
#   mode allows.  (Danese)
# - "bye": pair, reason (one of BYE_REASONS), byes_before (absent for manual seating), and per
#   reason: table ("phantom_opponent"), instead_of ("fewest_byes", "avoids_rematch").
# - "bye_moved": pair, from_table, table, opponent: in a Mitchell, the pair whose opponent rests
#   instead of the phantom's opponent moves to the phantom's table.
# - "mitchell": turno, step, tables, rematch_free_turni.
# - "mitchell_repeat": turno, rematch_free_turni: the rotation has come round, pairs meet again.
# - "mitchell_rematches": rematches, tables: how many of the tables seat two pairs that met in a
#   turno already played (only when the played meetings are given).
# - "italiana": turno, turni.
# - "manual": tables.
NOTE_CODES: tuple[str, ...] = (
    "ranking",
    "swap_avoid_rematch",
    "rematch_unavoidable",
    "rematch_allowed",
    "bye",
    "bye_moved",
    "mitchell",
    "mitchell_repeat",
    "mitchell_rematches",
    "italiana",
    "manual",
)

# Why a Danese pair does not meet its plain partner.
SWAP_REASONS: tuple[str, ...] = (
    "met_previous_turno",  # they met in the previous turno (modificato, and no_rematch)
    "met_before",  # they met in an earlier turno (no_rematch)
    "opponent_taken",  # the plain partner was already seated at a higher table
    "keeps_draw_possible",  # meeting the plain partner would force an avoidable rematch below
)

# Why a pair rests.
BYE_REASONS: tuple[str, ...] = (
    "phantom_opponent",  # Mitchell: it would have met the phantom EO pair
    "fewest_byes",  # Mitchell: the phantom's opponent has rested more than others
    "lowest_ranked",  # Danese: the lowest-ranked pair among those with the fewest byes
    "avoids_rematch",  # Danese: a higher-ranked pair rests so that nobody meets again
    "calendar",  # all'italiana: the calendar's phantom
    "director",  # manual seating
)

# Every error code the pairing package can raise (each module keeps its own subset in CODES).
CODES: tuple[str, ...] = (
    "too_few_pairs",
    "duplicate_pair",
    "invalid_pair_number",
    "turno_out_of_range",
    "invalid_step",
    "unknown_mode",
    "unknown_pair",
    "same_pair_both_lines",
    "pair_seated_twice",
    "pair_rests_twice",
    "pair_seated_and_resting",
    "pair_missing",
    "bye_with_even_pairs",
    "too_many_byes",
)

# Raised by validate_pairs, hence by every generated movement.
PAIRS_CODES: tuple[str, ...] = ("too_few_pairs", "duplicate_pair", "invalid_pair_number")


@dataclass(frozen=True)
class Seat:
    """One table of one turno: the pair sitting Nord-Sud and the pair sitting Est-Ovest."""

    table: int
    ns: int
    eo: int


@dataclass(frozen=True)
class DrawNote:
    """A machine-readable line explaining a choice of the draw (see NOTE_CODES)."""

    code: str
    # Plain values only (ints, strings, bools, tuples of ints), so a note can be stored as JSON.
    params: dict[str, Any] = field(default_factory=dict, hash=False)


class SeatedDraw:
    """What every draw checks and answers, whatever sits on a line: one pair (``Draw``), or two
    players (``individual_draw.IndividualDraw``, ``players_per_line`` 2). The subclass is a
    frozen dataclass with ``seats`` (each with ``table``, ``ns`` and ``eo``), ``byes`` and
    ``notes``."""

    players_per_line = 1
    noun = "pair"
    seats: tuple[Any, ...]
    byes: tuple[int, ...]
    notes: tuple[DrawNote, ...]

    def line_members(self, line: Any) -> tuple[int, ...]:
        """The numbers sitting on a line: a pair's number, or the two players'."""
        return (line,) if self.players_per_line == 1 else tuple(line)

    def __post_init__(self) -> None:
        # A draw breaking these is a bug of the method that built it, not a director's error.
        seen: set[int] = set()
        tables: set[int] = set()
        for seat in self.seats:
            if seat.table < 1 or seat.table in tables:
                raise ValueError(f"bad or repeated table number {seat.table}")
            tables.add(seat.table)
            lines = (self.line_members(seat.ns), self.line_members(seat.eo))
            if any(len(line) != self.players_per_line for line in lines):
                raise ValueError(f"table {seat.table} needs two lines of two players")
            for number in (*lines[0], *lines[1]):
                if number in seen:
                    raise ValueError(f"{self.noun} {number} appears twice in the draw")
                seen.add(number)
        for number in self.byes:
            if number in seen:
                raise ValueError(f"{self.noun} {number} appears twice in the draw")
            seen.add(number)

    def notes_with(self, code: str) -> tuple[DrawNote, ...]:
        """The notes carrying ``code``, in order."""
        return tuple(note for note in self.notes if note.code == code)


@dataclass(frozen=True)
class Draw(SeatedDraw):
    """Who sits where in one turno, who rests, and why."""

    seats: tuple[Seat, ...]
    byes: tuple[int, ...] = ()
    notes: tuple[DrawNote, ...] = ()

    @property
    def pairs(self) -> tuple[int, ...]:
        """Every pair of the draw, seated (table order, NS first) then resting."""
        seated = tuple(p for seat in self.seats for p in (seat.ns, seat.eo))
        return seated + self.byes

    def opponent(self, pair: int) -> int | None:
        """The pair's opponent in this draw, None when it rests or is not in the draw."""
        for seat in self.seats:
            if seat.ns == pair:
                return seat.eo
            if seat.eo == pair:
                return seat.ns
        return None

    def meetings(self) -> frozenset[frozenset[int]]:
        """The couples of pairs that meet in this draw."""
        return frozenset(frozenset((seat.ns, seat.eo)) for seat in self.seats)


def validate_numbers(numbers: Iterable[int], *, noun: str, least: int, too_few: str) -> tuple:
    """Check the numbers of the entrants of a generated movement (pairs, or players: ``noun``)
    and return them as a tuple. Raises RuleViolation "invalid_<noun>_number" (not an int >= 1),
    "duplicate_<noun>", or "too_few_<noun>s" (fewer than ``least``: ``too_few`` says why)."""
    order = tuple(numbers)
    seen: set[int] = set()
    for number in order:
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise RuleViolation(
                f"invalid_{noun}_number",
                f"{noun.capitalize()} number {number!r} is not a whole number >= 1",
                **{noun: number},
            )
        if number in seen:
            raise RuleViolation(
                f"duplicate_{noun}",
                f"{noun.capitalize()} {number} is listed twice",
                **{noun: number},
            )
        seen.add(number)
    if len(order) < least:
        raise RuleViolation(f"too_few_{noun}s", too_few, count=len(order))
    return order


def validate_pairs(pairs: Iterable[int]) -> tuple[int, ...]:
    """Check a list of pair numbers for a generated movement and return it as a tuple.

    Raises RuleViolation "invalid_pair_number" (not an int >= 1), "duplicate_pair", or
    "too_few_pairs" (fewer than two pairs: nothing to draw).
    """
    return validate_numbers(
        pairs, noun="pair", least=2, too_few="At least two pairs are needed to draw a turno"
    )


def check_turno(turno: int, last: int | None = None) -> None:
    """Refuse a turno number below 1, or above ``last`` when the calendar has a last turno."""
    if turno < 1 or (last is not None and turno > last):
        raise RuleViolation(
            "turno_out_of_range",
            f"Turno {turno} does not exist" + (f" (the calendar has {last})" if last else ""),
            turno=turno,
            turni=last,
        )
