"""Standings (classifica) from match results, byes and penalties: one computation for every kind.

Follows ARCHIVE.md ``results`` exactly. Each match result names the entrants its two sides
credit: a pair's side credits that pair, an individual table's line its two players (who the
entrants are is the kind's ``EntrantKind``, ``standings_tally``: ``PAIRS`` by default). Per
entrant:

- ``vp`` = sum of its sides' VP + sum of bye VP + sum of absence VP + sum of penalty VP;
- ``scarto`` = sum of (own side's MP - opposing side's MP) over matches + sum of bye MP + sum of
  absence MP + sum of (+forfeit MP for a forfeit win, -forfeit MP for a forfeit loss) + sum of
  penalty MP;
- ``mp`` = sum of its sides' MP + sum of penalty MP.

Order: VP descending, then the tie-breaks in order (see ``tiebreaks``; the kind's default when
none are given, and never one the kind refuses); entrants still equal share the rank (1, 1, 3 ...)
and are listed by number. Penalties never give anything to the opponent. Only matches with a
result are passed in: a match still being played counts for nothing.

An *absence* is a turno a pair missed because it joined the tournament late: it is scored like a
riposo, at the riposo's value or at a value of its own (the director's choice, 0 - 0 for
"nothing"), and the row lists the turni it missed.

The engine speaks of ``pair`` (``pairs=``, ``Bye.pair``, ``StandingRow.pair``) for the entrant's
number whatever the kind: in an individual tournament it is a player's.

Worked example, individual (the players' kind): turno 1, table 1, NS players 1 and 5 score
1250 MP, EO players 3 and 7 score 830 (fibur-3: 14-6 VP); player 9 rests (bye 14 VP, +355).
Players 1 and 5: vp 14, scarto +420, mp 1250; players 3 and 7: vp 6, scarto -420, mp 830;
player 9: vp 14, scarto +355, mp 0. With the tie-breaks scarto, mp: 1 and 5 share rank 1, 9 is
3rd, 3 and 7 share rank 4.

Plain data in, plain data out. This module is pure Python: it never imports Django or any app,
and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.standings_tally import (
    PAIRS,
    EntrantKind,
    LineValues,
    Seats,
    Tally,
    check_lines,
    credit_absence,
    credit_bye,
    credit_line,
    credit_penalty,
    line_entrants,
    ranked,
    tiebreak_context,
)
from burraco_tourney.rules.tiebreaks import TiebreakContext, check_tiebreaks

# Imported under another name: the public functions take a parameter called ``vp_table``.
from burraco_tourney.rules.vp import VpTable, vp_split
from burraco_tourney.rules.vp import vp_table as resolve_vp_table

Line = Literal["ns", "eo"]

# A line of a match result: a pair's number, or the numbers of the players sitting there.
Side = int | tuple[int, ...]

CODES: tuple[str, ...] = (
    "same_pair_both_lines",
    "line_not_two_players",
    "player_twice_at_table",
    "duplicate_player",
    "unknown_player",
    "player_twice_in_turno",
    "bad_forfeit_line",
    "forfeit_vp_out_of_range",
    "duplicate_pair",
    "unknown_pair",
    "pair_twice_in_turno",
    "bye_value_missing",
    "forfeit_value_missing",
)


@dataclass(frozen=True)
class Value:
    """The worth of a bye or of a forfeit win: VP and MP (the MP count in the scarto)."""

    vp: int
    mp: int


@dataclass(frozen=True)
class TableResult:
    """The result of one match in one turno (``table``: its table's number, the first of its
    tables). ``ns``/``eo`` name who each side credits (a pair, or a line's players); ``forfeit``
    names the side that WON by forfeit."""

    turno: int
    table: int
    ns: Side
    eo: Side
    ns_mp: int
    eo_mp: int
    ns_vp: int
    eo_vp: int
    forfeit: Line | None = None


@dataclass(frozen=True)
class Bye:
    """A pair resting (riposo) in a turno."""

    turno: int
    pair: int


@dataclass(frozen=True)
class Absence:
    """A turno a late pair missed. ``value`` None: scored as a riposo (``bye_value_missing``
    when the riposo has no value); otherwise at that value (``Value(0, 0)``: nothing)."""

    turno: int
    pair: int
    value: Value | None = None


@dataclass(frozen=True)
class Penalty:
    """An arbitro's penalty against one pair in one turno; ``vp`` and ``mp`` are deltas (<= 0)."""

    turno: int
    pair: int
    vp: int
    mp: int
    reason: str = ""


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings. ``vp_by_turno`` has a key for each turno the pair has data in."""

    rank: int
    pair: int
    vp: int
    scarto: int
    mp: int
    penalty_vp: int
    penalty_mp: int
    vp_by_turno: dict[int, int] = field(default_factory=dict)
    played: int = 0
    byes: int = 0
    # The VP each turno gave the pair at its table or for its riposo, before any penalty; no key
    # for a turno the pair has no result in (``vp_by_turno`` has the penalties taken off).
    earned_vp_by_turno: dict[int, int] = field(default_factory=dict)
    # The turni the pair missed because it joined late (scored as an ``Absence``).
    absent: tuple[int, ...] = ()


def _side(line: int | Sequence[int]) -> Side:
    return line if isinstance(line, int) else tuple(line)


def table_result(
    *,
    turno: int,
    table: int,
    ns: int | Sequence[int],
    eo: int | Sequence[int],
    ns_mp: int,
    eo_mp: int,
    vp_table: str | VpTable | Sequence[Any],
    kind: EntrantKind = PAIRS,
) -> TableResult:
    """The result of a played table: VP from the MP difference through the VP table."""
    check_lines(ns, eo, turno, table, kind)
    ns_vp, eo_vp = vp_split(ns_mp, eo_mp, vp_table)
    return TableResult(turno, table, _side(ns), _side(eo), ns_mp, eo_mp, ns_vp, eo_vp)


def forfeit_result(
    *,
    turno: int,
    table: int,
    ns: int | Sequence[int],
    eo: int | Sequence[int],
    winner: Line,
    forfeit: Value,
    vp_table: str | VpTable | Sequence[Any],
    kind: EntrantKind = PAIRS,
) -> TableResult:
    """A table won by forfeit: the winner gets ``forfeit.vp``, the loser the rest of the table
    total, both 0 MP (the forfeit MP count in the scarto, see ``compute_standings``)."""
    check_lines(ns, eo, turno, table, kind)
    ns_vp, eo_vp = forfeit_vp(
        turno=turno, table=table, winner=winner, forfeit=forfeit, vp_table=vp_table
    )
    return TableResult(turno, table, _side(ns), _side(eo), 0, 0, ns_vp, eo_vp, forfeit=winner)


def forfeit_vp(
    *,
    turno: int,
    table: int,
    winner: Line,
    forfeit: Value,
    vp_table: str | VpTable | Sequence[Any],
) -> tuple[int, int]:
    """The NS and EO VP of a table won by forfeit by line ``winner``, after checking the line
    (``bad_forfeit_line``) and the forfeit's VP against the table (``forfeit_vp_out_of_range``)."""
    if winner not in ("ns", "eo"):
        raise RuleViolation(
            "bad_forfeit_line",
            f'Turno {turno}, table {table}: the forfeit winner must be "ns" or "eo".',
            turno=turno,
            table=table,
            value=repr(winner),
        )
    table = resolve_vp_table(vp_table)
    total = table.total
    if not table.holds(forfeit.vp):
        raise RuleViolation(
            "forfeit_vp_out_of_range",
            f"A forfeit win of {forfeit.vp} VP does not fit a VP table of total {total}.",
            value=forfeit.vp,
            total=total,
        )
    return forfeit_split(forfeit, total, winner).vp


@dataclass(frozen=True)
class ForfeitSplit:
    """What a forfeit gives the two lines of its table, NS first: the VP, and the forfeit's MP
    in the scarto (the table's own MP stay 0 – 0)."""

    vp: tuple[int, int]
    scarto: tuple[int, int]


def forfeit_split(forfeit: Value, total: int, winner: Line) -> ForfeitSplit:
    """A forfeit won by line ``winner`` at a table worth ``total`` VP: the winner gets
    ``forfeit.vp`` and ``+forfeit.mp`` of scarto, the loser the rest of the total and
    ``-forfeit.mp`` (RULES.md section 5). Arithmetic only: ``forfeit_result`` checks the values."""
    win, lose = forfeit.vp, total - forfeit.vp
    if winner == "ns":
        return ForfeitSplit(vp=(win, lose), scarto=(forfeit.mp, -forfeit.mp))
    return ForfeitSplit(vp=(lose, win), scarto=(-forfeit.mp, forfeit.mp))


def _standings_inputs(
    *,
    pairs: Iterable[int],
    tables: Iterable[TableResult],
    byes: Iterable[Bye] = (),
    penalties: Iterable[Penalty] = (),
    absences: Iterable[Absence] = (),
    bye: Value | None = None,
    forfeit: Value | None = None,
    after_turno: int | None = None,
    kind: EntrantKind = PAIRS,
) -> tuple[dict[int, Tally], dict[tuple[int, int], int]]:
    """Every entrant's running sums and the VP each took off each opponent (what head-to-head
    looks at), for the inputs of ``compute_standings``."""
    forfeit = forfeit if forfeit is not None else bye
    seats = Seats(pairs, kind.noun)
    tallies = {pair: Tally() for pair in sorted(seats.known)}
    meetings: dict[tuple[int, int], int] = {}

    def counts(turno: int) -> bool:
        return after_turno is None or turno <= after_turno

    for result in tables:
        if not counts(result.turno):
            continue
        check_lines(result.ns, result.eo, result.turno, result.table, kind)
        ns, eo = line_entrants(result.ns), line_entrants(result.eo)
        for line in line_values(result, ns, eo, forfeit):
            credit_line(tallies, seats, result.turno, line)
        for side, opponents, vp in ((ns, eo, result.ns_vp), (eo, ns, result.eo_vp)):
            for pair in side:
                for opponent in opponents:
                    meetings[(pair, opponent)] = meetings.get((pair, opponent), 0) + vp

    for rest in byes:
        if counts(rest.turno):
            credit_bye(tallies, seats, rest.turno, rest.pair, bye)

    for absence in absences:
        if counts(absence.turno):
            credit_absence(tallies, seats, absence.turno, absence.pair, absence.value, bye)

    for penalty in penalties:
        if counts(penalty.turno):
            credit_penalty(tallies, seats, penalty.turno, penalty.pair, penalty.vp, penalty.mp)
    return tallies, meetings


def standings_context(**inputs: Any) -> TiebreakContext:
    """What the tie-breaks see for these inputs (the keyword arguments of
    ``compute_standings`` but ``tiebreaks``): the one context the standings were ranked with."""
    return tiebreak_context(*_standings_inputs(**inputs))


def compute_standings(
    *,
    pairs: Iterable[int],
    tables: Iterable[TableResult],
    byes: Iterable[Bye] = (),
    penalties: Iterable[Penalty] = (),
    absences: Iterable[Absence] = (),
    bye: Value | None = None,
    forfeit: Value | None = None,
    tiebreaks: Iterable[str] | None = None,
    after_turno: int | None = None,
    kind: EntrantKind = PAIRS,
) -> list[StandingRow]:
    """The standings of every entrant in ``pairs``, best first (see the module docstring).

    ``bye`` is the value of a riposo (required as soon as a bye counts: ``bye_value_missing``);
    ``forfeit`` the value of a forfeit win, used here for its MP (the VP are in the table
    result); it defaults to ``bye`` as in ARCHIVE.md (``forfeit_value_missing`` when neither is
    given and a forfeit counts). ``absences`` are the turni late pairs missed, scored like a bye
    at their own value or the bye's. ``after_turno`` keeps only tables, byes, absences and
    penalties of turni up to and including it: the standings as they were after that turno.
    ``kind`` says who the entrants are (``standings_tally.EntrantKind``): how many a side
    credits, the tie-breaks when ``tiebreaks`` is None, and the tie-breaks refused.
    """
    keys = check_tiebreaks(
        kind.default_tiebreaks if tiebreaks is None else tiebreaks, kind.refused_tiebreaks
    )
    tallies, meetings = _standings_inputs(
        pairs=pairs,
        tables=tables,
        byes=byes,
        penalties=penalties,
        absences=absences,
        bye=bye,
        forfeit=forfeit,
        after_turno=after_turno,
        kind=kind,
    )
    return standing_rows(ranked(tallies, keys, meetings))


def standing_rows(ranking: Iterable[tuple[int, int, Tally]]) -> list[StandingRow]:
    """The rows of ``standings_tally.ranked``'s (rank, entrant, tally), in its order."""
    return [
        StandingRow(
            rank=rank,
            pair=pair,
            vp=t.vp,
            scarto=t.scarto,
            mp=t.mp,
            penalty_vp=t.penalty_vp,
            penalty_mp=t.penalty_mp,
            vp_by_turno=dict(sorted(t.vp_by_turno.items())),
            played=t.played,
            byes=t.byes,
            earned_vp_by_turno=dict(sorted(t.earned_vp_by_turno.items())),
            absent=tuple(sorted(t.absent)),
        )
        for rank, pair, t in ranking
    ]


def line_values(
    result: TableResult,
    ns: tuple[int, ...],
    eo: tuple[int, ...],
    forfeit: Value | None,
) -> tuple[LineValues, LineValues]:
    """The NS and EO lines of a table result, each naming its entrants ``ns`` / ``eo``.

    A forfeit's MP count in the scarto (``forfeit_value_missing`` when no value is known)."""
    ns_bonus = 0
    if result.forfeit is not None:
        if forfeit is None:
            raise RuleViolation(
                "forfeit_value_missing",
                f"Turno {result.turno}, table {result.table} was won by forfeit: "
                "set the value of a forfeit (or of a bye).",
                turno=result.turno,
                table=result.table,
            )
        # The table's VP are already in the result: only the forfeit's scarto is added.
        total = result.ns_vp + result.eo_vp
        ns_bonus = forfeit_split(forfeit, total, result.forfeit).scarto[0]
    return (
        LineValues(ns, result.ns_mp, result.eo_mp, result.ns_vp, ns_bonus),
        LineValues(eo, result.eo_mp, result.ns_mp, result.eo_vp, -ns_bonus),
    )
