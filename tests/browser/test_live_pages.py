"""A player's phone shows the standings as the directors save: the page updates itself, without
a reload and without losing the place the player scrolled to (issue 13)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments import live_pages
from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.browser.waiting import wait_until
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def quick_polling(monkeypatch):
    """The page asks for its live part every second instead of every ten."""
    monkeypatch.setattr(live_pages, "POLL_SECONDS", 1)


@pytest.fixture
def crowded():
    """60 pairs and one complete turno: a classifica longer than a phone's screen."""
    director = make_director()
    tournament = make_tournament(name="Torneo della Befana", owner=director)
    make_pairs(tournament, 60)
    make_turno(tournament, 1, [(i, i + 1) for i in range(1, 60, 2)], totals=[(900, 900)] * 30)
    return tournament, director


def test_the_standings_update_on_a_phone_without_reload_keeping_the_scroll(
    phone_page, crowded, quick_polling
):
    tournament, director = crowded
    page = phone_page
    page.goto(page.base_url + f"/t/{tournament.slug}/classifica/")
    expect(page.locator("table.standings tbody tr")).to_have_count(60)
    # The player scrolls down to the bottom of the list; the page remembers it was loaded once.
    page.locator("table.standings tbody tr").last.scroll_into_view_if_needed()
    page.evaluate("() => { window.loadedOnce = true; }")
    wait_until(
        page,
        "() => window.scrollY > 300",
        measure="() => window.scrollY",
        what="the page scrolled down",
    )
    scrolled = page.evaluate("() => window.scrollY")

    # Elsewhere, a director corrects table 30 of turno 1: pair 59 wins 1500 to 300.
    table = tournament.turni.get(number=1).tables.get(number=30)
    table_record_totals(
        table=table, user=director, ns_mp=1500, eo_mp=300, version=table.version, reason="Errore"
    )

    first = page.locator("table.standings tbody tr").first
    expect(first.locator("td.col-pair")).to_have_text("59")
    assert page.evaluate("() => window.loadedOnce === true")  # no reload
    wait_until(
        page,
        "y => Math.abs(window.scrollY - y) < 2",
        scrolled,
        measure="() => window.scrollY",
        what=f"the page kept its scroll position ({scrolled})",
    )


def test_the_standings_still_show_without_javascript(no_js_page, crowded):
    tournament, _ = crowded
    no_js_page.goto(no_js_page.base_url + f"/t/{tournament.slug}/classifica/")
    expect(no_js_page.locator("table.standings tbody tr")).to_have_count(60)


def test_a_player_finds_the_seat_by_name_and_opens_the_pair_page(phone_page, crowded):
    tournament, _ = crowded
    tournament.entrants.filter(number=7).update(player1="Niccolò Bèrtoli")
    page = phone_page
    page.goto(page.base_url + f"/t/{tournament.slug}/")
    page.get_by_role("link", name="Dove mi siedo").click()
    page.get_by_label("Il tuo nome o cognome").fill("niccolo bertoli")
    page.get_by_role("button", name="Cerca").click()
    found = page.get_by_role("region", name="Niccolò Bèrtoli")
    # Turno 1: pair 7 sits NS at table 4 against pair 8.
    expect(found.locator(".seat-big")).to_have_text("Tavolo 4 · Nord-Sud")
    found.get_by_role("link", name="Coppia 7").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Coppia 7")
    expect(page.locator('[data-figure="rank"]')).to_have_count(1)


def test_a_pair_page_shows_its_riposo_scarto_and_adds_up_to_the_standings(page):
    """Pair 5 rests in turno 1: its page shows the riposo's +355 of scarto beside its 14 VP,
    and after turno 2 the same scarto as the standings (355 + 900 - 600)."""
    tournament = make_tournament(name="Coppa del Riposo")
    make_pairs(tournament, 5)
    make_turno(tournament, 1, [(1, 2), (3, 4)], byes=[5], totals=[(700, 600), (800, 600)])
    make_turno(tournament, 2, [(5, 1), (2, 3)], byes=[4], totals=[(900, 600), (700, 650)])

    page.goto(page.base_url + f"/t/{tournament.slug}/coppia/5/")
    riposo = page.locator("#turno-1")
    expect(riposo).to_contain_text("Riposo")
    expect(riposo.locator('[data-figure="vp"]')).to_have_text("14")
    expect(riposo.locator('[data-figure="riposo-scarto"]')).to_have_text("+355")
    expect(riposo.locator('[data-figure="total-scarto"]')).to_have_text("+355")
    expect(page.locator('#turno-2 [data-figure="total-scarto"]')).to_have_text("+655")

    page.goto(page.base_url + f"/t/{tournament.slug}/classifica/")
    first = page.locator("table.standings tbody tr").first
    expect(first).to_contain_text("Esposito Fabio")
    expect(first).to_contain_text("655")
