"""A team evening in the browser (issue 23): six teams, three turni drawn all'italiana on the
turni page, both rooms of every match. The director sets a line-up on the turno's page (the
others are set as the captains would), enters the sala aperta from the scorecards, and in turno
1 the sala chiusa is entered from the players' phones (NS enters, EO confirms), in turni 2 and 3
through the scores service the director's scorecard calls; the public turno
page shows both rooms, the standings page ranks the six teams as the one standings selector
does, and the standings PDF and the workbook downloaded from the downloads page read back the
same order and VP."""

from __future__ import annotations

import io
from contextlib import ExitStack

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Match, Room, Table
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.table_links import turno_links_ensure
from burraco_tourney.tournaments.services.teams import LineupChoice, lineup_set
from tests.browser.conftest import _new_page
from tests.browser.login_support import log_in
from tests.browser.test_players_at_the_table import PHONE, fill_scorecard, join, press
from tests.browser.totals_support import enter_totals as enter_table_totals
from tests.exports.conftest import pdf_words
from tests.factories import make_director
from tests.tournaments.teams_support import enter, team_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = 6


@pytest.fixture
def phones(browser, live_server):
    with ExitStack() as stack:
        ns = stack.enter_context(_new_page(browser, live_server, default_timeout=15_000, **PHONE))
        eo = stack.enter_context(_new_page(browser, live_server, default_timeout=15_000, **PHONE))
        yield ns, eo


def draw_and_publish(page, tournament, number: int) -> None:
    page.goto(f"{page.base_url}/t/{tournament.slug}/gestione/turni/")
    page.locator("input[name=movement][value=italiana]").check()
    # Each click sends a form: waiting for the page it leads to (an event, not a poll of the
    # page every half second) before looking at it.
    with page.expect_navigation():
        page.get_by_role("button", name=f"Sorteggia il turno {number} come bozza").click()
    expect(page.locator("section.team-lineups")).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Pubblica").click()
    expect(page.locator(".messages, .msg").first).to_contain_text(f"Turno {number}")


def enter_totals(page, tournament, turno: int, table: Table, ns_mp: int, eo_mp: int) -> None:
    url = f"{page.base_url}/t/{tournament.slug}/gestione/turni/{turno}/tavoli/{table.number}/"
    enter_table_totals(page, url, ns_mp, eo_mp)


def test_a_six_team_evening_from_both_rooms_to_the_standings(page, phones):
    director = make_director()
    tournament = team_tournament(director, teams=TEAMS, players_enter=True)
    log_in(page)
    for number in (1, 2, 3):
        draw_and_publish(page, tournament, number)
        turno = tournament.turni.get(number=number)
        matches = list(Match.objects.filter(turno=turno).prefetch_related("tables__ns"))
        first = matches[0]
        if number == 1:
            # The director sets the home team's line-up of match 1 on the turno's page.
            form = page.locator("form", has_text=f"Formazione di {first.home.name}")
            prefix = f"#m1-t{first.home.number}-"
            for slot, position in (("aperta1", 1), ("aperta2", 2), ("chiusa1", 3), ("chiusa2", 4)):
                form.locator(f"{prefix}{slot}").select_option(str(position))
            with page.expect_navigation():
                form.get_by_role("button", name="Salva la formazione").click()
            expect(page.locator(".messages").first).to_contain_text("Formazione di")
        for match in matches:  # the other line-ups, as the captains set them
            for team in (match.home, match.away):
                if not match.lineups.filter(team=team).exists():
                    lineup_set(match=match, team=team, choice=LineupChoice((1, 2), (3, 4)))
        for match in matches:
            aperta = match.room_table(Room.APERTA)
            enter_totals(page, tournament, number, aperta, 1000 + 100 * match.number, 900)
        chiusa = [m.room_table(Room.CHIUSA) for m in matches]
        if number == 1:
            ns, eo = phones
            links = turno_links_ensure(turno=turno)
            for table in chiusa:
                token = links[table.pk].token
                join(ns, token, "ns")
                fill_scorecard(ns)
                press(ns, "Salva lo score", ns_mp=875, eo_mp=560)
                expect(ns.locator(".messages")).to_contain_text("ora l'altra linea")
                join(eo, token, "eo")
                press(eo, "Conferma lo score", ns_mp=875, eo_mp=560)
                expect(eo.locator(".messages")).to_contain_text("il tavolo è accettato")
        else:  # the director's scorecard is the sala aperta's above: these through its service
            for i, table in enumerate(chiusa):
                enter(table, director, 800 + 50 * i, 950)

    # Every match counts both rooms.
    assert not Match.objects.filter(turno__tournament=tournament, ns_vp__isnull=True).exists()
    page.goto(f"{page.base_url}/t/{tournament.slug}/turno/1/")
    expect(page.locator("section.team-match")).to_have_count(TEAMS // 2)
    expect(page.locator("tr[data-room=chiusa]")).to_have_count(TEAMS // 2)
    expect(page.locator("section.team-match").first).to_contain_text("Sala chiusa")
    page.goto(f"{page.base_url}/t/{tournament.slug}/classifica/?dopo=3")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(TEAMS)
    for i, row in enumerate(standings(tournament=tournament, after_turno=3)):
        expect(rows.nth(i)).to_contain_text(row.entrant.name)

    # The same standings, read back from the files the director downloads.
    expected = standings(tournament=tournament, after_turno=3)
    page.goto(f"{page.base_url}/t/{tournament.slug}/scarica/")
    # Turno 3 is played but not closed: the standings after it are chosen as on the page.
    page.locator("#dopo-classifica").select_option("3")
    text = pdf_words(_download(page, "classifica"))
    places = [text.index(row.entrant.name) for row in expected]
    assert places == sorted(places), text
    for row, start, end in zip(expected, places, [*places[1:], len(text)], strict=True):
        assert f" {row.vp} " in f" {text[start:end]} ", (row.entrant.name, text[start:end])
    page.locator("#dopo-workbook").select_option("3")
    book = load_workbook(io.BytesIO(_download(page, "workbook")))
    rows = [r for r in book["Classifica"].iter_rows(min_row=3, values_only=True) if r[0]]
    assert [(r[1], r[2]) for r in rows] == [(s.entrant.number, s.entrant.name) for s in expected]
    assert [s.vp for s in expected] == [next(v for v in r[3:] if isinstance(v, int)) for r in rows]
    assert {"Turno 1", "Turno 2", "Turno 3", "Butler"} <= set(book.sheetnames)


def _download(page, card: str) -> bytes:
    with page.expect_download() as info:
        page.locator(f"#scarica-{card} button").click()
    with open(info.value.path(), "rb") as file:
        return file.read()
