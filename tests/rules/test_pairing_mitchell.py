"""Mitchell movement: the worked examples of the docstring, the step, the riposo, properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing import (
    Draw,
    mitchell_draw,
    mitchell_options,
    mitchell_rematch_free_turni,
)


def tables(draw: Draw) -> list[tuple[int, int, int]]:
    return [(seat.table, seat.ns, seat.eo) for seat in draw.seats]


@pytest.mark.parametrize(
    ("turno", "expected"),
    [
        (1, [(1, 1, 4), (2, 2, 5), (3, 3, 6)]),
        (2, [(1, 1, 6), (2, 2, 4), (3, 3, 5)]),
        (3, [(1, 1, 5), (2, 2, 6), (3, 3, 4)]),
        (4, [(1, 1, 4), (2, 2, 5), (3, 3, 6)]),
    ],
)
def test_six_pairs_step_one(turno, expected) -> None:
    draw = mitchell_draw(range(1, 7), turno)
    assert tables(draw) == expected
    assert draw.byes == ()


def test_step_two_jumps_two_tables() -> None:
    draw = mitchell_draw([1, 2, 3, 4, 5, 6], 2, step=2)
    assert tables(draw) == [(1, 1, 5), (2, 2, 6), (3, 3, 4)]


def test_seating_order_decides_who_sits_ns() -> None:
    draw = mitchell_draw([9, 4, 7, 1], 1)
    assert tables(draw) == [(1, 9, 7), (2, 4, 1)]


def test_the_rotation_coming_round_is_announced() -> None:
    assert not mitchell_draw(range(1, 7), 3).notes_with("mitchell_repeat")
    (note,) = mitchell_draw(range(1, 7), 4).notes_with("mitchell_repeat")
    assert note.params == {"turno": 4, "rematch_free_turni": 3}


@pytest.mark.parametrize(
    ("n_pairs", "step", "turni"),
    [
        (6, 1, 3),
        (6, 2, 3),
        (7, 1, 4),
        (8, 2, 2),
        (7, 3, 4),
        (12, 2, 3),
        (12, 3, 2),
        (12, 5, 6),
        (2, 1, 1),
        (3, 1, 2),
    ],
)
def test_rematch_free_turni(n_pairs, step, turni) -> None:
    assert mitchell_rematch_free_turni(n_pairs, step) == turni
    (note,) = mitchell_draw(range(1, n_pairs + 1), 1, step=step).notes_with("mitchell")
    assert note.params["rematch_free_turni"] == turni


@pytest.mark.parametrize(("n_pairs", "step"), [(6, 0), (6, 3), (8, 4), (8, 7), (2, 0), (7, -1)])
def test_a_step_outside_one_to_tables_is_refused(n_pairs, step) -> None:
    with pytest.raises(RuleViolation) as caught:
        mitchell_draw(range(1, n_pairs + 1), 1, step=step)
    assert caught.value.code == "invalid_step"
    with pytest.raises(RuleViolation):
        mitchell_rematch_free_turni(n_pairs, step)


def test_a_single_table_accepts_any_step() -> None:
    assert tables(mitchell_draw([1, 2], 3, step=4)) == [(1, 1, 2)]


@pytest.mark.parametrize(
    ("pairs", "turno", "code"),
    [
        ([1, 2], 0, "turno_out_of_range"),
        ([1], 1, "too_few_pairs"),
        ([1, 2, 2], 1, "duplicate_pair"),
    ],
)
def test_bad_input_is_refused(pairs, turno, code) -> None:
    with pytest.raises(RuleViolation) as caught:
        mitchell_draw(pairs, turno)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("turno", "resting", "table"),
    [(1, 4, 4), (2, 1, 1), (3, 2, 2), (4, 3, 3)],
)
def test_seven_pairs_the_phantoms_opponent_rests(turno, resting, table) -> None:
    draw = mitchell_draw(range(1, 8), turno)
    assert draw.byes == (resting,)
    assert table not in [seat.table for seat in draw.seats]
    (note,) = draw.notes_with("bye")
    assert note.params == {
        "pair": resting,
        "reason": "phantom_opponent",
        "byes_before": 0,
        "table": table,
    }


def test_seven_pairs_when_the_rotation_comes_round_an_eo_pair_rests() -> None:
    draw = mitchell_draw(range(1, 8), 5)
    # Pair 4 (alone with the phantom again) already rested; pair 5 (EO at table 1) rests and
    # pair 1 comes to table 4 to play pair 4.
    assert draw.byes == (5,)
    assert tables(draw) == [(2, 2, 6), (3, 3, 7), (4, 4, 1)]
    (bye,) = draw.notes_with("bye")
    assert bye.params["reason"] == "fewest_byes"
    assert bye.params["instead_of"] == 4
    (moved,) = draw.notes_with("bye_moved")
    assert moved.params == {"pair": 1, "from_table": 1, "table": 4, "opponent": 4}


def test_real_bye_history_overrides_the_schedule() -> None:
    # Pair 4 rested in an earlier part of the evening: in turno 1 someone else must rest.
    draw = mitchell_draw(range(1, 8), 1, bye_counts={4: 1})
    assert draw.byes != (4,)
    assert draw.notes_with("bye")[0].params["instead_of"] == 4
    assert sorted(draw.pairs) == list(range(1, 8))


def test_same_input_same_draw() -> None:
    assert mitchell_draw(range(1, 16), 9, step=2) == mitchell_draw(range(1, 16), 9, step=2)


@st.composite
def mitchells(draw: st.DrawFn) -> tuple[list[int], int]:
    n_pairs = draw(st.integers(2, 40))
    tables_count = (n_pairs + 1) // 2
    step = draw(st.integers(1, max(1, tables_count - 1)))
    pairs = draw(st.permutations(range(1, n_pairs + 1)))
    return list(pairs), step


@given(mitchells())
@settings(max_examples=60, deadline=None)
def test_no_rematch_within_the_rematch_free_turni(case) -> None:
    pairs, step = case
    tables_count = (len(pairs) + 1) // 2
    met: set[frozenset[int]] = set()
    for turno in range(1, mitchell_rematch_free_turni(len(pairs), step) + 1):
        draw = mitchell_draw(pairs, turno, step=step)
        assert sorted(draw.pairs) == sorted(pairs)
        assert not draw.meetings() & met
        met |= draw.meetings()
        for seat in draw.seats:
            # NS pairs never leave their table within the cycle.
            assert seat.ns == pairs[seat.table - 1]
            assert 1 <= seat.table <= tables_count


@given(mitchells(), st.integers(1, 3))
@settings(max_examples=60, deadline=None)
def test_nobody_rests_twice_while_another_has_not_rested(case, cycles) -> None:
    pairs, step = case
    counts = dict.fromkeys(pairs, 0)
    last = cycles * mitchell_rematch_free_turni(len(pairs), step) + 1
    for turno in range(1, last + 1):
        draw = mitchell_draw(pairs, turno, step=step)
        assert sorted(draw.pairs) == sorted(pairs)
        assert len(draw.byes) == len(pairs) % 2
        for pair in draw.byes:
            assert counts[pair] == min(counts.values())
            counts[pair] += 1


# Six pairs, turno 1 seated by hand: 1 v 4 is also table 1 of any Mitchell round 1.
BY_HAND = [(1, 4), (2, 6), (3, 5)]


def test_a_table_repeating_a_played_meeting_is_noted() -> None:
    draw = mitchell_draw(range(1, 7), 1, met=BY_HAND)
    assert tables(draw) == [(1, 1, 4), (2, 2, 5), (3, 3, 6)]
    (note,) = draw.notes_with("mitchell_rematches")
    assert note.params == {"rematches": 1, "tables": 3}
    assert not mitchell_draw(range(1, 7), 1).notes_with("mitchell_rematches")


def test_past_the_rotation_the_repeat_note_alone_says_pairs_meet_again() -> None:
    # Six pairs, step 1, turni 1-3 played: turno 4 is turno 1 again, every table repeats.
    rounds = [m for turno in range(1, 4) for m in mitchell_draw(range(1, 7), turno).meetings()]
    draw = mitchell_draw(range(1, 7), 4, met=rounds)
    assert draw.meetings() <= set(map(frozenset, rounds))
    assert draw.notes_with("mitchell_repeat")
    assert not draw.notes_with("mitchell_rematches")


def test_options_without_history_give_the_whole_rotation() -> None:
    options = mitchell_options(range(1, 13), 1)
    assert [(o.step, o.rematches, o.rematch_free_turni, o.best) for o in options] == [
        (1, 0, 6, True),
        (2, 0, 3, False),
        (3, 0, 2, False),
    ]


def test_options_count_the_rematches_of_the_turno_with_the_played_meetings() -> None:
    options = mitchell_options(range(1, 7), 1, met=BY_HAND)
    # Round 1 is the same for every step: each repeats table 1, none is better.
    assert [(o.step, o.rematches, o.rematch_free_turni, o.best) for o in options] == [
        (1, 1, 0, False),
        (2, 1, 0, False),
    ]


def test_options_see_a_played_meeting_coming_back_in_a_later_turno() -> None:
    # A Danese turno 1 (1 v 2, 3 v 4, 5 v 6): 3 v 4 comes back in round 3 of step 1 and in
    # round 2 of step 2, though neither repeats a meeting in the turno being drawn.
    danese = [(1, 2), (3, 4), (5, 6)]
    assert mitchell_rematch_free_turni(6, 1) == mitchell_rematch_free_turni(6, 2) == 3
    options = mitchell_options(range(1, 7), 1, met=danese)
    assert [(o.step, o.rematches, o.rematch_free_turni, o.best) for o in options] == [
        (1, 0, 2, True),
        (2, 0, 1, False),
    ]


def test_options_when_a_mitchell_goes_on_with_the_same_step_or_another() -> None:
    # Round 1 of 12 pairs played (EO pairs 7..12 at tables 1..6); round 2 is drawn.
    played = [(t, t + 6) for t in range(1, 7)]
    options = mitchell_options(range(1, 13), 2, met=played)
    # Step 1 goes on for rounds 2..6; step 2 gives rounds 2 and 3 (round 4 is round 1 again).
    assert [(o.step, o.rematches, o.rematch_free_turni, o.best) for o in options] == [
        (1, 0, 5, True),
        (2, 0, 2, False),
        (3, 0, 1, False),
    ]
    # Beyond the rotation every table repeats.
    rounds = [m for turno in range(1, 7) for m in mitchell_draw(range(1, 13), turno).meetings()]
    (step_one, *_) = mitchell_options(range(1, 13), 7, met=rounds)
    assert (step_one.rematches, step_one.rematch_free_turni) == (6, 0)


def test_options_skip_the_steps_too_big_for_the_tables() -> None:
    (only,) = mitchell_options(range(1, 5), 1, steps=(1, 2, 3))
    assert (only.step, only.rematch_free_turni, only.best) == (1, 2, False)
    with pytest.raises(RuleViolation):
        mitchell_options([1], 1)


@st.composite
def histories(draw: st.DrawFn) -> tuple[list[int], int, list[frozenset[int]], dict[int, int]]:
    pairs, step = draw(mitchells())
    met = draw(st.lists(st.sets(st.sampled_from(pairs), min_size=2, max_size=2), max_size=12))
    byes = draw(st.dictionaries(st.sampled_from(pairs), st.integers(0, 1), max_size=3))
    return pairs, step, [frozenset(m) for m in met], byes


@given(histories(), st.integers(1, 4))
@settings(max_examples=60, deadline=None)
def test_an_option_foretells_the_turni_the_director_then_draws(case, turno) -> None:
    pairs, step, met, byes = case
    (option,) = mitchell_options(pairs, turno, steps=[step], met=met, bye_counts=byes)
    played, counts = set(met), dict(byes)
    for offset in range(option.rematch_free_turni + 1):
        draw = mitchell_draw(pairs, turno + offset, step=step, bye_counts=counts, met=played)
        repeats = len(draw.meetings() & played)
        if offset == 0:
            assert repeats == option.rematches
        if offset < option.rematch_free_turni:
            assert repeats == 0
        elif option.rematch_free_turni < mitchell_rematch_free_turni(len(pairs), step):
            assert repeats > 0  # the first turno that meets again
        played |= draw.meetings()
        for pair in draw.byes:
            counts[pair] = counts.get(pair, 0) + 1
