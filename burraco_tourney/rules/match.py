"""Results of a match between two lines: "a smazzate", "a punti", and the KO tie rule.

Seed 003 defines two kinds of match (RULES.md section 8):

- a smazzate: a fixed number of smazzate; the higher total wins;
- a punti: play goes on smazzata by smazzata until a line passes a target; the winner is the line
  that, having passed it, has more points than the opponent.

Only in a knock-out (KO), a tie is settled: the line that made the last move of the last smazzata
loses. Outside KO a tie is a draw. The input is each smazzata's two line totals (already scored by
the scoring module) and which line made its last move.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from burraco_tourney.rules.errors import RuleViolation

Line = Literal["ns", "eo"]

CODES: tuple[str, ...] = (
    "bad_last_move",
    "bad_smazzate_to_play",
    "bad_target",
    "too_many_smazzate",
    "smazzate_after_match_end",
    "tie_needs_last_move",
    "target_not_reached",
)

_LINES: tuple[Line, Line] = ("ns", "eo")


@dataclass(frozen=True)
class SmazzataTotals:
    """The two line totals of one smazzata, and the line that made its last move (if recorded)."""

    ns: int
    eo: int
    last_move: Line | None = None


@dataclass(frozen=True)
class MatchResult:
    """Where a match stands.

    ``winner`` is None while the match is not finished, and for a draw (a tie outside KO).
    ``by_last_move`` is True when a tie was settled by the last-move rule.
    ``smazzate_counted`` is the number of smazzate the totals include.
    """

    ns_mp: int
    eo_mp: int
    winner: Line | None
    by_last_move: bool
    smazzate_counted: int
    finished: bool


def _other(line: Line) -> Line:
    return "eo" if line == "ns" else "ns"


def ko_winner(ns_mp: int, eo_mp: int, last_move: Line | None) -> tuple[Line, bool]:
    """Winner of a finished KO match and whether the last-move rule decided it.

    Higher MP wins. On equal MP the line that made the last move of the last smazzata loses
    (seed 003), so ``last_move`` is then required (``tie_needs_last_move``).
    """
    if ns_mp > eo_mp:
        return "ns", False
    if eo_mp > ns_mp:
        return "eo", False
    if last_move is None:
        raise RuleViolation(
            "tie_needs_last_move",
            "The match is tied: record which line made the last move of the last smazzata.",
        )
    _check_line(last_move, None)
    return _other(last_move), True


def check_points_totals(ns_mp: int, eo_mp: int, *, target: int) -> None:
    """The final totals of a match a punti: the match ends only when a line reaches ``target``,
    so totals where neither line has reached it are of a match still being played
    (``target_not_reached``)."""
    if max(ns_mp, eo_mp) < target:
        raise RuleViolation(
            "target_not_reached",
            f"Neither line has reached {target}: the match is not over.",
            target=target,
        )


def _check_line(value: object, index: int | None) -> None:
    if value not in _LINES:
        where = "" if index is None else f"Smazzata {index + 1}: "
        raise RuleViolation(
            "bad_last_move",
            f'{where}the last move must be "ns" or "eo", not {value!r}.',
            smazzata=index,
            value=repr(value),
        )


def _is_positive_int(value: object) -> bool:
    # bool is an int subclass in Python, but `true` is never a count.
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _check_smazzate(smazzate: Sequence[SmazzataTotals]) -> None:
    for index, smazzata in enumerate(smazzate):
        if smazzata.last_move is not None:
            _check_line(smazzata.last_move, index)


def _decide(
    ns_mp: int, eo_mp: int, last: SmazzataTotals, *, knockout: bool
) -> tuple[Line | None, bool]:
    if ns_mp == eo_mp and not knockout:
        return None, False
    return ko_winner(ns_mp, eo_mp, last.last_move)


def match_by_smazzate(
    smazzate: Sequence[SmazzataTotals], *, smazzate_to_play: int, knockout: bool
) -> MatchResult:
    """Result of a match of a fixed number of smazzate.

    Finished once ``smazzate_to_play`` smazzate are entered; more is an error
    (``too_many_smazzate``). The higher total wins; on a tie, in KO the line that made the last
    move of the last smazzata loses, otherwise the match is a draw (winner None).
    """
    if not _is_positive_int(smazzate_to_play):
        raise RuleViolation(
            "bad_smazzate_to_play",
            "The number of smazzate must be a whole number of 1 or more.",
            value=smazzate_to_play,
        )
    if len(smazzate) > smazzate_to_play:
        raise RuleViolation(
            "too_many_smazzate",
            f"The match is of {smazzate_to_play} smazzate, but {len(smazzate)} were entered.",
            planned=smazzate_to_play,
            entered=len(smazzate),
        )
    _check_smazzate(smazzate)
    ns_mp = sum(s.ns for s in smazzate)
    eo_mp = sum(s.eo for s in smazzate)
    finished = len(smazzate) == smazzate_to_play
    winner: Line | None = None
    by_last_move = False
    if finished:
        winner, by_last_move = _decide(ns_mp, eo_mp, smazzate[-1], knockout=knockout)
    return MatchResult(ns_mp, eo_mp, winner, by_last_move, len(smazzate), finished)


def match_by_points(
    smazzate: Sequence[SmazzataTotals], *, target: int, knockout: bool
) -> MatchResult:
    """Result of a match played to a target score.

    The match ends after the first smazzata in which a line's running total is at least
    ``target``. "Passing the target" is read as reaching it: with the customary target 2005 and
    every score a multiple of 5, reaching 2005 is the same as going over 2000. The result is the
    totals after that smazzata; smazzate entered after it are an error
    (``smazzate_after_match_end``). The line with more points wins (it has necessarily reached the
    target); equal points (both lines on the same total, at or over the target): in KO the line
    that made the last move of that smazzata loses, otherwise a draw. Before any line reaches the
    target the match is not finished (winner None).
    """
    if not _is_positive_int(target):
        raise RuleViolation(
            "bad_target",
            "The target score must be a whole number of 1 or more.",
            value=target,
        )
    _check_smazzate(smazzate)
    ns_mp = eo_mp = 0
    for index, smazzata in enumerate(smazzate):
        ns_mp += smazzata.ns
        eo_mp += smazzata.eo
        if ns_mp >= target or eo_mp >= target:
            if index != len(smazzate) - 1:
                raise RuleViolation(
                    "smazzate_after_match_end",
                    f"The match ended with smazzata {index + 1} (target {target} reached); "
                    f"{len(smazzate) - index - 1} smazzate were entered after it.",
                    smazzata=index,
                    target=target,
                    extra=len(smazzate) - index - 1,
                )
            winner, by_last_move = _decide(ns_mp, eo_mp, smazzata, knockout=knockout)
            return MatchResult(ns_mp, eo_mp, winner, by_last_move, index + 1, True)
    return MatchResult(ns_mp, eo_mp, None, False, len(smazzate), False)
