"""An individual evening in the browser, from registration to the printed standings: a director
creates an individual tournament, pastes twelve players with their club, draws their numbers,
draws, publishes and scores three turni (two rotations and a Danese individuale), a player
finds his seat by name, and the standings PDF lists the twelve players in the site's order."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.formats.individual.seating import individual_seating
from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.standings import standings as individual_standings
from tests.browser.login_support import log_in_through
from tests.browser.totals_support import enter_totals
from tests.exports.conftest import pdf_words
from tests.factories import make_director

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Anna Rossi",
    "Bruno Bianchi",
    "Carla Verdi",
    "Dario Russo",
    "Elena Ferrari",
    "Fabio Esposito",
    "Giulia Romano",
    "Luca Colombo",
    "Marta Ricci",
    "Nino Greco",
    "Olga Marino",
    "Paolo Gallo",
]


def create_tournament(page) -> Tournament:
    log_in_through(page, "/gestione/nuovo/")
    page.fill("#id_name", "Individuale di Natale")
    page.fill("#id_date", "2026-12-18")
    page.locator("input[name=kind][value=individual]").check()
    # The VP settings stay on screen for an individual tournament; head-to-head is not offered
    # by the rules for players, so the second tie-break is the MP.
    expect(page.locator("#pairs-settings")).to_be_visible()
    page.select_option("#id_tiebreak_2", "mp")
    page.select_option("#id_tiebreak_3", "")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/t/individuale-di-natale-2026-12-18/gestione/$"))
    return Tournament.objects.get()


def play_turno(page, tournament: Tournament, number: int, movement: str) -> None:
    page.get_by_role("link", name="Turni", exact=True).first.click()
    page.locator(f"input[name=movement][value={movement}]").check()
    # Each click sends a form: waiting for the page it leads to (an event, not a poll of the
    # page every half second) before looking at it.
    with page.expect_navigation():
        page.get_by_role("button", name=f"Sorteggia il turno {number} come bozza").click()
    expect(
        page.get_by_role("heading", name="Come è stato sorteggiato questo turno")
    ).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Pubblica").click()
    expect(page.locator(".messages, .msg").first).to_contain_text(f"Turno {number}")
    results = f"{page.base_url}/t/{tournament.slug}/gestione/turni/{number}/risultati/"
    for table in (1, 2, 3):
        url = f"{page.base_url}/t/{tournament.slug}/gestione/turni/{number}/tavoli/{table}/"
        # The last save leads to the turno's results page, where the test goes on.
        ns_mp, eo_mp = 1400 - 200 * table + 50 * number, 700 + 100 * table
        enter_totals(page, url, ns_mp, eo_mp, wait_until="commit" if table < 3 else "load")
    # Every result is in: the director closes the turno from its results page, where the last
    # save has led.
    expect(page).to_have_url(results)
    page.locator("#chiusura").get_by_role("button", name=f"Chiudi il turno {number}").click()
    expect(page.locator("#chiusura h2")).to_have_text(f"Il turno {number} è chiuso")
    page.goto(f"{page.base_url}/t/{tournament.slug}/gestione/turni/{number}/")
    expect(page.locator("table.seating a", has_text="PV")).to_have_count(3)


def test_a_twelve_player_evening_from_registration_to_the_printed_standings(page):
    make_director()
    tournament = create_tournament(page)

    page.get_by_role("link", name="Giocatori", exact=True).first.click()
    page.fill("#id_text", "\n".join(f"{name}; Circolo Aurora" for name in NAMES))
    # A pasted list is previewed, then saved, as for pairs.
    page.locator("button[name=action][value=preview]").click()
    page.locator("button[name=action][value=save]").click()
    expect(page.locator(".messages, .msg").first).to_contain_text("12 giocatori aggiunti")
    expect(page.locator("table.pairs tbody tr")).to_have_count(12)
    # The numbers are drawn on their own page, as for pairs.
    page.get_by_role("link", name="Sorteggia i numeri").first.click()
    page.fill("#id_seed", "sera di Natale")
    page.get_by_role("button", name="Sorteggia i numeri").click()
    expect(page.locator("main")).to_contain_text("sera di Natale")

    play_turno(page, tournament, 1, "rotation")
    play_turno(page, tournament, 2, "rotation")
    play_turno(page, tournament, 3, "danese")

    # No two players partnered twice in the three turni.
    lines = [
        frozenset(p.pk for p in line)
        for turno in tournament.turni.all()
        for table in individual_seating(turno=turno).tables
        for line in (table.ns, table.eo)
    ]
    assert len(lines) == len(set(lines)) == 18

    # A player finds his seat of turno 3 by name.
    place = individual_seating(turno=tournament.turni.get(number=3)).places()[0]
    page.goto(f"{page.base_url}/t/{tournament.slug}/dove-mi-siedo/?nome={place.player.name}")
    found = page.locator(".seat-found")
    expect(found).to_contain_text(f"Tavolo {place.table}")
    expect(found).to_contain_text(f"Con {place.partner.name}")

    # The public standings, then their PDF read back.
    page.goto(f"{page.base_url}/t/{tournament.slug}/classifica/")
    expect(page.locator("table.individual-standings tbody tr")).to_have_count(12)
    with page.expect_download() as info:
        page.get_by_role("link", name="Classifica (PDF)").click()
    download = info.value
    assert download.suggested_filename == f"{tournament.slug}-classifica-dopo-turno-3.pdf"
    with open(download.path(), "rb") as file:
        text = pdf_words(file.read())
    assert "Classifica dopo il turno 3" in text
    order = [row.player.name for row in individual_standings(tournament=tournament)]
    positions = [text.index(name) for name in order]
    assert positions == sorted(positions)
