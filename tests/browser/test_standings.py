"""The classifica in the browser: on a phone a player finds the pair's VP without sliding the
page sideways; on a laptop every column shows; in between, a table too wide for the screen says
so and keeps rank and pair in place while it slides."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Entrant, Tournament
from tests.browser.waiting import wait_until
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
    Entrant.objects.filter(tournament=tournament, number=1).update(
        player1="Maria Vittoria Bartolomei-Lagomarsino", player2="Giovanbattista Scarpellini"
    )
    totals = [(700 + 5 * i, 600) for i in range(52)]
    for number in range(1, 7):
        seats = [(i, 105 - i) if number % 2 else (i, 53 + (i + number) % 52) for i in range(1, 53)]
        # The results of all six turni scored once, after the last one.
        make_turno(tournament, number, seats, totals=totals, recompute=number == 6)
    return tournament


def _open(page, tournament):
    page.goto(page.base_url + f"/t/{tournament.slug}/classifica/")
    expect(page.locator("table.standings tbody tr").first).to_be_visible()


def _column(page, header: str) -> int:
    """The index of a column by its header text (upper-cased on screen, not in the page)."""
    headers = page.locator("table.standings thead th").all_text_contents()
    return [h.strip().casefold() for h in headers].index(header.casefold())


OVERFLOW = """() => {
    const wrap = document.querySelector("table.standings").closest(".table-wrap");
    return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: wrap.scrollWidth - wrap.clientWidth,
    };
}"""


def _expect_overflow(page, *, table_slides: bool) -> None:
    """Wait until the page never slides sideways, and the table's box slides (or not)."""
    check = "o => o.page === 0 && " + ("o.table > 0" if table_slides else "o.table === 0")
    wait_until(
        page,
        f"() => ({check})(({OVERFLOW})())",
        measure=OVERFLOW,
        what="no sideways scrolling of the page, "
        + ("the table sliding in its box" if table_slides else "nor of the table"),
    )


# The left edges of the first row's rank, pair and players before and after the table's box is
# slid to its right end (it is put back after), and how far it slid.
SLID_POSITIONS = """() => {
    const wrap = document.querySelector("table.standings").closest(".table-wrap");
    const cells = [...document.querySelectorAll("table.standings tbody tr:first-child td")]
        .slice(0, 3);
    const edges = () => cells.map(c => c.getBoundingClientRect());
    wrap.scrollLeft = 0;
    const before = edges();
    wrap.scrollLeft = wrap.scrollWidth;
    const slid = wrap.scrollLeft;
    const after = edges();
    wrap.scrollLeft = 0;
    return {
        slid,
        before: before.map(b => b.x),
        after: after.map(b => b.x),
        gap: after[1].x - (after[0].x + after[0].width),
    };
}"""
SLID_KEEPS_RANK_AND_PAIR = f"""() => {{
    const m = ({SLID_POSITIONS})();
    return m.slid > 50
        && m.after[0] === m.before[0] && m.after[1] === m.before[1]
        && Math.abs(m.after[2] - (m.before[2] - m.slid)) <= 1
        && Math.abs(m.gap) < 1;
}}"""


@pytest.mark.parametrize("which", ["demo", "crowded"])
def test_on_a_phone_the_vp_is_on_screen_without_sliding(phone_page, request, which):
    tournament = request.getfixturevalue(which)
    _open(phone_page, tournament)
    vp = (
        phone_page.locator("table.standings tbody tr")
        .first.locator("td")
        .nth(_column(phone_page, VP))
    )
    expect(vp).to_be_in_viewport(ratio=1)  # all of it on screen
    _expect_overflow(phone_page, table_slides=False)
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
    _expect_overflow(page, table_slides=False)
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
        _expect_overflow(page, table_slides=True)  # the table slides, not the page
        expect(page.locator(".scroll-hint")).to_be_visible()
        # Slid to its right end, the first row keeps its rank and pair where they were, the
        # players slide under them, and nothing shows between the rank and the pair.
        wait_until(
            page, SLID_KEEPS_RANK_AND_PAIR, measure=SLID_POSITIONS, what="rank and pair stay"
        )
    finally:
        context.close()
