"""The draw explained in words, and the history the draw manager hands to the engine."""

import pytest
from django.utils import translation

from burraco_tourney.rules.pairing import NOTE_CODES, DrawNote, MitchellOption
from burraco_tourney.rules.pairing.individual_draw import INDIVIDUAL_NOTE_CODES
from burraco_tourney.rules.team_draw import TEAM_NOTE_CODES
from burraco_tourney.tournaments import draw_manager
from burraco_tourney.tournaments.draw_notes import (
    SENTENCES,
    explain,
    note_sentence,
    step_choices,
)
from tests.factories import make_pairs, make_tournament, make_turno

EXAMPLES = [
    ({"code": "ranking", "params": {"ranking": [3, 1, 2], "mode": "no_rematch",
                                    "last_turno": True}},
     "no rematch at all while one can be avoided"),
    ({"code": "swap_avoid_rematch", "params": {"pair": 4, "opponent": 5, "instead_of": 3,
                                               "reason": "opponent_taken", "rank": 4}},
     "Pair 4 (ranked 4) meets pair 5 instead of pair 3, who is already seated at a higher table."),
    ({"code": "rematch_unavoidable", "params": {"pair": 1, "opponent": 2,
                                                "reason": "met_previous_turno"}},
     "No draw avoids it"),
    ({"code": "rematch_allowed", "params": {"pair": 1, "opponent": 2, "reason": "last_turno"}},
     "allowed in the last turno"),
    ({"code": "bye", "params": {"pair": 5, "reason": "fewest_byes", "byes_before": 1,
                                "instead_of": 4}},
     "Pair 5 rests instead of pair 4, who has rested more often. It has rested 1 time before."),
    ({"code": "bye_moved", "params": {"pair": 1, "from_table": 1, "table": 4, "opponent": 4}},
     "Pair 1 moves from table 1 to table 4 to play pair 4."),
    ({"code": "mitchell", "params": {"turno": 1, "step": 1, "tables": 3,
                                     "rematch_free_turni": 3}},
     "EO pairs move 1 table each turno. With this step 3 turni are played without a rematch."),
    ({"code": "mitchell", "params": {"turno": 1, "step": 1, "tables": 8, "phantom": True,
                                     "rematch_free_turni": 8}},
     "The movement runs on 8 tables, one of them missing: the pair sent there rests."),
    ({"code": "mitchell_repeat", "params": {"turno": 4, "rematch_free_turni": 3}},
     "Round 4 of the movement goes beyond the 3 turni"),
    ({"code": "mitchell_rematches", "params": {"rematches": 2, "tables": 6}},
     "2 of the 6 tables repeat a meeting already played in this tournament."),
    ({"code": "italiana", "params": {"turno": 2, "turni": 5}}, "round 2 of the 5"),
    ({"code": "manual", "params": {"tables": 1}}, "Seated by hand: 1 table."),
    ({"code": "rematch", "params": {"pair": 1, "opponent": 2, "turni": [1, 3]}},
     "Pair 1 and pair 2 already met in turno 1, 3."),
    ({"code": "bye_again", "params": {"pair": 3, "byes_before": 1, "fewest": 0}},
     "Pair 3 rests again"),
]  # fmt: skip


@pytest.mark.parametrize(("note", "words"), EXAMPLES)
def test_every_note_reads_as_a_sentence(note, words):
    with translation.override("en"):
        assert words in note_sentence(note)


def test_every_engine_and_manager_code_has_a_sentence():
    individual = set(INDIVIDUAL_NOTE_CODES) | set(TEAM_NOTE_CODES)
    assert set(NOTE_CODES) | set(draw_manager.MANAGER_NOTE_CODES) | individual == set(SENTENCES)


def test_unknown_code_or_missing_param_does_not_break_the_page():
    assert note_sentence({"code": "new_code", "params": {"x": 1}}) == "new_code {'x': 1}"
    assert note_sentence({"code": "bye_moved", "params": {}}).startswith("bye_moved")


def test_warnings_are_marked():
    notes = [draw_manager.note_json(DrawNote("mitchell_repeat", {"turno": 4,
                                                                 "rematch_free_turni": 3})),
             draw_manager.note_json(DrawNote("manual", {"tables": 2}))]  # fmt: skip
    assert [e.warning for e in explain(notes)] == [True, False]


def test_notes_are_stored_as_plain_json():
    note = DrawNote("ranking", {"ranking": (3, 1), "mode": "puro", "last_turno": False})
    assert draw_manager.note_json(note) == {
        "code": "ranking",
        "params": {"ranking": [3, 1], "mode": "puro", "last_turno": False},
    }


@pytest.mark.django_db
def test_history_gives_meetings_previous_opponents_and_byes():
    tournament = make_tournament()
    make_pairs(tournament, 5)
    make_turno(tournament, 1, [(1, 2), (3, 4)], byes=[5])
    make_turno(tournament, 2, [(5, 1), (2, 3)], byes=[4])
    make_turno(tournament, 3, [(1, 2), (4, 5)], byes=[3])
    past = draw_manager.history(tournament, before=3)
    assert past.meetings == {
        frozenset((1, 2)): (1,),
        frozenset((3, 4)): (1,),
        frozenset((1, 5)): (2,),
        frozenset((2, 3)): (2,),
    }
    assert past.previous == {5: 1, 1: 5, 2: 3, 3: 2}
    assert past.bye_counts == {5: 1, 4: 1}
    assert draw_manager.history(tournament, before=4).meetings[frozenset((1, 2))] == (1, 3)


@pytest.mark.django_db
def test_missing_results_and_last_turno():
    tournament = make_tournament(planned_turni=3)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 800), (700, 700)])
    make_turno(tournament, 2, [(1, 3), (2, 4)])
    assert draw_manager.missing_results(tournament, before=3) == [(2, 2)]
    assert draw_manager.missing_results(tournament, before=2) == []
    assert [draw_manager.is_last_turno(tournament, n) for n in (2, 3)] == [False, True]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("n_pairs", "free"), [(12, {1: 6, 2: 3, 3: 2}), (5, {1: 3, 2: 3}), (4, {1: 2}), (1, {})]
)
def test_mitchell_steps_of_a_first_turno_give_the_whole_rotation(n_pairs, free):
    tournament = make_tournament()
    make_pairs(tournament, n_pairs)
    options = draw_manager.mitchell_step_options(tournament, 1)
    assert {o.step: o.rematch_free_turni for o in options} == free
    assert not any(o.rematches for o in options)


def test_step_choices_say_rematches_turni_and_the_recommended_step():
    options = [
        MitchellOption(step=1, rematches=0, rematch_free_turni=5, best=True),
        MitchellOption(step=2, rematches=0, rematch_free_turni=1),
        MitchellOption(step=3, rematches=2, rematch_free_turni=0),
    ]
    with translation.override("en"):
        choices = step_choices(options)
    assert [c.label for c in choices] == [
        "1 (5 turni without a rematch), recommended",
        "2 (1 turno without a rematch)",
        "3 (2 tables meet again in this turno)",
    ]
    assert choices[0].outlook == (
        "Turni without a rematch with this step: 5. "
        "Recommended: no other step avoids rematches better."
    )
    assert choices[2].outlook == (
        "With this step 2 tables of this turno repeat a meeting already played."
    )
