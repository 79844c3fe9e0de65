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
    assert table.match.winner == "ns"
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


def _final_of_four(director, **fields):
    """Four pairs: semifinals won by NS (pairs 1 and 2 go on), the final drawn."""
    from tests.tournaments.ko_support import win

    tournament = ko_tournament(director, pairs=4, **fields)
    start(tournament, director, third_place=True)
    win(tournament, director, 1, 1)
    win(tournament, director, 1, 2)
    return tournament


def _decision(client, tournament, table: int) -> str:
    import html
    import re

    page = client.get(reverse("manage:bracket", args=[tournament.slug])).content.decode()
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_a_final_both_lines_pass_in_the_same_smazzata_says_more_points_decided_it(client, director):
    """RULES.md section 8: of two lines past the target, the one with more points wins: who
    passed it "first" decided nothing when both passed in the last smazzata."""
    tournament = _final_of_four(director, ko_rounds=[{"round": 2, "mode": "punti", "target": 2005}])
    client.force_login(director)
    final = match(tournament, 2, 1)
    deals = [deal(500, 500)] * 3 + [deal(540, 510)]  # 1500 each, then 2040 and 2010
    play(tournament, director, 2, final.number, *deals)
    text = _decision(client, tournament, final.number)
    assert "Entrambe le coppie hanno superato 2005 nell'ultima smazzata" in text
    assert "2040 a 2010" in text and "ha superato per prima" not in text


def test_a_final_one_line_passes_alone_still_says_it_passed_first(client, director):
    tournament = _final_of_four(director, ko_rounds=[{"round": 2, "mode": "punti", "target": 2005}])
    client.force_login(director)
    final = match(tournament, 2, 1)
    deals = [deal(500, 400)] * 3 + [deal(540, 300)]
    play(tournament, director, 2, final.number, *deals)
    assert "ha superato per prima 2005: 2040 a 1500" in _decision(client, tournament, 1)


def test_the_bracket_says_the_third_place_match_length(client, director):
    tournament = _final_of_four(director, ko_rounds=[{"round": 2, "mode": "punti", "target": 2005}])
    client.force_login(director)
    page = client.get(reverse("manage:bracket", args=[tournament.slug])).content.decode()
    third = page[page.index('id="ko-third"') :]
    heading = third[: third.index("</h2>")]
    assert "· ai 2005 punti</span>" in heading


def test_the_printed_bracket_says_the_third_place_match_length(director):
    from tests.exports.conftest import pdf_words, render_export

    tournament = _final_of_four(director, ko_rounds=[{"round": 2, "mode": "punti", "target": 2005}])
    text = pdf_words(render_export("tabellone", tournament).content)
    assert "terzo posto · ai 2005 punti" in text


def test_the_score_page_of_a_match_in_play_asks_no_reason_to_go_on(english, director, to_2005):
    play(to_2005, director, 1, 1, deal(900, 100))
    page = english.get(reverse("manage:score_entry", args=[to_2005.slug, 1, 1])).content
    assert "Not needed to add the next smazzate of a match still being played" in page.decode()
