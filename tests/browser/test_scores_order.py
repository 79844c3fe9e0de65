"""The scorecard page in the order of the paper segnapunti, by keyboard: per line the burraco
kinds, chiusura, pozzetto, card points; Ctrl+Enter saves even from the Save button; in a KO the
chiusura shows as the last move and a tie, also one entered as turno totals, says who goes
through and why."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Table
from tests.browser.boxes import set_ticked
from tests.browser.login_support import log_in
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import ko_tournament, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KINDS = ("pulito", "semipulito", "sporco")
PAPER = [*KINDS, "chiusura", "pozzetto", "cards"]


@pytest.fixture
def director(db):
    return make_director()


@pytest.fixture
def pairs_turno(director):
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    make_pairs(tournament, 4)
    return make_turno(tournament, 1, [(1, 2), (3, 4)])


@pytest.fixture
def ko(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    return tournament


def table_url(page, slug: str, turno: int, table: int) -> str:
    return f"{page.base_url}/t/{slug}/gestione/turni/{turno}/tavoli/{table}/"


def focused_name(page) -> str:
    return page.evaluate("document.activeElement.name || document.activeElement.tagName")


def tab_through(page, count: int) -> list[str]:
    """The names of the boxes the cursor visits: where it is, then after each Tab."""
    names = [focused_name(page)]
    for _ in range(count):
        page.keyboard.press("Tab")
        names.append(focused_name(page))
    return names


def line_boxes(n: int, line: str) -> list[str]:
    return [f"s{n}_{line}_{part}" for part in PAPER]


def test_the_tab_order_is_the_paper_order_and_ctrl_enter_saves_from_the_button(page, pairs_turno):
    slug = pairs_turno.tournament.slug
    log_in(page)
    page.goto(table_url(page, slug, 1, 1))
    visited = tab_through(page, 13)
    # A pairs tournament has no "last move" box: after "ended by" comes smazzata 2.
    expected = [*line_boxes(1, "ns"), *line_boxes(1, "eo"), "s1_end", "s2_ns_pulito"]
    assert visited == expected
    # The header reads in the same order.
    head = page.locator("table.scorecard thead th")
    expect(head).to_have_text(["Linea", *KINDS, "Chiusura", "Pozzetto", "Punti carte", "Totale"])

    # Smazzata 1 by keyboard in that order: NS a pulito and the chiusura, 245 card points.
    page.locator("[name=s1_ns_pulito]").focus()
    keyboard = page.keyboard
    keyboard.type("1")
    for _ in range(3):
        keyboard.press("Tab")
    keyboard.press("Space")  # chiusura
    keyboard.press("Tab")
    keyboard.press("Tab")  # pozzetto stays taken
    keyboard.type("245")
    keyboard.press("Tab")
    for _ in range(5):  # EO: to its card points
        keyboard.press("Tab")
    expect(page.locator("[name=s1_eo_cards]")).to_be_focused()
    keyboard.type("120")
    # Both lines typed: the server's totals of the smazzata.
    expect(page.locator('[data-total="1-ns"]')).to_have_text("545")
    expect(page.locator('[data-total="1-eo"]')).to_have_text("120")
    set_ticked(page.locator("[name=ended_early]"))  # one smazzata of three
    save = page.locator("#scorecard button[type=submit]")
    save.focus()
    keyboard.press("Control+Enter")
    expect(page).to_have_url(table_url(page, slug, 1, 2))
    expect(page.locator(".msg.success")).to_contain_text("545")
    table = Table.objects.get(turno=pairs_turno, number=1)
    assert (table.ns_mp, table.eo_mp) == (545, 120)


def test_a_ko_chiusura_is_the_last_move_and_a_tie_says_who_goes_through(page, ko):
    slug = ko.slug
    log_in(page)
    page.goto(table_url(page, slug, 1, 1))  # pair 1 (NS) v pair 4 (EO)
    visited = tab_through(page, 14)
    expected = [*line_boxes(1, "ns"), *line_boxes(1, "eo"), "s1_end", "s1_last_move"]
    assert visited[:14] == expected
    assert visited[14] == "s2_ns_pulito"

    last_move = page.locator("[name=s2_last_move] option").first
    expect(last_move).to_have_text("—")
    # Smazzata 1: 100 each, nobody closed.
    page.fill("[name=s1_ns_cards]", "100")
    page.fill("[name=s1_eo_cards]", "100")
    # Smazzata 2: NS closes with a sporco (0 + 100 + 100), EO 200: a 300-300 tie.
    page.fill("[name=s2_ns_sporco]", "1")
    set_ticked(page.locator("[name=s2_ns_chiusura]"))
    page.fill("[name=s2_ns_cards]", "0")
    page.fill("[name=s2_eo_cards]", "200")
    # Beside the blank "last move", the closer, as the server will record it.
    expect(page.locator("#auto-move-2")).to_have_text("automatico: NS 1")
    expect(page.locator("#auto-end-2")).to_have_text("automatico: Chiusura")
    expect(page.locator('[data-turno="winner"]')).to_have_text("passa la coppia 4")
    expect(page.locator('[data-turno="ns"]')).to_have_text("300")
    expect(page.locator('[data-turno="eo"]')).to_have_text("300")
    page.locator("#scorecard button[type=submit]").focus()
    page.keyboard.press("Control+Enter")

    expect(page).to_have_url(table_url(page, slug, 1, 2))
    expect(page.locator(".msg.success")).to_have_text(
        "Tavolo 1 salvato. Parità 300–300: passa la coppia 4, la coppia 1 ha fatto l'ultima mossa."
    )
    table = Table.objects.select_related("match").get(
        turno__tournament=ko, turno__number=1, number=1
    )
    assert (table.match.winner, table.match.by_last_move) == ("eo", True)
    assert table.smazzate.get(number=2).last_move == "ns"


def test_a_ko_tie_entered_as_turno_totals_is_settled_by_the_last_move(page, ko):
    slug = ko.slug
    log_in(page)
    page.goto(table_url(page, slug, 1, 2) + "?modo=totali")  # pair 2 (NS) v pair 3 (EO)
    keyboard = page.keyboard
    expect(page.locator("[name=ns_mp]")).to_be_focused()
    keyboard.type("1000")
    keyboard.press("Tab")
    keyboard.type("1000")
    keyboard.press("Tab")
    expect(page.locator("[name=last_move]")).to_be_focused()
    # Saved without the last move: refused next to it.
    page.locator("#scorecard button[type=submit]").focus()
    keyboard.press("Control+Enter")
    expect(page.locator(".last-move .errorlist")).to_contain_text("ultima mossa")
    page.select_option("[name=last_move]", "eo")
    page.locator("#scorecard button[type=submit]").focus()
    keyboard.press("Control+Enter")
    expect(page.locator(".msg.success")).to_have_text(
        "Tavolo 2 salvato. Parità 1000–1000: passa la coppia 2, la coppia 3 ha fatto l'ultima "
        "mossa."
    )
    # On to the table still missing, for its totals too.
    expect(page).to_have_url(re.compile(r"/tavoli/1/\?modo=totali$"))
    table = Table.objects.select_related("match").get(
        turno__tournament=ko, turno__number=1, number=2
    )
    assert (table.entry_mode, table.match.winner, table.match.by_last_move) == (
        "totals",
        "ns",
        True,
    )
