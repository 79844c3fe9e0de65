"""Gironi (danese a gironi, RULES.md section 12): cutting the standings into bands, and each
girone's own standings.

**The cut.** The director starts the phase at a turno and gives each girone's size in tables,
top first. With ``per_table`` entrants a table (2 pairs, 4 players), every girone but the last
takes ``size × per_table`` entrants from the top of the standings after the turno before; the last
takes the rest, which must fill its tables with fewer than ``per_table`` left over (they rest:
one pair, or up to three players). Worked example, 51 pairs, sizes A 7, B 9, C 9: A takes ranks
1–14, B ranks 15–32, C ranks 33–51 (19 pairs: 9 tables and a riposo). Sizes 7, 9, 8 for the same
51 pairs are refused (``gironi_size_mismatch``: 24 tables seat 48 or 49 pairs, not 51).

**The standings of a girone** are its entrants ranked among themselves with the tournament's
tie-breaks, on their totals since turno 1 (``phase_only`` False), or on the same sums over the
phase's turni only — tables, byes, forfeits, penalties and the head-to-head meetings
(``phase_only`` True). Worked example (pairs, fibur-3, girone A of pairs 1, 2, 3, 4 from turno
3): before the phase pair 1 has 30 VP, 2 has 26, 3 has 24, 4 has 20; in turno 3 pair 2 beats 1
20-0 and 3 beats 4 14-6. Since turno 1: 2 (46 VP), 3 (38), 1 (30), 4 (26). Phase only: 2
(20), 3 (14), 4 (6), 1 (0).

**The overall standings** list girone A's standings, then B's …, ranks running on (a girone's
rank r is the number of entrants in the gironi above plus r), each row keeping its totals since
turno 1 (``by_girone``); or everyone by VP as without gironi (``by_vp``). Entrants in no girone
(withdrawn before the phase) come last, in their own order.

Pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.standings import StandingRow, _standings_inputs, standing_rows
from burraco_tourney.rules.standings_tally import PAIRS, ranked
from burraco_tourney.rules.tiebreaks import check_tiebreaks

CODES: tuple[str, ...] = ("gironi_too_few", "girone_size_zero", "gironi_size_mismatch")

# The gironi's names, top first.
NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Gironi:
    """A tournament's gironi phase: from turno ``from_turno`` to the last, the entrants of each
    girone (``members``: (name, entrant numbers), A first)."""

    from_turno: int
    members: tuple[tuple[str, tuple[int, ...]], ...]
    phase_only: bool = False
    by_girone: bool = True

    def girone_of(self) -> dict[int, str]:
        return {n: name for name, numbers in self.members for n in numbers}


def gironi_cut(ranking: Sequence[int], sizes: Sequence[int], per_table: int = 2) -> list:
    """The gironi of ``ranking`` (entrants best first) with ``sizes`` tables each, top first:
    [(name, (entrant, ...)), ...]. Refusals: fewer than two gironi, a girone of no table, sizes
    that do not seat the entrants (see the module docstring)."""
    if len(sizes) < 2:
        raise RuleViolation("gironi_too_few", "Give at least two gironi.", count=len(sizes))
    if len(sizes) > len(NAMES):
        raise RuleViolation("gironi_too_few", "Too many gironi.", count=len(sizes))
    for name, size in zip(NAMES, sizes, strict=False):
        if size < 1:
            raise RuleViolation("girone_size_zero", f"Girone {name} has no table.", girone=name)
    tables = sum(sizes)
    seated = tables * per_table
    if not seated <= len(ranking) < seated + per_table:
        raise RuleViolation(
            "gironi_size_mismatch",
            f"{tables} tables do not seat {len(ranking)} entrants.",
            tables=tables,
            entrants=len(ranking),
            needed=len(ranking) // per_table,
        )
    cut, start = [], 0
    for i, (name, size) in enumerate(zip(NAMES, sizes, strict=False)):
        end = len(ranking) if i == len(sizes) - 1 else start + size * per_table
        cut.append((name, tuple(ranking[start:end])))
        start = end
    return cut


def _phase(items: Iterable[Any], gironi: Gironi) -> list[Any]:
    return [item for item in items if item.turno >= gironi.from_turno]


def girone_inputs(gironi: Gironi, inputs: dict[str, Any]) -> dict[str, Any]:
    """The inputs a girone's standings count: all of them, or the phase's turni only."""
    if not gironi.phase_only:
        return inputs
    inputs = dict(inputs)
    for key in ("tables", "byes", "penalties", "absences"):
        inputs[key] = _phase(inputs.get(key, ()), gironi)
    return inputs


def girone_standings(
    gironi: Gironi, *, tiebreaks: Iterable[str] | None = None, **inputs: Any
) -> list[tuple[str, list[StandingRow]]]:
    """Each girone's standings, A first: its entrants ranked from 1 among themselves, on the
    totals since turno 1 or over the phase only (``gironi.phase_only``). ``inputs`` are those of
    ``standings.compute_standings``."""
    kind = inputs.get("kind", PAIRS)
    keys = check_tiebreaks(
        kind.default_tiebreaks if tiebreaks is None else tiebreaks, kind.refused_tiebreaks
    )
    tallies, meetings = _standings_inputs(**girone_inputs(gironi, inputs))
    result = []
    for name, numbers in gironi.members:
        own = {n: tallies[n] for n in numbers if n in tallies}
        result.append((name, standing_rows(ranked(own, keys, meetings))))
    return result


def overall_by_girone(
    rows: Sequence[StandingRow], by_girone: Sequence[tuple[str, Sequence[StandingRow]]]
) -> list[StandingRow]:
    """The overall standings ``rows`` (totals since turno 1) listed girone A's order first, then
    B's …, each girone's ranks running on; entrants in no girone last, in ``rows``' order."""
    row_of = {row.pair: row for row in rows}
    listed: list[StandingRow] = []
    for _name, girone_rows in by_girone:
        above = len(listed)
        listed.extend(replace(row_of[g.pair], rank=above + g.rank) for g in girone_rows)
    placed = {row.pair for row in listed}
    rest = [row for row in rows if row.pair not in placed]
    if rest:
        above, first = len(listed), rest[0].rank
        listed.extend(replace(row, rank=above + row.rank - first + 1) for row in rest)
    return listed


def gironi_combine(draws: Sequence[tuple[str, Any]]) -> tuple[Any, list[list[Any]]]:
    """One turno's draw from each girone's own draw (``(name, draw)``, A first, each with tables
    numbered from 1): the tables numbered on through the turno (A's first, then B's …), the
    riposi and notes of every girone, and ``[[name, tables], ...]`` to tell each table's girone
    and its number inside it (``girone_tables``)."""
    seats, byes, notes, counts = [], [], [], []
    for name, draw in draws:
        above = len(seats)
        seats.extend(replace(s, table=above + s.table) for s in draw.seats)
        byes.extend(draw.byes)
        notes.extend(draw.notes)
        counts.append([name, len(draw.seats)])
    kind = type(draws[0][1])
    return kind(tuple(seats), tuple(sorted(byes)), tuple(notes)), counts


def girone_tables(counts: Sequence[Sequence[Any]]) -> dict[int, tuple[str, int]]:
    """Table number -> (girone, number inside it), from ``gironi_combine``'s counts: with
    ``[["A", 2], ["B", 3]]`` tables 1, 2 are A1, A2 and tables 3, 4, 5 are B1, B2, B3."""
    labels, number = {}, 0
    for name, count in counts:
        for inside in range(1, count + 1):
            number += 1
            labels[number] = (name, inside)
    return labels
