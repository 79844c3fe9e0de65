"""Standings (classifica) of an individual tournament: players ranked on their lines' results.

RULES.md section 10 and ARCHIVE.md "Kind individual". A table is two lines of two players; the
table's MP and VP come from the same engine outcome as for pairs (``vp_split``, the forfeit split
of ``standings``). Each player is credited with his line's MP, VP and margin for that turno, plus
his own riposo and penalties; the arithmetic is the pairs' own (``standings_tally``), only the
entrants differ. Per player:

- ``vp`` = sum of his lines' VP + his bye VP + his penalty VP;
- ``scarto`` = sum of (line MP - opposing line MP) + his bye MP + the forfeit MP + his penalty MP;
- ``mp`` = sum of his lines' MP + his penalty MP.

Tie-breaks as for pairs except ``head_to_head``, which is refused (``tiebreak_not_individual``):
players change partner every turno, so "the VP of their meetings" means nothing. The default is
``("scarto", "mp")``.

Worked example: turno 1, table 1, NS players 1 and 5 score 1250 MP, EO players 3 and 7 score
830 (fibur-3: 14-6 VP); player 9 rests (bye 14 VP, +355). Players 1 and 5: vp 14, scarto +420,
mp 1250; players 3 and 7: vp 6, scarto -420, mp 830; player 9: vp 14, scarto +355, mp 0. Ranks:
1 and 5 share rank 1 (scarto +420 beats 9's +355), 9 is 3rd, 3 and 7 share rank 4.

Plain data in, plain data out; never imports Django or any app, never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.standings import Line, Value, forfeit_vp, line_values
from burraco_tourney.rules.standings_tally import (
    Seats,
    Tally,
    credit_bye,
    credit_line,
    credit_penalty,
    ranked,
    tiebreak_context,
)
from burraco_tourney.rules.tiebreaks import TiebreakContext, check_tiebreaks
from burraco_tourney.rules.vp import VpTable, vp_split

DEFAULT_INDIVIDUAL_TIEBREAKS: tuple[str, ...] = ("scarto", "mp")

# Tie-breaks that only make sense between pairs.
PAIRS_ONLY_TIEBREAKS: tuple[str, ...] = ("head_to_head",)

CODES: tuple[str, ...] = (
    "line_not_two_players",
    "player_twice_at_table",
    "duplicate_player",
    "unknown_player",
    "player_twice_in_turno",
    "tiebreak_not_individual",
    "bad_forfeit_line",
    "forfeit_vp_out_of_range",
    "bye_value_missing",
    "forfeit_value_missing",
    "unknown_tiebreak",
)


@dataclass(frozen=True)
class PlayerTableResult:
    """The result of one table of an individual tournament: two players per line."""

    turno: int
    table: int
    ns: tuple[int, int]
    eo: tuple[int, int]
    ns_mp: int
    eo_mp: int
    ns_vp: int
    eo_vp: int
    forfeit: Line | None = None


@dataclass(frozen=True)
class PlayerBye:
    """A player resting (riposo) in a turno."""

    turno: int
    player: int


@dataclass(frozen=True)
class PlayerPenalty:
    """An arbitro's penalty against one player in one turno; ``vp`` and ``mp`` are deltas."""

    turno: int
    player: int
    vp: int
    mp: int
    reason: str = ""


@dataclass(frozen=True)
class PlayerStandingRow:
    """One line of an individual tournament's standings (the pairs' ``StandingRow`` per player)."""

    rank: int
    player: int
    vp: int
    scarto: int
    mp: int
    penalty_vp: int
    penalty_mp: int
    vp_by_turno: dict[int, int] = field(default_factory=dict)
    played: int = 0
    byes: int = 0
    earned_vp_by_turno: dict[int, int] = field(default_factory=dict)


def check_players_at_table(
    ns: Sequence[int], eo: Sequence[int], turno: int | None, table: int
) -> None:
    """Each line holds exactly two players and nobody sits twice at the table."""
    for line, players in (("ns", ns), ("eo", eo)):
        if len(players) != 2:
            raise RuleViolation(
                "line_not_two_players",
                f"Table {table}: the {line.upper()} line must have two players, "
                f"not {len(players)}.",
                turno=turno,
                table=table,
                line=line,
                count=len(players),
            )
    seen: set[int] = set()
    for line, players in (("ns", ns), ("eo", eo)):
        for player in players:
            if player in seen:
                raise RuleViolation(
                    "player_twice_at_table",
                    f"Table {table}: player {player} sits there twice.",
                    turno=turno,
                    table=table,
                    player=player,
                    line=line,
                )
            seen.add(player)


