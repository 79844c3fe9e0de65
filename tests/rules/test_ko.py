"""KO brackets: seeding order, byes for the top seeds, feeding, reading back, shared places."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.ko import (
    CODES,
    bracket_size,
    draw_order,
    first_round,
    round_count,
    seed_positions,
    seeding,
)
from burraco_tourney.rules.ko_played import PlayedMatch, read_bracket


@pytest.mark.parametrize(
    ("entrants", "size", "rounds"),
    [(2, 2, 1), (3, 4, 2), (4, 4, 2), (5, 8, 3), (8, 8, 3), (9, 16, 4), (16, 16, 4), (33, 64, 6)],
)
def test_bracket_size_and_rounds(entrants, size, rounds):
    assert bracket_size(entrants) == size
    assert round_count(entrants) == rounds


@pytest.mark.parametrize("entrants", [0, 1])
def test_a_knock_out_needs_two_pairs(entrants):
    with pytest.raises(RuleViolation) as caught:
        bracket_size(entrants)
    assert caught.value.code == "ko_too_few_pairs"
    assert caught.value.code in CODES


@pytest.mark.parametrize(
    ("size", "order"),
    [
        (2, (1, 2)),
        (4, (1, 4, 2, 3)),
        (8, (1, 8, 4, 5, 2, 7, 3, 6)),
        (16, (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)),
    ],
)
def test_standard_seed_order(size, order):
    assert seed_positions(size) == order


def test_first_round_of_eight_is_one_v_eight_four_v_five_two_v_seven_three_v_six():
    # Pair numbers differ from seeds: seed 1 is pair 40, seed 8 is pair 47.
    seeded = [40, 41, 42, 43, 44, 45, 46, 47]
    matches = [(s.table, s.ns, s.eo) for s in first_round(seeded).matches]
    assert matches == [(1, 40, 47), (2, 43, 44), (3, 41, 46), (4, 42, 45)]
    assert first_round(seeded).byes == ()


@pytest.mark.parametrize(
    ("entrants", "tables", "byes"),
    [
        # The docstring's worked example: seeds 1 and 2 rest, 4 v 5 and 3 v 6 play.
        (6, [(1, 4, 5), (2, 3, 6)], (1, 2)),
        (5, [(1, 4, 5)], (1, 2, 3)),
        (3, [(1, 2, 3)], (1,)),
        (7, [(1, 4, 5), (2, 2, 7), (3, 3, 6)], (1,)),
        (2, [(1, 1, 2)], ()),
    ],
)
def test_top_seeds_get_the_byes(entrants, tables, byes):
    bracket = first_round(list(range(1, entrants + 1)))
    assert [(s.table, s.ns, s.eo) for s in bracket.matches] == tables
    assert bracket.byes == byes


def test_a_pair_seeded_twice_is_refused():
    with pytest.raises(RuleViolation) as caught:
        first_round([3, 1, 3, 2])
    assert (caught.value.code, caught.value.params) == ("ko_duplicate_pair", {"pair": 3})


def test_draw_order_is_repeatable_from_its_seed():
    assert draw_order([5, 3, 9, 1], "serata-12") == draw_order([1, 9, 3, 5], "serata-12")
    assert sorted(draw_order([5, 3, 9, 1], "x")) == [1, 3, 5, 9]


def test_seeding_puts_seeded_pairs_first_and_draws_the_rest():
    result = seeding({7: 2, 3: 10, 5: None, 1: None, 8: None}, draw_seed="abc")
    assert result.order[:2] == (7, 3)
    assert sorted(result.drawn) == [1, 5, 8]
    assert result.order[2:] == result.drawn == draw_order([1, 5, 8], "abc")


def test_seeding_without_any_seed_is_a_full_draw():
    assert seeding(dict.fromkeys((4, 2, 6)), draw_seed="s").order == draw_order([2, 4, 6], "s")


def test_two_pairs_with_the_same_seed_are_refused():
    with pytest.raises(RuleViolation) as caught:
        seeding({1: 1, 2: 3, 4: 3}, draw_seed="s")
    assert caught.value.code == "ko_duplicate_seed"
    assert caught.value.params == {"seed": 3, "pair": 2, "other": 4}


# -- reading the bracket back ------------------------------------------------------------------


def played(seeded, winner_of, *, third_place=False, upto=None):
    """Play a whole bracket: ``winner_of(a, b)`` picks the winner of each match. Returns the
    matches and round 1's byes as a director's stored turni would hold them."""
    first = first_round(seeded)
    matches = [PlayedMatch(1, s.table, s.ns, s.eo, winner_of(s.ns, s.eo)) for s in first.matches]
    byes = first.byes
    while True:
        bracket = read_bracket(matches, byes, third_place=third_place)
        ready = bracket.ready
        if not ready or (upto is not None and ready[0].round > upto):
            return matches, byes, bracket
        for table, slot in enumerate(ready, start=1):
            winner = winner_of(slot.ns, slot.eo)
            matches.append(PlayedMatch(slot.round, table, slot.ns, slot.eo, winner))


def higher_seed(a, b):
    return min(a, b)


def test_six_pairs_to_the_final_with_shared_places():
    matches, byes, bracket = played(list(range(1, 7)), higher_seed)
    assert byes == (1, 2)
    semis = [(s.ns, s.eo) for s in bracket.rounds[1]]
    assert semis == [(1, 4), (2, 3)]
    assert (bracket.final.ns, bracket.final.eo, bracket.champion) == (1, 2, 1)
    assert [(p.pair, p.place, p.shared) for p in bracket.places] == [
        (1, 1, False),
        (2, 2, False),
        (3, 3, True),
        (4, 3, True),
        (5, 5, True),
        (6, 5, True),
    ]
    assert bracket.finished and not bracket.strays


def test_third_place_match_splits_the_semifinal_losers():
    _, _, bracket = played(list(range(1, 9)), higher_seed, third_place=True)
    third = bracket.third_place
    assert third is not None and (third.ns, third.eo, third.winner) == (4, 3, 3)
    assert [(p.pair, p.place) for p in bracket.places][:4] == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert {p.place for p in bracket.places[4:]} == {5}


def test_semifinal_losers_have_no_place_until_the_third_place_match():
    _, _, bracket = played(list(range(1, 9)), higher_seed, third_place=True, upto=2)
    assert [(s.round, s.ns, s.eo) for s in bracket.ready] == [(3, 1, 2), (3, 4, 3)]
    assert {p.pair for p in bracket.places} == {5, 6, 7, 8}


def test_next_match_is_ready_only_when_both_feeders_are_decided():
    first = first_round(list(range(1, 9)))
    matches = [PlayedMatch(1, s.table, s.ns, s.eo) for s in first.matches]
    matches[0] = PlayedMatch(1, 1, 1, 8, winner=8)  # an upset at table 1
    bracket = read_bracket(matches)
    assert bracket.ready == ()
    assert (bracket.rounds[1][0].ns, bracket.rounds[1][0].eo) == (8, None)
    matches[1] = PlayedMatch(1, 2, 4, 5, winner=5)
    ready = read_bracket(matches).ready
    assert [(s.round, s.index, s.ns, s.eo) for s in ready] == [(2, 1, 8, 5)]


def test_byes_are_ordered_by_seed_not_by_pair_number():
    # Seed 1 is pair 9, seed 2 is pair 3: pair 9 must meet the winner of 4 v 5's slot.
    seeded = [9, 3, 5, 7, 2, 4]
    first = first_round(seeded)
    matches = [PlayedMatch(1, s.table, s.ns, s.eo, s.ns) for s in first.matches]
    seeds = {pair: n for n, pair in enumerate(seeded, start=1)}
    bracket = read_bracket(matches, sorted(first.byes), seeds=seeds)
    assert [(s.ns, s.eo) for s in bracket.rounds[1]] == [(9, 7), (3, 5)]


def test_a_match_fits_its_slot_whatever_its_table_number_and_seats():
    matches = [PlayedMatch(1, 1, 1, 4, 1), PlayedMatch(1, 2, 2, 3, 3), PlayedMatch(2, 7, 3, 1, 3)]
    bracket = read_bracket(matches)
    assert bracket.final.match == matches[2] and bracket.champion == 3
    assert not bracket.strays


def test_a_match_the_bracket_does_not_explain_is_a_stray():
    # Table 1 was corrected: 4 won, yet the final was played by pair 1.
    matches = [PlayedMatch(1, 1, 1, 4, 4), PlayedMatch(1, 2, 2, 3, 2), PlayedMatch(2, 1, 1, 2, 1)]
    bracket = read_bracket(matches)
    assert bracket.strays == (matches[2],)
    assert bracket.final.match is None and bracket.final.ready
    assert bracket.champion is None


@pytest.mark.parametrize(("tables", "byes"), [(1, 4), (3, 0), (0, 2)])
def test_an_irregular_first_round_is_refused(tables, byes):
    matches = [PlayedMatch(1, t, 10 + 2 * t, 11 + 2 * t) for t in range(1, tables + 1)]
    with pytest.raises(RuleViolation) as caught:
        read_bracket(matches, list(range(1, byes + 1)))
    assert caught.value.code == "ko_irregular_first_round"


def test_no_third_place_match_when_a_semifinalist_had_a_bye():
    # Three pairs: seed 1 rests in round 1, which is the semifinal round.
    _, _, bracket = played([1, 2, 3], higher_seed, third_place=True)
    assert bracket.third_place is None
    assert [(p.pair, p.place) for p in bracket.places] == [(1, 1), (2, 2), (3, 3)]


# -- properties over every bracket size ------------------------------------------------------------


@given(st.integers(min_value=2, max_value=64))
def test_first_round_seats_everyone_once_and_rests_the_top_seeds(entrants):
    first = first_round(list(range(1, entrants + 1)))
    seated = [p for s in first.slots for p in (s.ns, s.eo) if p is not None]
    assert sorted(seated) == list(range(1, entrants + 1))
    size = bracket_size(entrants)
    assert first.byes == tuple(range(1, size - entrants + 1))
    assert all(s.ns + s.eo == size + 1 for s in first.matches)
    assert [s.table for s in first.matches] == list(range(1, len(first.matches) + 1))


@given(st.integers(min_value=2, max_value=64), st.integers(min_value=1, max_value=5))
def test_top_seeds_sit_in_different_sections(entrants, depth):
    # Seeds 1..2^k sit in 2^k different sections, so they can meet only in the last k rounds.
    size = bracket_size(entrants)
    sections = min(2**depth, size)
    width = size // sections
    order = seed_positions(size)
    section_of = {seed: index // width for index, seed in enumerate(order)}
    assert len({section_of[s] for s in range(1, sections + 1)}) == sections


@given(
    st.integers(min_value=2, max_value=40),
    st.randoms(use_true_random=False),
    st.booleans(),
)
def test_any_bracket_played_out_gives_one_champion_and_a_place_to_everyone(
    entrants, rng, third_place
):
    seeded = list(range(1, entrants + 1))
    _, _, bracket = played(seeded, lambda a, b: rng.choice((a, b)), third_place=third_place)
    assert bracket.finished and not bracket.strays
    places = {p.pair: p.place for p in bracket.places}
    assert sorted(places) == seeded
    assert list(places.values()).count(1) == 1 and list(places.values()).count(2) == 1
    assert places[bracket.champion] == 1
    # Pairs out in the same round share a place; the place is one more than the pairs ahead.
    for place in set(places.values()):
        ahead = sum(1 for p in places.values() if p < place)
        assert place == ahead + 1


@given(st.integers(min_value=2, max_value=40))
def test_when_the_higher_seed_always_wins_places_follow_the_seeds(entrants):
    _, _, bracket = played(list(range(1, entrants + 1)), higher_seed)
    places = [p.place for p in bracket.places]
    assert [p.pair for p in bracket.places] == list(range(1, entrants + 1))
    assert places == sorted(places)
    assert bracket.champion == 1


@given(st.permutations(list(range(1, 41))), st.integers(min_value=2, max_value=40))
def test_reading_round_one_back_gives_the_drawn_bracket(numbers, entrants):
    # Any pair numbers in any seed order; the byes come back sorted by pair number, as an
    # archive lists them, and the seeds put them back in their slots.
    seeded = numbers[:entrants]
    first = first_round(seeded)
    matches = [PlayedMatch(1, s.table, s.ns, s.eo) for s in first.matches]
    seeds = {pair: n for n, pair in enumerate(seeded, start=1)}
    bracket = read_bracket(matches, sorted(first.byes), seeds=seeds)
    assert [(s.ns, s.eo, s.bye) for s in bracket.rounds[0]] == [
        (s.ns, s.eo, s.eo is None) for s in first.slots
    ]
