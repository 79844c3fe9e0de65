"""The explanation of real draws: every engine note reads as a sentence naming its pairs."""

import pytest
from django.utils import translation

from burraco_tourney.rules.pairing import (
    NOTE_CODES,
    danese_draw,
    italiana_draw,
    manual_draw,
    mitchell_draw,
)
from burraco_tourney.tournaments.draw_notes import note_sentence


def _notes():
    met = [frozenset(c) for c in ((1, 2), (3, 5), (4, 6), (5, 6))]
    previous = {1: 2, 2: 1, 3: 5, 5: 3, 4: 6, 6: 4}
    all_met = [frozenset((a, b)) for a in range(1, 5) for b in range(a + 1, 5)]
    draws = [
        mitchell_draw(range(1, 8), 1),
        mitchell_draw(range(1, 8), 5),
        mitchell_draw(range(1, 7), 1, met=[(1, 4), (2, 6), (3, 5)]),
        danese_draw(range(1, 7), met=met, previous=previous, mode="no_rematch"),
        danese_draw(range(1, 6), met=met, mode="puro"),
        danese_draw(range(1, 5), met=all_met, mode="no_rematch"),
        danese_draw(range(1, 5), previous={1: 2, 2: 1}, last_turno=True),
        italiana_draw(range(1, 6), 2),
        manual_draw([(1, 4), (2, 5)], pairs=range(1, 6), byes=[3]),
    ]
    return [note for draw in draws for note in draw.notes]


def test_the_notes_of_real_draws_cover_every_note_code():
    assert {note.code for note in _notes()} == set(NOTE_CODES)


@pytest.mark.parametrize("note", _notes(), ids=lambda note: note.code)
def test_a_note_of_a_real_draw_reads_as_a_sentence_naming_its_pairs(note):
    with translation.override("en"):
        text = note_sentence({"code": note.code, "params": note.params})
    assert "%(" not in text
    assert "=" not in text  # the raw fallback lists params as name=value
    for name in ("pair", "opponent", "instead_of", "table", "turno"):
        if name in note.params:
            assert str(note.params[name]) in text


def test_a_bye_note_says_why_the_pair_rests():
    bye = next(note for note in mitchell_draw(range(1, 8), 1).notes if note.code == "bye")
    with translation.override("en"):
        assert note_sentence({"code": bye.code, "params": bye.params}) == (
            "Pair 4 rests (riposo): at table 4 it would have had no opponent."
        )
