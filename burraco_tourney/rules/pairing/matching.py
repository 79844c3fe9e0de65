"""Maximum matching on "everyone may meet everyone except some forbidden couples".

The Danese draw uses it as an exact oracle for the part of the ranking where a simple argument
cannot promise that the pairs left can still all be paired without a forbidden meeting. It is
Edmonds' blossom algorithm (augmenting paths in a general graph), searched from one free vertex at
a time, with an undo log so that a tentative choice can be tried and taken back.

The graph is given by its complement (the forbidden couples), because in a tournament a pair may
meet almost everybody. Vertices are 0..n-1 and are always scanned in that order, so every result
is deterministic.

This module never imports Django or any app.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

FREE = -1


class RestrictedMatcher:
    """A matching that can grow by augmenting paths and lose vertices, with undo."""

    def __init__(self, forbidden: Sequence[set[int]]) -> None:
        self.n = len(forbidden)
        self.forbidden = forbidden
        self.alive = [True] * self.n
        self.mate = [FREE] * self.n
        self.size = 0  # edges in the matching
        self._log: list[tuple[str, int, int]] = []

    def allowed(self, u: int, v: int) -> bool:
        return u != v and v not in self.forbidden[u]

    # -- changes, each logged so that rollback() can undo them ---------------------------------

    def _set_mate(self, v: int, m: int) -> None:
        self._log.append(("mate", v, self.mate[v]))
        self.mate[v] = m

    def _set_size(self, size: int) -> None:
        self._log.append(("size", 0, self.size))
        self.size = size

    def checkpoint(self) -> int:
        return len(self._log)

    def rollback(self, checkpoint: int) -> None:
        while len(self._log) > checkpoint:
            kind, v, old = self._log.pop()
            if kind == "mate":
                self.mate[v] = old
            elif kind == "size":
                self.size = old
            else:
                self.alive[v] = bool(old)

    def commit(self) -> None:
        self._log.clear()

    def remove(self, v: int) -> int:
        """Take v out of the graph; return its former mate (now free) or FREE."""
        self._log.append(("alive", v, 1))
        self.alive[v] = False
        m = self.mate[v]
        if m != FREE:
            self._set_mate(v, FREE)
            self._set_mate(m, FREE)
            self._set_size(self.size - 1)
        return m

    # -- building ------------------------------------------------------------------------------

    def maximise(self) -> None:
        """Make the matching maximum: greedy first, then one augmenting search per free vertex.

        One search per vertex is enough: a vertex with no augmenting path never gains one later.
        """
        for v in range(self.n):
            if self.alive[v] and self.mate[v] == FREE:
                for u in range(v + 1, self.n):
                    if self.alive[u] and self.mate[u] == FREE and self.allowed(v, u):
                        self._set_mate(v, u)
                        self._set_mate(u, v)
                        self._set_size(self.size + 1)
                        break
        for v in range(self.n):
            if self.alive[v] and self.mate[v] == FREE:
                self.augment(v)

    def augment(self, root: int) -> bool:
        """Grow the matching by one along an augmenting path from free vertex ``root``, if any."""
        end, parent, _ = self._find_path(root)
        if end == FREE:
            return False
        v = end
        while v != FREE:
            pv = parent[v]
            next_v = self.mate[pv]
            self._set_mate(v, pv)
            self._set_mate(pv, v)
            v = next_v
        self._set_size(self.size + 1)
        return True

    def _find_path(self, root: int) -> tuple[int, list[int], list[bool]]:
        """Edmonds' search: BFS over alternating paths, contracting odd cycles (blossoms).

        Returns the free vertex ending an augmenting path (or FREE), the parent links of the
        path, and which vertices were reached at even distance (the "outer" ones).
        """
        n, mate, alive = self.n, self.mate, self.alive
        used = [False] * n
        parent = [FREE] * n
        base = list(range(n))
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == FREE:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            forbidden_v = self.forbidden[v]
            for to in range(n):
                if not alive[to] or to == v or to in forbidden_v:
                    continue
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != FREE and parent[mate[to]] != FREE):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark(v, cur, to, blossom)
                    mark(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == FREE:
                    parent[to] = v
                    if mate[to] == FREE:
                        return to, parent, used
                    used[mate[to]] = True
                    queue.append(mate[to])
        return FREE, parent, used

    def exposable(self) -> list[bool]:
        """For a maximum matching leaving exactly one vertex free: which vertices some maximum
        matching leaves free (so removing that vertex leaves a perfect matching).

        They are the vertices reached at even distance by a failed search from the free vertex
        (Gallai-Edmonds): an even alternating path from it to v, flipped, frees v instead.
        """
        free = [v for v in range(self.n) if self.alive[v] and self.mate[v] == FREE]
        if len(free) != 1:
            raise ValueError("exposable() needs a maximum matching with exactly one free vertex")
        end, _, outer = self._find_path(free[0])
        if end != FREE:
            raise ValueError("exposable() needs a maximum matching")
        return outer


def removable_vertices(forbidden: Sequence[set[int]]) -> list[int]:
    """For an odd number of vertices: those whose removal leaves a pairing without forbidden
    meetings, in increasing order (empty when there is none)."""
    matcher = RestrictedMatcher(forbidden)
    matcher.maximise()
    if 2 * matcher.size + 1 != matcher.n:
        return []
    outer = matcher.exposable()
    return [v for v in range(matcher.n) if outer[v]]


def lex_first_pairing(forbidden: Sequence[set[int]]) -> tuple[list[tuple[int, int]], int]:
    """Pair vertices 0..n-1 (n even) top down, each with the lowest vertex that keeps the rest best.

    Returns the tables (u, v) with u < v in the order they were formed, and the number of forbidden
    meetings used. That number is the smallest possible (0 whenever a pairing without forbidden
    meetings exists). The lowest free vertex takes the lowest partner it may meet such that the
    rest can still be paired with no more forbidden meetings; only when no allowed partner does,
    the lowest forbidden one that does. A backtracking search in that order would find the same
    pairing first.
    """
    matcher = RestrictedMatcher(forbidden)
    matcher.maximise()
    matcher.commit()
    budget = (matcher.n - 2 * matcher.size) // 2
    forced = budget
    remaining = list(range(matcher.n))
    tables: list[tuple[int, int]] = []
    while remaining:
        p = remaining[0]
        # Opponents p may meet first, by rank; a forbidden one only when it must be.
        candidates = [q for q in remaining[1:] if matcher.allowed(p, q)]
        if budget:
            candidates += [q for q in remaining[1:] if not matcher.allowed(p, q)]
        for q in candidates:
            cost = 0 if matcher.allowed(p, q) else 1
            # After seating p v q, the others must still be matched but for `budget - cost`
            # forbidden meetings, i.e. keep this many allowed edges.
            target = matcher.size - 1 + cost
            mark = matcher.checkpoint()
            freed = [matcher.remove(p), matcher.remove(q)]
            for v in freed:
                if v not in (FREE, p, q) and matcher.mate[v] == FREE:
                    matcher.augment(v)
            if matcher.size == target:
                matcher.commit()
                budget -= cost
                tables.append((p, q))
                remaining.remove(p)
                remaining.remove(q)
                break
            matcher.rollback(mark)
        else:  # pragma: no cover - a maximum matching always leaves a way to pair the rest
            raise AssertionError(f"no partner for vertex {p}")
    return tables, forced
