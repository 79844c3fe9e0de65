"""The exact matching behind the Danese draw, checked against enumeration on small fields."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.pairing.matching import lex_first_pairing, removable_vertices


def pairings(vertices: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not vertices:
        yield []
        return
    top, rest = vertices[0], vertices[1:]
    for other in rest:
        for tail in pairings([v for v in rest if v != other]):
            yield [(top, other), *tail]


@st.composite
def graphs(draw: st.DrawFn, odd: bool) -> list[set[int]]:
    """Forbidden couples on n <= 10 vertices (n odd or even), as one set per vertex."""
    n = draw(st.integers(1, 5)) * 2 - (1 if odd else 0)
    couples = [(a, b) for a in range(n) for b in range(a + 1, n)]
    chosen = draw(st.lists(st.sampled_from(couples), max_size=len(couples))) if couples else []
    forbidden: list[set[int]] = [set() for _ in range(n)]
    for a, b in chosen:
        forbidden[a].add(b)
        forbidden[b].add(a)
    return forbidden


def rematches(tables: list[tuple[int, int]], forbidden: list[set[int]]) -> int:
    return sum(b in forbidden[a] for a, b in tables)


@given(graphs(odd=False))
@settings(max_examples=300, deadline=None)
def test_pairing_uses_the_fewest_forbidden_meetings(forbidden) -> None:
    tables, forced = lex_first_pairing(forbidden)
    assert sorted(v for table in tables for v in table) == list(range(len(forbidden)))
    assert rematches(tables, forbidden) == forced
    assert forced == min(rematches(t, forbidden) for t in pairings(list(range(len(forbidden)))))


@given(graphs(odd=True))
@settings(max_examples=300, deadline=None)
def test_removable_vertices_leave_a_clean_pairing(forbidden) -> None:
    n = len(forbidden)
    expected = [
        v
        for v in range(n)
        if any(rematches(t, forbidden) == 0 for t in pairings([u for u in range(n) if u != v]))
    ]
    assert removable_vertices(forbidden) == expected
