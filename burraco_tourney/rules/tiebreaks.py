"""Tie-breaks for the standings: an ordered list of keys looked up in a registry.

Pairs equal on VP are separated by the tournament's tie-breaks, in order (RULES.md section 7;
house default ``scarto``, ``head_to_head``, ``mp``). Each tie-break is a function that receives
the group of pairs still tied and the tournament's totals, and returns a number per pair (higher is
better) or None when it cannot separate that group. The group is split by that number and each
part goes on to the next tie-break; pairs still equal after the last one share the rank.

To add a tie-break, add a function to ``TIEBREAKS`` (the web layer must also get a label for it).

Worked example: A, B, C all on 40 VP; scarto A +300, B +120, C +120; B beat C 12-8 when they met.
``scarto`` splits {A} from {B, C}; ``head_to_head`` sees exactly two pairs that met and puts B
ahead. Had A, B and C all had scarto +120, ``head_to_head`` would not apply to three pairs and
``mp`` would decide.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from burraco_tourney.rules.errors import RuleViolation

CODES: tuple[str, ...] = ("unknown_tiebreak", "tiebreak_not_individual")


@dataclass(frozen=True)
class PairTotals:
    """The totals of one pair that tie-breaks may look at."""

    vp: int
    scarto: int
    mp: int


@dataclass(frozen=True)
class TiebreakContext:
    """What a tie-break can see: every pair's totals and the VP each pair won against each other.

    ``meetings[(a, b)]`` is the VP pair ``a`` scored in all its tables against pair ``b``; the key
    exists only if they met.
    """

    totals: Mapping[int, PairTotals]
    meetings: Mapping[tuple[int, int], int]


# A tie-break: (pairs tied, context) -> a number per pair, higher is better; None = no opinion.
Tiebreak = Callable[[Sequence[int], TiebreakContext], Mapping[int, int] | None]


def scarto(group: Sequence[int], context: TiebreakContext) -> Mapping[int, int]:
    """Higher scarto (total MP difference) is ahead."""
    return {pair: context.totals[pair].scarto for pair in group}


def own_mp(group: Sequence[int], context: TiebreakContext) -> Mapping[int, int]:
    """More MP scored is ahead."""
    return {pair: context.totals[pair].mp for pair in group}


def head_to_head(group: Sequence[int], context: TiebreakContext) -> Mapping[int, int] | None:
    """Between exactly two tied pairs that met, the one with more VP in their meetings is ahead.

    Three or more tied pairs, or two that never met: no opinion (the next tie-break decides).
    """
    if len(group) != 2:
        return None
    a, b = group
    if (a, b) not in context.meetings:
        return None
    return {a: context.meetings[(a, b)], b: context.meetings[(b, a)]}


TIEBREAKS: dict[str, Tiebreak] = {
    "scarto": scarto,
    "head_to_head": head_to_head,
    "mp": own_mp,
}

DEFAULT_TIEBREAKS: tuple[str, ...] = ("scarto", "head_to_head", "mp")


def check_tiebreaks(keys: Iterable[str], refused: Iterable[str] = ()) -> tuple[str, ...]:
    """Return the keys as a tuple, refusing any not in the registry (``unknown_tiebreak``) and
    any of ``refused``, the tie-breaks a kind's entrants cannot have (``tiebreak_not_individual``:
    head-to-head between players who change partner every turno)."""
    keys = tuple(keys)
    for key in keys:
        if key not in TIEBREAKS:
            raise RuleViolation(
                "unknown_tiebreak",
                f"Unknown tie-break {key!r}: use {', '.join(sorted(TIEBREAKS))}.",
                key=key,
            )
        if key in refused:
            raise RuleViolation(
                "tiebreak_not_individual",
                f"The tie-break {key!r} does not apply to an individual tournament.",
                key=key,
            )
    return keys


def split_tied(
    group: Sequence[int], keys: Sequence[str], context: TiebreakContext
) -> list[list[int]]:
    """Split a group of pairs equal on VP into ordered groups of pairs still equal.

    Each returned group is sorted by pair number; groups come best first.
    """
    if len(group) < 2 or not keys:
        return [sorted(group)]
    values = TIEBREAKS[keys[0]](group, context)
    if values is None:
        return split_tied(group, keys[1:], context)
    parts: dict[int, list[int]] = {}
    for pair in group:
        parts.setdefault(values[pair], []).append(pair)
    ordered: list[list[int]] = []
    for value in sorted(parts, reverse=True):
        ordered.extend(split_tied(parts[value], keys[1:], context))
    return ordered
