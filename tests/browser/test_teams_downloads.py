"""A team evening's standings read back from the files a director downloads (issue 23): six
teams, three turni all'italiana, both rooms of every match entered; from the downloads page the
standings PDF and the workbook, whose standings are the one selector's, team by team. (The
evening itself is played in the browser by ``test_teams_evening.py``; here the results are
entered through the services, and the browser only downloads.)"""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Match, Room
from burraco_tourney.tournaments.selectors.standings import standings
from tests.browser.login_support import log_in
from tests.exports.conftest import pdf_words
from tests.factories import make_director
from tests.tournaments.teams_support import (
    draw_team_turno,
    enter,
    room_table,
    set_lineups,
    team_tournament,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _download(page, card: str) -> bytes:
    with page.expect_download() as info:
        page.locator(f"#scarica-{card} button").click()
    with open(info.value.path(), "rb") as file:
        return file.read()


def test_the_team_standings_read_back_from_the_pdf_and_the_workbook(page):
    director = make_director()
    tournament = team_tournament(director, teams=6)
    for number in (1, 2, 3):
        turno = draw_team_turno(tournament, director)
        set_lineups(turno, director)
        for match in Match.objects.filter(turno=turno).order_by("number"):
            k = match.number
            enter(room_table(turno, k, Room.APERTA), director, 900 + 150 * k * number, 800)
            enter(room_table(turno, k, Room.CHIUSA), director, 700, 600 + 60 * k)
    expected = standings(tournament=tournament, after_turno=3)
    assert len({row.vp for row in expected}) > 2  # the order says something

    log_in(page)
    page.goto(f"{page.base_url}/t/{tournament.slug}/scarica/")
    expect(page.locator("#dopo-classifica")).to_have_value("3")

    text = pdf_words(_download(page, "classifica"))
    places = [text.index(row.entrant.name) for row in expected]
    assert places == sorted(places), text
    for row, start, end in zip(expected, places, [*places[1:], len(text)], strict=True):
        assert f" {row.vp} " in f" {text[start:end]} ", (row.entrant.name, text[start:end])

    book = load_workbook(io.BytesIO(_download(page, "workbook")))
    rows = [r for r in book["Classifica"].iter_rows(min_row=3, values_only=True) if r[0]]
    assert [(r[1], r[2]) for r in rows] == [(s.entrant.number, s.entrant.name) for s in expected]
    assert [s.vp for s in expected] == [next(v for v in r[3:] if isinstance(v, int)) for r in rows]
    assert {"Turno 1", "Turno 2", "Turno 3", "Butler"} <= set(book.sheetnames)