def player_table_result(
    *,
    turno: int,
    table: int,
    ns: Sequence[int],
    eo: Sequence[int],
    ns_mp: int,
    eo_mp: int,
    vp_table: str | VpTable | Sequence[Any],
) -> PlayerTableResult:
    """The result of a played table: the lines' VP from the MP difference, as for pairs."""
    check_players_at_table(ns, eo, turno, table)
    ns_vp, eo_vp = vp_split(ns_mp, eo_mp, vp_table)
    return PlayerTableResult(turno, table, _two(ns), _two(eo), ns_mp, eo_mp, ns_vp, eo_vp)


def player_forfeit_result(
    *,
    turno: int,
    table: int,
    ns: Sequence[int],
    eo: Sequence[int],
    winner: Line,
    forfeit: Value,
    vp_table: str | VpTable | Sequence[Any],
) -> PlayerTableResult:
    """A table won by forfeit by line ``winner``: the same split as a pairs forfeit."""
    check_players_at_table(ns, eo, turno, table)
    ns_vp, eo_vp = forfeit_vp(
        turno=turno, table=table, winner=winner, forfeit=forfeit, vp_table=vp_table
    )
    return PlayerTableResult(turno, table, _two(ns), _two(eo), 0, 0, ns_vp, eo_vp, winner)


def _two(players: Sequence[int]) -> tuple[int, int]:
    first, second = players
    return (first, second)


def check_individual_tiebreaks(keys: Iterable[str]) -> tuple[str, ...]:
    """The keys as a tuple; ``unknown_tiebreak`` as for pairs, and ``tiebreak_not_individual``
    for a tie-break that only pairs can have (head-to-head)."""
    keys = check_tiebreaks(keys)
    for key in keys:
        if key in PAIRS_ONLY_TIEBREAKS:
            raise RuleViolation(
                "tiebreak_not_individual",
                f"The tie-break {key!r} does not apply to an individual tournament.",
                key=key,
            )
    return keys


def _individual_tallies(
    *,
    players: Iterable[int],
    tables: Iterable[PlayerTableResult],
    byes: Iterable[PlayerBye] = (),
    penalties: Iterable[PlayerPenalty] = (),
    bye: Value | None = None,
    forfeit: Value | None = None,
    after_turno: int | None = None,
) -> dict[int, Tally]:
    """Each player's tally: his lines' results, his riposi and his penalties."""
    forfeit = forfeit if forfeit is not None else bye
    seats = Seats(players, "player")
    tallies = {player: Tally() for player in sorted(seats.known)}

    def counts(turno: int) -> bool:
        return after_turno is None or turno <= after_turno

    for result in tables:
        if not counts(result.turno):
            continue
        check_players_at_table(result.ns, result.eo, result.turno, result.table)
        for line in line_values(result, tuple(result.ns), tuple(result.eo), forfeit):
            credit_line(tallies, seats, result.turno, line)
    for rest in byes:
        if counts(rest.turno):
            credit_bye(tallies, seats, rest.turno, rest.player, bye)
    for penalty in penalties:
        if counts(penalty.turno):
            credit_penalty(tallies, seats, penalty.turno, penalty.player, penalty.vp, penalty.mp)
    return tallies


def individual_standings_context(**inputs: Any) -> TiebreakContext:
    """What the tie-breaks see for these inputs (the keyword arguments of
    ``compute_individual_standings`` but ``tiebreaks``): the one context the players were ranked
    with. Players never meet as pairs do, so it holds no meetings."""
    return tiebreak_context(_individual_tallies(**inputs), {})


def compute_individual_standings(
    *,
    players: Iterable[int],
    tables: Iterable[PlayerTableResult],
    byes: Iterable[PlayerBye] = (),
    penalties: Iterable[PlayerPenalty] = (),
    bye: Value | None = None,
    forfeit: Value | None = None,
    tiebreaks: Iterable[str] = DEFAULT_INDIVIDUAL_TIEBREAKS,
    after_turno: int | None = None,
) -> list[PlayerStandingRow]:
    """The standings of every player in ``players``, best first (see the module docstring).

    The arguments mean what they mean for ``standings.compute_standings``, per player.
    """
    keys = check_individual_tiebreaks(tiebreaks)
    tallies = _individual_tallies(
        players=players,
        tables=tables,
        byes=byes,
        penalties=penalties,
        bye=bye,
        forfeit=forfeit,
        after_turno=after_turno,
    )
    return [
        PlayerStandingRow(
            rank=rank,
            player=player,
            vp=t.vp,
            scarto=t.scarto,
            mp=t.mp,
            penalty_vp=t.penalty_vp,
            penalty_mp=t.penalty_mp,
            vp_by_turno=dict(sorted(t.vp_by_turno.items())),
            played=t.played,
            byes=t.byes,
            earned_vp_by_turno=dict(sorted(t.earned_vp_by_turno.items())),
        )
        for rank, player, t in ranked(tallies, keys, {})
    ]
