"""The room's projector in the browser: it rotates by itself from the standings pages to the
seating and the clock, and shows new data after a round without a reload."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from burraco_tourney.tournaments.live_pages import POLL_SECONDS
from burraco_tourney.tournaments.models import Entrant
from burraco_tourney.tournaments.services.audit import tournament_touch
from burraco_tourney.tournaments.services.clock import tournament_clock_set, turno_clock_start
from burraco_tourney.tournaments.services.penalties import penalty_add
from tests.browser.waiting import wait_until
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def room():
    """24 pairs (three pages of standings), turno 1 played, turno 2 published with its time
    running."""
    director = make_director()
    tournament = make_tournament(owner=director, name="Gran Premio di Natale")
    make_pairs(tournament, 24)
    seats = [(i, i + 1) for i in range(1, 24, 2)]
    make_turno(tournament, 1, seats, totals=[(700 + 50 * i, 600) for i in range(12)])
    turno = make_turno(tournament, 2, [(i, 25 - i) for i in range(1, 13)])
    tournament_clock_set(
        tournament=tournament, user=director, turno_minutes=60, last_smazzata_minutes=10
    )
    turno_clock_start(turno=turno, user=director, at=timezone.now() - datetime.timedelta(minutes=5))
    return tournament


def test_the_projector_rotates_by_itself(page, room):
    # The page's own timers, moved on a panel's minute at a time instead of waited for.
    page.clock.install()
    page.goto(page.base_url + f"/t/{room.slug}/proiettore/?ogni=60")
    panel = page.locator("#panels [data-panel].active")
    expect(panel).to_have_attribute("data-panel", "standings-1")
    expect(panel.locator("h2")).to_contain_text("Classifica")
    expect(panel.locator("tbody tr")).to_have_count(10)
    # No control on the screen: nothing to click.
    expect(page.locator("a, button, input, select")).to_have_count(0)
    page.clock.fast_forward("01:00")
    expect(panel).to_have_attribute("data-panel", "standings-2")
    page.clock.fast_forward("01:00")
    expect(panel).to_have_attribute("data-panel", "standings-3")
    page.clock.fast_forward("01:00")
    expect(panel).to_have_attribute("data-panel", "seating-1")
    expect(panel.locator("h2")).to_contain_text("Turno 2")
    page.clock.fast_forward("01:00")
    expect(panel).to_have_attribute("data-panel", "seating-2")
    page.clock.fast_forward("01:00")
    expect(panel).to_have_attribute("data-panel", "clock")
    expect(panel.locator(".clock-msg-running")).to_be_visible()
    # Only one panel at a time.
    expect(page.locator("#panels [data-panel]:visible")).to_have_count(1)


def test_the_projector_shows_new_data_without_a_reload(page, room):
    page.clock.install()
    page.goto(page.base_url + f"/t/{room.slug}/proiettore/?ogni=2")
    expect(page.locator("#panels [data-panel].active")).to_have_attribute(
        "data-panel", "standings-1"
    )
    Entrant.objects.filter(tournament=room, number=1).update(player1="Zanardelli Ottavia")
    tournament_touch(tournament=room)  # what every service's write does
    # The panels are fetched again at the next poll: the new name appears on the seating.
    page.clock.fast_forward(f"00:{POLL_SECONDS:02}")
    expect(page.locator("#panels")).to_contain_text("Zanardelli Ottavia", timeout=20_000)


def test_the_shown_standings_change_within_seconds_of_a_write(page, room):
    """Issue 20: the projector waited for its rotation (56 s at one table) while phones had the
    news in seconds. A panel that stays two minutes still shows a change at once."""
    page.clock.install()
    page.goto(page.base_url + f"/t/{room.slug}/proiettore/?ogni=120")
    panel = page.locator("#panels [data-panel].active")
    expect(panel).to_have_attribute("data-panel", "standings-1")
    first = panel.locator("tbody tr").first.locator("td.pairno")
    # Pair 23 won 1250-600 (15 VP, the best scarto): first; a penalty of 1 VP puts 21 first.
    expect(first).to_have_text("23")
    penalty_add(
        tournament=room,
        user=room.owner,
        entrant=room.entrants.get(number=23),
        turno=room.turni.get(number=1),
        vp=-1,
        mp=0,
        reason="Due ammonizioni",
    )
    # At the next poll, long before the panel's two minutes are up.
    page.clock.fast_forward(f"00:{POLL_SECONDS:02}")
    expect(first).to_have_text("21", timeout=20_000)
    expect(panel).to_have_attribute("data-panel", "standings-1")


def test_without_script_the_standings_show(browser, live_server, room):
    context = browser.new_context(java_script_enabled=False, locale="it-IT")
    try:
        page = context.new_page()
        page.goto(live_server.url + f"/t/{room.slug}/proiettore/")
        expect(page.locator(".panel-standings").first).to_be_visible()
        expect(page.locator(".panel-standings")).to_have_count(3)
        expect(page.locator(".panel-seating").first).to_be_hidden()
    finally:
        context.close()


@pytest.fixture
def demo_slug():
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue().strip().splitlines()[-1]


# Shows each panel in turn and measures it: true when none is wider than the screen.
EVERY_PANEL_FITS = """() => {
  const panels = [...document.querySelectorAll('#panels [data-panel]')];
  const fits = panels.map(panel => {
    panels.forEach(p => p.classList.toggle('active', p === panel));
    return panel.scrollWidth <= panel.clientWidth
      && document.documentElement.scrollWidth <= window.innerWidth;
  });
  return panels.length > 2 && fits.every(Boolean);
}"""
PANEL_WIDTHS = """() => [...document.querySelectorAll('#panels [data-panel]')].map(panel => {
  document.querySelectorAll('#panels [data-panel]').forEach(
    p => p.classList.toggle('active', p === panel));
  return [panel.dataset.panel, panel.scrollWidth, document.documentElement.scrollWidth];
})"""


def test_every_panel_fits_a_full_hd_screen(browser, live_server, demo_slug):
    """On a 1920×1080 projector no panel is cut at the right: the seating's EO column shows, long
    names end with an ellipsis."""
    context = browser.new_context(locale="it-IT", viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.goto(live_server.url + f"/t/{demo_slug}/proiettore/?ogni=120")
        expect(page.locator("#panels .panel-seating").first).to_be_attached()
        wait_until(
            page,
            EVERY_PANEL_FITS,
            measure=PANEL_WIDTHS,
            what="every projector panel should fit 1920px",
        )
        seating = page.locator("#panels .panel-seating").first
        page.evaluate(
            "() => document.querySelectorAll('#panels [data-panel]').forEach("
            "p => p.classList.toggle('active', p.classList.contains('panel-seating')"
            " && p.dataset.panel === 'seating-1'))"
        )
        expect(seating.locator("th").nth(2)).to_be_in_viewport(ratio=1)
    finally:
        context.close()


def test_the_prizes_panel_shows_whole_names_on_a_laptops_screen(page, live_server):
    """Read out from the projector, a prize's category, names and prize are never cut short (at
    1280 × 800 they were: "Giovann…", "Cucchi…")."""
    from django.test import Client

    from tests.tournaments.test_prizes_pages import _post

    director = make_director()
    tournament = make_tournament(owner=director, planned_turni=1)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1500, 500), (1000, 1000)])
    client = Client()
    client.force_login(director)
    _post(
        client,
        tournament,
        "Assoluta generale | | 250; 150; 100\nUltimi | last | Cucchiaio di legno",
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{page.base_url}/t/{tournament.slug}/proiettore/")
    panel = page.locator('[data-panel="prizes-1"]')
    expect(panel).to_be_attached()
    # Shown now rather than in its turn of the rotation.
    page.evaluate(
        "() => document.querySelectorAll('[data-panel]').forEach("
        "p => p.classList.toggle('active', p.dataset.panel === 'prizes-1'))"
    )
    expect(panel).to_contain_text("Cucchiaio di legno")
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-panel="prizes-1"] td')].every(
            cell => cell.clientWidth > 0 && cell.scrollWidth <= cell.clientWidth + 1)"""
    )
