"""The classifica in the browser: on a phone a player finds the pair's VP without sliding the
page sideways; on a laptop every column shows; in between, a table too wide for the screen says
so and keeps rank and pair in place while it slides."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Pair, Tournament
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The header of the VP column, and the columns a phone leaves out, in Italian.
VP = "PV"
PHONE_HIDDEN = ("Circolo", "MP", "Penalità", "T1")


@pytest.fixture
def demo():
    call_command("load_demo", stdout=io.StringIO())
    return Tournament.objects.get()


@pytest.fixture
def crowded():
    """104 pairs (three-digit numbers and ranks), six turni, and a pair with long names."""
    tournament = make_tournament(name="Festival di Sanremo")
    make_pairs(tournament, 104)
    Pair.objects.filter(tournament=tournament, number=1).update(
        player1="Maria Vittoria Bartolomei-Lagomarsino", player2="Giovanbattista Scarpellini"
    )
    for number in range(1, 7):
        seats = [(i, 105 - i) if number % 2 else (i, 53 + (i + number) % 52) for i in range(1, 53)]
        make_turno(tournament, number, seats, totals=[(700 + 5 * i, 600) for i in range(52)])
    return tournament


def _open(page, tournament):
    page.goto(page.base_url + f"/t/{tournament.slug}/classifica/")
    expect(page.locator("table.standings tbody tr").first).to_be_visible()


def _column(page, header: str) -> int:
    """The index of a column by its header text (upper-cased on screen, not in the page)."""
    headers = page.locator("table.standings thead th").all_text_contents()
    return [h.strip().casefold() for h in headers].index(header.casefold())


def _sideways_overflow(page) -> dict:
    return page.evaluate(
        """() => {
            const wrap = document.querySelector("table.standings").closest(".table-wrap");
            return {
                page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                table: wrap.scrollWidth - wrap.clientWidth,
            };
        }"""
    )


@pytest.mark.parametrize("which", ["demo", "crowded"])
def test_on_a_phone_the_vp_is_on_screen_without_sliding(phone_page, request, which):
    tournament = request.getfixturevalue(which)
    _open(phone_page, tournament)
    vp = (
        phone_page.locator("table.standings tbody tr")
        .first.locator("td")
        .nth(_column(phone_page, VP))
    )
    expect(vp).to_be_visible()
    box = vp.bounding_box()
    viewport = phone_page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert _sideways_overflow(phone_page) == {"page": 0, "table": 0}
    # Scarto fits too; the other columns are left out, and the page says so.
    expect(phone_page.locator("table.standings thead th", has_text="Scarto")).to_be_visible()
    for name in PHONE_HIDDEN:
        expect(phone_page.locator("table.standings thead th", has_text=name).first).to_be_hidden()
    expect(phone_page.locator(".standings-note.phone-only")).to_be_visible()
    expect(phone_page.locator(".scroll-hint")).to_be_hidden()


def test_on_a_laptop_every_column_shows_without_a_hint(page, demo):
    _open(page, demo)
    for name in (*PHONE_HIDDEN, "T3", "Scarto", VP):
        expect(page.locator("table.standings thead th", has_text=name).first).to_be_visible()
    assert _sideways_overflow(page) == {"page": 0, "table": 0}
    expect(page.locator(".scroll-hint")).to_be_hidden()
    expect(page.locator(".standings-note.phone-only")).to_be_hidden()


def test_a_table_wider_than_the_screen_says_so_and_keeps_rank_and_pair(
    browser, live_server, crowded
):
    context = browser.new_context(locale="it-IT", viewport={"width": 800, "height": 700})
    try:
        page = context.new_page()
        page.base_url = live_server.url
        _open(page, crowded)
        assert _sideways_overflow(page)["page"] == 0  # the table slides, not the page
        assert _sideways_overflow(page)["table"] > 0
        expect(page.locator(".scroll-hint")).to_be_visible()
        first = page.locator("table.standings tbody tr").first
        rank, pair, players = (first.locator("td").nth(i) for i in range(3))
        before = [cell.bounding_box()["x"] for cell in (rank, pair, players)]
        slid = page.locator(".table-wrap").evaluate(
            "wrap => { wrap.scrollLeft = wrap.scrollWidth; return wrap.scrollLeft; }"
        )
        assert slid > 50
        after = [cell.bounding_box()["x"] for cell in (rank, pair, players)]
        assert after[:2] == before[:2]  # rank and pair stay put
        assert after[2] == pytest.approx(before[2] - slid, abs=1)  # the players slid under them
        # The rank column ends where the pair column starts: nothing shows between them.
        rank_box, pair_box = rank.bounding_box(), pair.bounding_box()
        assert abs(rank_box["x"] + rank_box["width"] - pair_box["x"]) < 1
    finally:
        context.close()
