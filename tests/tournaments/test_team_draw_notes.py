"""A team draw explained in words, in English and Italian, from the notes real draws give."""

import pytest
from django.utils import translation

from burraco_tourney.rules.team_draw import team_danese_draw, team_italiana_draw
from burraco_tourney.tournaments import draw_manager
from burraco_tourney.tournaments.draw_notes import explain

DRAWS = {
    "danese": lambda: team_danese_draw(
        [1, 2, 3, 4, 5], previous={1: 2, 2: 1}, bye_counts={5: 1}, home_counts={1: 2}
    ),
    "last_turno": lambda: team_danese_draw([1, 2, 3, 4], previous={1: 2, 2: 1}, last_turno=True),
    "unavoidable": lambda: team_danese_draw(
        [1, 2, 3, 4], met=[frozenset(c) for c in ((1, 2), (1, 3), (1, 4))], mode="no_rematch"
    ),
    "italiana": lambda: team_italiana_draw(range(1, 6), 2),
}


def _texts(draw, language):
    notes = [draw_manager.note_json(note) for note in draw.notes]
    with translation.override(language):
        return [e.text for e in explain(notes)], [e.warning for e in explain(notes)]


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_every_team_note_reads_as_a_sentence_about_teams(name):
    draw = DRAWS[name]()
    english, _ = _texts(draw, "en")
    italian, _ = _texts(draw, "it")
    for en, it in zip(english, italian, strict=True):
        assert en.startswith(("Team ", "Danese for teams", "All'italiana", "Match ")), en
        assert "{" not in en and "Pair" not in en
        assert en != it and "{" not in it, it
        assert any(word in it for word in ("Squadra", "squadra", "squadre")), it


def test_the_danese_draft_explains_swap_riposo_and_home():
    english, warnings = _texts(DRAWS["danese"](), "en")
    assert "Team 1 (ranked 1) meets team 3 instead of team 2: they met in the previous turno." in (
        english
    )
    assert any(t.startswith("Team 4 rests: the lowest-ranked team") for t in english)
    assert (
        "Match 1: team 3 is home, having played fewer matches at home (0) than team 1 (2)."
        in english
    )
    assert not any(warnings)
    _, warnings = _texts(DRAWS["unavoidable"](), "en")
    assert any(warnings)
