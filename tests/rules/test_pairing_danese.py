"""Danese movement: worked examples, riposo, notes, and properties checked by brute force."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing import Draw, danese_draw


def couples(*pairs: tuple[int, int]) -> list[frozenset[int]]:
    return [frozenset(pair) for pair in pairs]


def tables(draw: Draw) -> list[tuple[int, int]]:
    return [(seat.ns, seat.eo) for seat in draw.seats]


def swaps(draw: Draw) -> list[tuple[int, int, int, str]]:
    return [
        (n.params["pair"], n.params["opponent"], n.params["instead_of"], n.params["reason"])
        for n in draw.notes_with("swap_avoid_rematch")
    ]


# The docstring's example: six pairs ranked 1..6; previous turno 1v2, 3v5, 4v6; earlier 5v6.
PREVIOUS = {1: 2, 2: 1, 3: 5, 5: 3, 4: 6, 6: 4}
MET = couples((1, 2), (3, 5), (4, 6), (5, 6))


@pytest.mark.parametrize(
    ("mode", "last_turno", "expected", "expected_swaps"),
    [
        ("puro", False, [(1, 2), (3, 4), (5, 6)], []),
        (
            "modificato",
            False,
            [(1, 3), (2, 4), (5, 6)],
            [(1, 3, 2, "met_previous_turno"), (2, 4, 1, "met_previous_turno")],
        ),
        ("modificato", True, [(1, 2), (3, 4), (5, 6)], []),
        (
            "no_rematch",
            False,
            [(1, 3), (2, 6), (4, 5)],
            [
                (1, 3, 2, "met_previous_turno"),
                (2, 6, 1, "met_previous_turno"),
                (4, 5, 3, "opponent_taken"),
            ],
        ),
    ],
)
def test_docstring_example(mode, last_turno, expected, expected_swaps) -> None:
    draw = danese_draw(range(1, 7), met=MET, previous=PREVIOUS, mode=mode, last_turno=last_turno)
    assert tables(draw) == expected
    assert [seat.table for seat in draw.seats] == [1, 2, 3]
    assert swaps(draw) == expected_swaps
    assert not draw.notes_with("rematch_unavoidable")
    assert draw.notes_with("ranking")[0].params == {
        "ranking": (1, 2, 3, 4, 5, 6),
        "mode": mode,
        "last_turno": last_turno,
    }


def test_allowed_repeats_are_named() -> None:
    puro = danese_draw(range(1, 7), met=MET, previous=PREVIOUS, mode="puro")
    assert [(n.params["pair"], n.params["reason"]) for n in puro.notes_with("rematch_allowed")] == [
        (1, "puro"),
        (5, "puro"),
    ]
    last = danese_draw(range(1, 7), met=MET, previous=PREVIOUS, last_turno=True)
    assert [n.params["pair"] for n in last.notes_with("rematch_allowed")] == [1]


def test_ranking_order_not_pair_number_decides_the_tables() -> None:
    draw = danese_draw([8, 3, 5, 1])
    assert [(s.table, s.ns, s.eo) for s in draw.seats] == [(1, 8, 3), (2, 5, 1)]


def test_skipping_a_free_partner_to_keep_the_draw_possible_is_explained() -> None:
    draw = danese_draw([1, 2, 3, 4], met=couples((3, 4)), mode="no_rematch")
    assert tables(draw) == [(1, 3), (2, 4)]
    assert swaps(draw) == [(1, 3, 2, "keeps_draw_possible"), (2, 4, 1, "opponent_taken")]


def test_older_meetings_are_allowed_in_modificato_but_not_in_no_rematch() -> None:
    met = couples((1, 2))
    assert tables(danese_draw([1, 2, 3, 4], met=met)) == [(1, 2), (3, 4)]
    draw = danese_draw([1, 2, 3, 4], met=met, mode="no_rematch")
    assert tables(draw) == [(1, 3), (2, 4)]
    assert swaps(draw)[0] == (1, 3, 2, "met_before")


@pytest.mark.parametrize(
    ("ranking", "met", "previous", "mode", "expected", "reasons"),
    [
        ([1, 2], [], {1: 2, 2: 1}, "modificato", [(1, 2)], ["met_previous_turno"]),
        (
            [1, 2, 3, 4],
            couples((1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)),
            {},
            "no_rematch",
            [(1, 2), (3, 4)],
            ["met_before", "met_before"],
        ),
        # 1 met everybody but 4: only one rematch is needed, and 1 v 4 is kept.
        (
            [1, 2, 3, 4],
            couples((1, 2), (1, 3), (2, 3)),
            {},
            "no_rematch",
            [(1, 4), (2, 3)],
            ["met_before"],
        ),
    ],
)
def test_unavoidable_rematches_are_as_few_as_possible(
    ranking, met, previous, mode, expected, reasons
) -> None:
    draw = danese_draw(ranking, met=met, previous=previous, mode=mode)
    assert tables(draw) == expected
    assert [n.params["reason"] for n in draw.notes_with("rematch_unavoidable")] == reasons


@pytest.mark.parametrize(
    ("bye_counts", "resting"),
    [
        ({}, 7),
        ({7: 1}, 6),
        ({7: 1, 6: 1}, 5),
        (dict.fromkeys(range(1, 8), 1), 7),
        ({1: 0, 2: 0}, 7),
    ],
)
def test_odd_the_lowest_ranked_with_fewest_byes_rests(bye_counts, resting) -> None:
    draw = danese_draw(range(1, 8), bye_counts=bye_counts)
    assert draw.byes == (resting,)
    (note,) = draw.notes_with("bye")
    assert note.params["reason"] == "lowest_ranked"
    assert note.params["byes_before"] == bye_counts.get(resting, 0)
    playing = [p for p in range(1, 8) if p != resting]
    assert tables(draw) == [tuple(playing[i : i + 2]) for i in range(0, 6, 2)]


def test_a_higher_pair_rests_when_the_customary_bye_would_force_a_rematch() -> None:
    # 1 may only meet 5: if 5 rested, 1 would have to meet someone again.
    draw = danese_draw([1, 2, 3, 4, 5], met=couples((1, 2), (1, 3), (1, 4)), mode="no_rematch")
    assert draw.byes == (4,)
    assert draw.notes_with("bye")[0].params == {
        "pair": 4,
        "reason": "avoids_rematch",
        "byes_before": 0,
        "instead_of": 5,
    }
    assert tables(draw) == [(1, 5), (2, 3)]
    assert swaps(draw) == [(1, 5, 2, "met_before"), (2, 3, 1, "met_before")]


@pytest.mark.parametrize(
    ("ranking", "mode", "code"),
    [
        ([1, 2], "svizzero", "unknown_mode"),
        ([1, 2, 1], "puro", "duplicate_pair"),
        ([3], "puro", "too_few_pairs"),
    ],
)
def test_bad_input_is_refused(ranking, mode, code) -> None:
    with pytest.raises(RuleViolation) as caught:
        danese_draw(ranking, mode=mode)
    assert caught.value.code == code


# -- properties, against a brute force that follows the rule literally -------------------------


def ordered_pairings(
    order: Sequence[int], forbidden: set[frozenset[int]]
) -> Iterator[list[tuple[int, int]]]:
    """Every pairing, top down: the top pair's allowed opponents by rank, then forbidden ones."""
    if not order:
        yield []
        return
    top, rest = order[0], order[1:]
    allowed = [q for q in rest if frozenset((top, q)) not in forbidden]
    banned = [q for q in rest if frozenset((top, q)) in forbidden]
    for other in allowed + banned:
        remaining = [p for p in rest if p != other]
        for tail in ordered_pairings(remaining, forbidden):
            yield [(top, other), *tail]


