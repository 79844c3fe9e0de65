"""Seat the lines of an individual turno at tables, spreading opponents as evenly as possible.

The cost of a table is the number of times its opposing players have already met as opponents
(each of the four couples across the table, weighted by how often they met), plus, when single
players may move, a weight far above any opponent cost for each line of former partners, so a
move never buys fewer repeated opponents with a repeated partner.

1. Greedy: the lines in the given (seeded) order each take the free line they cost least with.
2. Improvement: every table with a repeated opponent tries swapping a line (``lines_fixed``) or a
   single player (otherwise; also the three ways of splitting its own four players into two
   lines) with another table, keeping each swap that lowers the total cost, until none does or
   a few passes have run. Only tables with a repeat start a swap, so a large field costs little.

Example: lines (1, 2), (3, 4), (5, 6), (7, 8) where 1 and 3 met before, (1, 2) drawn first:
it takes (5, 6) (cost 0) rather than (3, 4) (cost 1), and (3, 4) then takes (7, 8).

Tables come out numbered by their lowest player; the line holding that player sits NS.

This module never imports Django or any app.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from burraco_tourney.rules.pairing.individual_draw import IndividualHistory, IndividualSeat

PASSES = 4


def seat_lines(
    lines: Sequence[tuple[int, int]],
    history: IndividualHistory,
    rng: random.Random,
    *,
    lines_fixed: bool,
) -> tuple[IndividualSeat, ...]:
    """Pair the ``lines`` (an even number of them) into tables; see the module docstring."""
    met: dict[int, dict[int, int]] = {}
    for couple, times in history.opponents.items():
        a, b = couple
        met.setdefault(a, {})[b] = times
        met.setdefault(b, {})[a] = times
    partners = history.partners
    # Above any opponent cost of two tables, so no move trades a partner for opponents.
    big = 1 + 16 * (max(history.opponents.values(), default=0) + 1)
    nobody: dict[int, int] = {}

    def opp(a: int, b: int) -> int:
        return met.get(a, nobody).get(b, 0)

    def cross(x: Sequence[int], y: Sequence[int]) -> int:
        return opp(x[0], y[0]) + opp(x[0], y[1]) + opp(x[1], y[0]) + opp(x[1], y[1])

    def table_cost(t: list[int]) -> int:
        cost = cross(t[:2], t[2:])
        if not lines_fixed:
            cost += big * (partners.get(frozenset(t[:2]), 0) + partners.get(frozenset(t[2:]), 0))
        return cost

    order = rng.sample(list(lines), len(lines))
    tables: list[list[int]] = []
    free = list(order)
    while free:
        first = free.pop(0)
        best = min(range(len(free)), key=lambda i: cross(first, free[i]))
        second = free.pop(best)
        tables.append([*first, *second])

    costs = [table_cost(t) for t in tables]
    for _ in range(PASSES):
        improved = False
        for i in range(len(tables)):
            # Only a repeated opponent starts a move: the partners are already the fewest.
            if costs[i] % big == 0:
                continue
            if not lines_fixed and _resplit(tables, costs, i, table_cost):
                improved = True
            if costs[i] % big and _swap(tables, costs, i, table_cost, lines_fixed):
                improved = True
        if not improved:
            break
    return _numbered(tables)


def _resplit(tables: list[list[int]], costs: list[int], i: int, table_cost) -> bool:
    a, b, c, d = tables[i]
    for candidate in ([a, c, b, d], [a, d, b, c]):
        cost = table_cost(candidate)
        if cost < costs[i]:
            tables[i], costs[i] = candidate, cost
            return True
    return False


def _swap(tables: list[list[int]], costs: list[int], i: int, table_cost, lines_fixed: bool) -> bool:
    """Try the swaps from table ``i``; apply the first that lowers the cost."""
    spans = ((0, 2), (2, 4)) if lines_fixed else ((0, 1), (1, 2), (2, 3), (3, 4))
    for j in range(len(tables)):
        if j == i:
            continue
        before = costs[i] + costs[j]
        for s0, s1 in spans:
            for t0, t1 in spans:
                ti = tables[i][:s0] + tables[j][t0:t1] + tables[i][s1:]
                tj = tables[j][:t0] + tables[i][s0:s1] + tables[j][t1:]
                ci, cj = table_cost(ti), table_cost(tj)
                if ci + cj < before:
                    tables[i], tables[j], costs[i], costs[j] = ti, tj, ci, cj
                    return True
    return False


def _numbered(tables: list[list[int]]) -> tuple[IndividualSeat, ...]:
    seats = []
    for players in sorted(tables, key=min):
        first = tuple(sorted(players[:2]))
        second = tuple(sorted(players[2:]))
        ns, eo = (first, second) if min(first) < min(second) else (second, first)
        seats.append((ns, eo))
    return tuple(
        IndividualSeat(table, (ns[0], ns[1]), (eo[0], eo[1]))
        for table, (ns, eo) in enumerate(seats, start=1)
    )
