"""The per-entrant arithmetic shared by every kind of standings: pairs and individual players.

An *entrant* is whoever the standings rank: a pair in a pairs tournament, a player in an
individual one. A table has two lines; each line holds one entrant (a pair) or two (the two
players sitting together that turno): an ``EntrantKind`` says how many, what the entrants are
called in the refusals, and which tie-breaks they cannot have. The kinds of tournament hand theirs
out (``PAIRS`` here is the pairs'; the formats hold the others). Every entrant of a line is
credited with the line's values:

- its VP at the table (or the forfeit split), its own MP, and the margin own MP - opponent MP
  (plus the forfeit's MP for a forfeit, RULES.md section 5) in the scarto;
- its own riposo (bye VP, bye MP in the scarto) and its own penalties (VP and MP deltas, the MP
  both in the scarto and in the MP).

Worked example, the same table seen by a pairs and by an individual tournament: NS 1250 MP,
EO 830 MP, 14-6 VP. Pair 7 at NS gets vp 14, scarto +420, mp 1250; in an individual tournament
players 1 and 5 at NS each get exactly those figures, and players 3 and 7 at EO each get vp 6,
scarto -420, mp 830.

Ranking: VP descending, then the tie-breaks in order (``tiebreaks``); entrants still equal share
the rank (1, 1, 3 ...) and are listed by number.

Only ``standings`` and its explanation use this module (the formats hold their
``EntrantKind``). It is pure Python: it never imports Django or any app, and never touches a
database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.tiebreaks import (
    DEFAULT_TIEBREAKS,
    PairTotals,
    TiebreakContext,
    split_tied,
)

if TYPE_CHECKING:
    from burraco_tourney.rules.standings import Value


@dataclass(frozen=True)
class EntrantKind:
    """Who a kind of tournament ranks, as the standings need to know it.

    ``noun`` ("pair", "player") names the refusals' codes and the parameter carrying the
    entrant's number (``unknown_player``, ``pair_twice_in_turno`` ...); ``per_line`` is how many
    entrants a line of a table credits; ``twice_at_table`` the code of an entrant seated twice at
    one table; ``default_tiebreaks`` the tie-breaks used when none are given, and
    ``refused_tiebreaks`` those that mean nothing for these entrants (``tiebreak_not_individual``:
    head-to-head between players who change partner every turno).
    """

    noun: str = "pair"
    per_line: int = 1
    twice_at_table: str = "same_pair_both_lines"
    default_tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    refused_tiebreaks: tuple[str, ...] = ()


# A pairs tournament's: one pair a line; every tie-break applies.
PAIRS = EntrantKind()


def line_entrants(line: int | Sequence[int]) -> tuple[int, ...]:
    """The numbers a line credits: a pair's number alone, or the players sitting there."""
    return (line,) if isinstance(line, int) else tuple(line)


def check_lines(
    ns: int | Sequence[int],
    eo: int | Sequence[int],
    turno: int | None,
    table: int,
    kind: EntrantKind = PAIRS,
) -> None:
    """Each line holds ``kind.per_line`` entrants (``line_not_two_players``) and nobody sits twice
    at the table (``kind.twice_at_table``: a pair on both lines, a player twice)."""
    lines = (("ns", line_entrants(ns)), ("eo", line_entrants(eo)))
    for line, numbers in lines:
        if len(numbers) != kind.per_line:
            raise RuleViolation(
                "line_not_two_players",
                f"Table {table}: the {line.upper()} line must have {kind.per_line} "
                f"{kind.noun}s, not {len(numbers)}.",
                turno=turno,
                table=table,
                line=line,
                count=len(numbers),
            )
    seen: set[int] = set()
    for line, numbers in lines:
        for number in numbers:
            if number in seen:
                # A line of one entrant is named by that entrant: no line to name then.
                where = {"line": line} if kind.per_line > 1 else {}
                raise RuleViolation(
                    kind.twice_at_table,
                    f"Turno {turno}, table {table}: {kind.noun} {number} sits there twice.",
                    turno=turno,
                    table=table,
                    **{kind.noun: number},
                    **where,
                )
            seen.add(number)


@dataclass
class Tally:
    """Running sums of one entrant while the standings are computed (mutable, private)."""

    vp: int = 0
    scarto: int = 0
    mp: int = 0
    penalty_vp: int = 0
    penalty_mp: int = 0
    played: int = 0
    byes: int = 0
    vp_by_turno: dict[int, int] = field(default_factory=dict)
    earned_vp_by_turno: dict[int, int] = field(default_factory=dict)
    absent: list[int] = field(default_factory=list)  # turni missed by joining late

    def add_vp(self, turno: int, vp: int, *, earned: bool = True) -> None:
        self.vp += vp
        self.vp_by_turno[turno] = self.vp_by_turno.get(turno, 0) + vp
        if earned:
            self.earned_vp_by_turno[turno] = self.earned_vp_by_turno.get(turno, 0) + vp