def brute_force(
    ranking: Sequence[int],
    forbidden: set[frozenset[int]],
    bye_counts: Mapping[int, int],
) -> tuple[tuple[int, ...], list[tuple[int, int]], int]:
    """(byes, tables, forced rematches) as the rule describes them, by enumeration."""

    def best(order: Sequence[int]) -> tuple[list[tuple[int, int]], int]:
        found = [
            (t, sum(frozenset(c) in forbidden for c in t))
            for t in ordered_pairings(order, forbidden)
        ]
        fewest = min(cost for _, cost in found)
        return next((t, c) for t, c in found if c == fewest)

    if len(ranking) % 2 == 0:
        return (), *best(ranking)
    least = min(bye_counts.get(p, 0) for p in ranking)
    candidates = [p for p in reversed(ranking) if bye_counts.get(p, 0) == least]
    for candidate in candidates:
        result = best([p for p in ranking if p != candidate])
        if result[1] == 0:
            return (candidate,), *result
    return (candidates[0],), *best([p for p in ranking if p != candidates[0]])


@st.composite
def histories(draw: st.DrawFn, max_pairs: int = 10):
    n_pairs = draw(st.integers(2, max_pairs))
    ranking = draw(st.permutations(range(1, n_pairs + 1)))
    all_couples = [
        frozenset((a, b)) for a in range(1, n_pairs + 1) for b in range(a + 1, n_pairs + 1)
    ]
    met = set(draw(st.lists(st.sampled_from(all_couples), max_size=3 * n_pairs)))
    # The previous turno: a random partial pairing, part of the meetings.
    shuffled = draw(st.permutations(range(1, n_pairs + 1)))
    played = draw(st.integers(0, n_pairs // 2))
    previous: dict[int, int] = {}
    for i in range(played):
        a, b = shuffled[2 * i], shuffled[2 * i + 1]
        previous[a], previous[b] = b, a
        met.add(frozenset((a, b)))
    bye_counts = draw(st.dictionaries(st.sampled_from(ranking), st.integers(0, 2)))
    mode = draw(st.sampled_from(["puro", "modificato", "no_rematch"]))
    last_turno = draw(st.booleans())
    return list(ranking), met, previous, bye_counts, mode, last_turno


def forbidden_for(met, previous, mode, last_turno) -> set[frozenset[int]]:
    previous_couples = {frozenset(item) for item in previous.items()}
    if mode == "no_rematch":
        return set(met) | previous_couples
    if mode == "modificato" and not last_turno:
        return previous_couples
    return set()


@given(histories())
@settings(max_examples=300, deadline=None)
def test_the_draw_is_the_closest_pairing_with_fewest_rematches(history) -> None:
    ranking, met, previous, bye_counts, mode, last_turno = history
    draw = danese_draw(
        ranking,
        met=met,
        previous=previous,
        bye_counts=bye_counts,
        mode=mode,
        last_turno=last_turno,
    )
    forbidden = forbidden_for(met, previous, mode, last_turno)
    byes, expected, forced = brute_force(ranking, forbidden, bye_counts)
    assert draw.byes == byes
    assert tables(draw) == expected
    # A forbidden meeting appears only when no pairing avoids it, and each is explained.
    in_draw = [m for m in draw.meetings() if m in forbidden]
    assert len(in_draw) == forced
    assert len(draw.notes_with("rematch_unavoidable")) == forced


@given(histories())
@settings(max_examples=200, deadline=None)
def test_every_pair_once_best_ranked_ns_and_deterministic(history) -> None:
    ranking, met, previous, bye_counts, mode, last_turno = history
    kwargs = {
        "previous": previous,
        "bye_counts": bye_counts,
        "mode": mode,
        "last_turno": last_turno,
    }
    draw = danese_draw(ranking, met=list(met), **kwargs)
    assert sorted(draw.pairs) == sorted(ranking)
    assert len(draw.byes) == len(ranking) % 2
    rank = {p: i for i, p in enumerate(ranking)}
    assert all(rank[seat.ns] < rank[seat.eo] for seat in draw.seats)
    assert [rank[seat.ns] for seat in draw.seats] == sorted(rank[seat.ns] for seat in draw.seats)
    assert danese_draw(ranking, met=list(reversed(list(met))), **kwargs) == draw


def backtracking(
    order: Sequence[int], forbidden: set[frozenset[int]]
) -> list[tuple[int, int]] | None:
    """The rule as written: top down, next-ranked allowed opponent, backtrack when stuck."""
    if not order:
        return []
    top = order[0]
    for other in order[1:]:
        if frozenset((top, other)) in forbidden:
            continue
        tail = backtracking([p for p in order[1:] if p != other], forbidden)
        if tail is not None:
            return [(top, other), *tail]
    return None


@given(
    st.integers(16, 60).flatmap(
        lambda n: st.tuples(
            st.permutations(range(1, n + 1)),
            st.lists(st.permutations(range(1, n + 1)), min_size=1, max_size=5),
        )
    )
)
@settings(max_examples=60, deadline=None)
def test_larger_fields_after_a_few_turni_never_rematch(case) -> None:
    ranking, turni = case
    met = {
        frozenset((seating[i], seating[i + 1]))
        for seating in turni
        for i in range(0, len(seating) - 1, 2)
    }
    draw = danese_draw(ranking, met=met, mode="no_rematch")
    assert not draw.meetings() & met
    playing = [p for p in ranking if p not in draw.byes]
    assert tables(draw) == backtracking(playing, met)
