"""The KO downloads: the bracket PDF read back as text, the workbook opened with openpyxl."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from burraco_tourney.exports.ko import bracket_grid
from burraco_tourney.exports.registry import EXPORTERS, exporters_for
from burraco_tourney.tournaments.selectors.ko import ko_bracket
from burraco_tourney.tournaments.services.closing import turno_close
from tests.exports.conftest import pdf_page_size, pdf_text, pdf_words, render_export
from tests.factories import make_director
from tests.tournaments.ko_support import deal, draw, ko_tournament, play, start, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(db):
    return make_director()


@pytest.fixture
def finished(director):
    """Six pairs (seeds 1 and 2 rest), a tie in round 1 settled by the last move, to the final,
    with a third-place match."""
    tournament = ko_tournament(director, pairs=6, name="Coppa d'inverno")
    start(tournament, director, third_place=True)
    # Table 1: 4 v 5 tied 500-500; pair 4 (NS) made the last move, so pair 5 goes on.
    play(tournament, director, 1, 1, deal(100, 200, "eo"), deal(400, 300, "ns"))
    win(tournament, director, 1, 2, "ns")  # 3 beats 6
    win(tournament, director, 2, 1, "ns")  # 1 beats 5
    win(tournament, director, 2, 2, "eo")  # 3 beats 2
    win(tournament, director, 3, 1, "eo")  # 3 wins the final
    win(tournament, director, 3, 2, "ns")  # 5 beats 2 for third place
    for turno in tournament.turni.order_by("number"):  # the director closes each round
        turno_close(turno=turno, user=director)
    return tournament


def test_the_ko_downloads_are_offered_for_a_ko_only():
    keys = {e.key for e in exporters_for(scope="tournament", kind="ko")}
    assert {"tabellone", "tabellone-excel"} <= keys
    assert "tabellone" not in {e.key for e in exporters_for(scope="tournament", kind="pairs")}
    assert EXPORTERS["tabellone"].public and not EXPORTERS["tabellone-excel"].public


def test_the_printed_grid_puts_each_match_between_its_feeders(finished):
    grid = bracket_grid(ko_bracket(tournament=finished))
    # Four first-round slots; the semifinals start on rows 0 and 2, the final on row 0.
    assert [[cell.rows for cell in row] for row in grid] == [[1, 2, 4], [1], [1, 2], [1]]
    assert grid[0][2].match.winner_line == "eo"


def test_bracket_pdf_shows_every_round_the_tie_in_words_and_the_places(finished):
    file = render_export("tabellone", finished, language="en")
    assert file.filename == f"{finished.slug}-tabellone.pdf"
    width, height = pdf_page_size(file.content)
    assert width > height  # landscape
    text = pdf_words(file.content)
    for heading in ("Quarter-finals", "Semifinals", "Final", "Third-place match", "Final places"):
        assert heading in text
    assert "pair 4 made the last move of the last smazzata, so it loses and pair 5 wins" in text
    assert "Goes through" not in text  # byes are drawn, not described
    for pair in finished.entrants.all():
        assert pair.player1 in text


def test_bracket_pdf_in_italian_before_publication(director):
    tournament = ko_tournament(director, pairs=4)
    draw(tournament, director)
    text = pdf_words(render_export("tabellone", tournament).content)
    assert tournament.name in text
    assert tournament.entrants.get(number=1).player1 not in text  # the draft stays private


def test_bracket_workbook_lists_every_match_and_every_smazzata(finished):
    file = render_export("tabellone-excel", finished, language="en")
    book = load_workbook(io.BytesIO(file.content))
    assert book.sheetnames == ["Bracket", "Smazzate", "Places"]
    bracket = list(book["Bracket"].iter_rows(min_row=3, values_only=True))
    # 4 first-round slots (two byes), 2 semifinals, the final, the third-place match.
    assert len(bracket) == 8
    tie = next(r for r in bracket if r[2] == 4 and r[4] == 5)
    assert tie[1] == 1 and tie[6:9] == (500, 500, 5)
    assert "made the last move" in tie[9]
    final = next(r for r in bracket if r[0] == "Final")
    assert final[8] == 3 and "wins the tournament" in final[9]
    smazzate = list(book["Smazzate"].iter_rows(min_row=3, values_only=True))
    assert len(smazzate) == 2 * 6  # six matches of two smazzate
    assert smazzate[1][4:8] == (2, 400, 300, "NS")
    places = list(book["Places"].iter_rows(min_row=3, values_only=True))
    assert [(p[0], p[2]) for p in places] == [(1, 3), (2, 1), (3, 5), (4, 2), (5, 4), (5, 6)]
    assert places[-1][1] == "yes"


def test_downloads_through_the_page(client, director, finished):
    url = reverse("exports:download", kwargs={"slug": finished.slug, "key": "tabellone"})
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    excel = reverse("exports:download", kwargs={"slug": finished.slug, "key": "tabellone-excel"})
    assert client.get(excel).status_code == 302  # directors only: the login page first
    client.force_login(director)
    assert client.get(excel).status_code == 200


def test_match_scorecards_of_a_round_have_the_last_move_box(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    turno = tournament.turni.get(number=1)
    text = pdf_words(render_export("score", tournament, language="en", turno=turno).content)
    assert "Last move" in text
    for pair in tournament.entrants.all():
        assert pair.player1 in text


def test_the_director_bracket_links_each_round_to_its_scorecards(client, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    client.force_login(director)
    html = client.get(reverse("manage:ko", args=[tournament.slug])).content.decode()
    scorecards = reverse("exports:download", kwargs={"slug": tournament.slug, "key": "score"})
    assert f"{scorecards}?turno=1" in html
    assert f"{scorecards}?turno=2" not in html  # the final has no table yet


def test_bracket_pdf_keeps_the_winner_marker_beside_a_two_digit_pair_number(director):
    tournament = ko_tournament(director, pairs=16)
    start(tournament, director)
    for table in range(1, 9):
        win(tournament, director, 1, table, "eo")  # pairs 9 to 16 win
    lines = pdf_text(render_export("tabellone", tournament, language="en").content).splitlines()
    marked = [line.split()[:2] for line in lines if "▶" in line]
    assert sorted(int(number) for _, number in marked) == list(range(9, 17))
