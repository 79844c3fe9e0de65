"""A KO tournament as directors found it in the trial (issue 20): a match "a punti" entered
smazzata by smazzata is an entry going on, not a correction."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry
from tests.tournaments.ko_support import deal, ko_tournament, match, play, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def to_2005(director):
    tournament = ko_tournament(director, pairs=4, ko_mode="punti", ko_smazzate=None, ko_target=2005)
    tournament.directors.add(director)
    start(tournament, director)
    return tournament


def test_a_match_to_a_target_entered_smazzata_by_smazzata_is_no_correction(
    english, director, to_2005
):
    first, second, third = deal(900, 100), deal(800, 150), deal(400, 100)
    play(to_2005, director, 1, 1, first)
    play(to_2005, director, 1, 1, first, second)  # no reason asked
    table = play(to_2005, director, 1, 1, first, second, third)
    assert table.winner == "ns"
    actions = AuditEntry.objects.filter(table=table).values_list("action", flat=True)
    assert set(actions) == {"result_enter"}
    page = english.get(reverse("manage:turno_results", args=[to_2005.slug, 1])).content
    assert "corrected" not in page.decode().lower()


def test_changing_a_smazzata_already_stored_is_still_a_correction(director, to_2005):
    play(to_2005, director, 1, 1, deal(900, 100))
    with pytest.raises(ValidationError) as refused:
        play(to_2005, director, 1, 1, deal(950, 100), deal(800, 150))
    assert refused.value.code == "reason_required"
    table = play(to_2005, director, 1, 1, deal(950, 100), deal(800, 150), reason="typo")
    assert AuditEntry.objects.filter(table=table, action="result_correct").count() == 1
    assert match(to_2005, 1, 1).smazzate.count() == 2


def test_the_ko_keyboard_help_names_no_box_the_ko_scorecard_lacks(english, to_2005):
    url = reverse("manage:score_entry", args=[to_2005.slug, 1, 1])
    page = english.get(url).content.decode()
    keys = page[page.index('<p class="keys muted" hidden>') :]
    keys = keys[: keys.index("</p>")]
    assert "ended early" not in keys
    assert "to a target score" in keys and "Ctrl+Enter saves from anywhere" in keys
    assert 'name="ended_early"' not in page