class Seats:
    """Checks that every entrant is known and sits at most once in a turno (table or bye).

    ``noun`` is "pair" or "player": it names the codes (``duplicate_pair``, ``unknown_player``,
    ``player_twice_in_turno`` ...) and the parameter carrying the entrant's number.
    """

    def __init__(self, entrants: Iterable[int], noun: str) -> None:
        self.noun = noun
        self.known: set[int] = set()
        for number in entrants:
            if number in self.known:
                raise RuleViolation(
                    f"duplicate_{noun}",
                    f"{noun.capitalize()} {number} is listed twice.",
                    **{noun: number},
                )
            self.known.add(number)
        self.seated: set[tuple[int, int]] = set()

    def check_known(self, number: int, turno: int) -> None:
        if number not in self.known:
            raise RuleViolation(
                f"unknown_{self.noun}",
                f"Turno {turno}: {self.noun} {number} is not in the tournament.",
                turno=turno,
                **{self.noun: number},
            )

    def seat(self, number: int, turno: int) -> None:
        self.check_known(number, turno)
        if (turno, number) in self.seated:
            raise RuleViolation(
                f"{self.noun}_twice_in_turno",
                f"Turno {turno}: {self.noun} {number} appears more than once.",
                turno=turno,
                **{self.noun: number},
            )
        self.seated.add((turno, number))


@dataclass(frozen=True)
class LineValues:
    """What one line of a table brings to each of its entrants."""

    entrants: tuple[int, ...]
    mp: int
    opponent_mp: int
    vp: int
    forfeit_mp: int  # + the forfeit's MP for the line that won by forfeit, - for the loser


def credit_line(tallies: Mapping[int, Tally], seats: Seats, turno: int, line: LineValues) -> None:
    """Credit every entrant of ``line`` with the line's VP, margin and MP for ``turno``."""
    for number in line.entrants:
        seats.seat(number, turno)
    for number in line.entrants:
        tally = tallies[number]
        tally.add_vp(turno, line.vp)
        tally.scarto += line.mp - line.opponent_mp + line.forfeit_mp
        tally.mp += line.mp
        tally.played += 1


def credit_bye(
    tallies: Mapping[int, Tally], seats: Seats, turno: int, number: int, bye: Value | None
) -> None:
    """Credit a riposo; ``bye_value_missing`` when the tournament has no bye value yet."""
    seats.seat(number, turno)
    if bye is None:
        raise RuleViolation(
            "bye_value_missing",
            f"{seats.noun.capitalize()} {number} rests in turno {turno}: set the value of a bye.",
            turno=turno,
            **{seats.noun: number},
        )
    tally = tallies[number]
    tally.add_vp(turno, bye.vp)
    tally.scarto += bye.mp
    tally.byes += 1


def credit_absence(
    tallies: Mapping[int, Tally],
    seats: Seats,
    turno: int,
    number: int,
    value: Value | None,
    bye: Value | None,
) -> None:
    """Credit a turno missed by joining late: at ``value``, or as a riposo when it is None
    (``bye_value_missing`` when the riposo has no value yet)."""
    seats.seat(number, turno)
    value = value if value is not None else bye
    if value is None:
        raise RuleViolation(
            "bye_value_missing",
            f"{seats.noun.capitalize()} {number} missed turno {turno}, scored as a riposo: "
            "set the value of a bye.",
            turno=turno,
            **{seats.noun: number},
        )
    tally = tallies[number]
    tally.add_vp(turno, value.vp)
    tally.scarto += value.mp
    tally.absent.append(turno)


def credit_penalty(
    tallies: Mapping[int, Tally], seats: Seats, turno: int, number: int, vp: int, mp: int
) -> None:
    """Take a penalty (VP and MP deltas) off one entrant; nothing goes to anyone else."""
    seats.check_known(number, turno)
    tally = tallies[number]
    tally.add_vp(turno, vp, earned=False)
    tally.scarto += mp
    tally.mp += mp
    tally.penalty_vp += vp
    tally.penalty_mp += mp


def tiebreak_context(
    tallies: Mapping[int, Tally], meetings: Mapping[tuple[int, int], int]
) -> TiebreakContext:
    """What the tie-breaks look at: every entrant's totals and the head-to-head VP."""
    return TiebreakContext(
        totals={n: PairTotals(t.vp, t.scarto, t.mp) for n, t in tallies.items()},
        meetings=dict(meetings),
    )


def ranked(
    tallies: Mapping[int, Tally],
    keys: Sequence[str],
    meetings: Mapping[tuple[int, int], int],
) -> list[tuple[int, int, Tally]]:
    """(rank, entrant, tally) best first: VP descending, then the tie-breaks ``keys``."""
    context = tiebreak_context(tallies, meetings)
    by_vp: dict[int, list[int]] = {}
    for number, tally in tallies.items():
        by_vp.setdefault(tally.vp, []).append(number)
    rows: list[tuple[int, int, Tally]] = []
    for vp in sorted(by_vp, reverse=True):
        for group in split_tied(by_vp[vp], keys, context):
            rank = len(rows) + 1  # entrants sharing a rank leave a gap after them: 1, 1, 3
            rows.extend((rank, number, tallies[number]) for number in group)
    return rows
