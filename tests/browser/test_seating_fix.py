"""A director corrects a seating after results were entered: a table's lines, then two pairs."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe_support import assert_accessible
from tests.browser.login_support import log_in
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def tournament():
    tournament = make_tournament(owner=make_director(), name="Torneo del Venerdì")
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1500, 300), (600, 700)])
    return tournament


def _row(page, number):
    return page.locator("#seating-fix-tables tbody tr").nth(number - 1)


def test_swap_a_tables_lines_then_exchange_two_pairs(page, tournament):
    log_in(page)
    page.goto(page.base_url + f"/t/{tournament.slug}/gestione/turni/1/")
    page.get_by_role("link", name="Correggi i posti").click()
    expect(page).to_have_url(re.compile(r"/gestione/turni/1/correggi-posti/$"))
    expect(_row(page, 1)).to_contain_text("1500 – 300 · 18 – 2")
    assert_accessible(page)

    # Without a reason nothing changes and the box says why.
    swap = page.locator("form", has=page.locator("button[value=swap]"))
    swap.locator("select").select_option("1")
    swap.locator("button[value=swap]").click()
    expect(swap.locator(".errorlist")).to_contain_text("Indica perché")
    expect(_row(page, 1).locator("td").nth(1)).to_contain_text("1")

    swap.locator("select").select_option("1")
    swap.get_by_label("Motivo").fill("Linee invertite sul segnapunti")
    swap.locator("button[value=swap]").click()
    expect(page.locator(".messages")).to_contain_text("Le linee del tavolo 1 sono state invertite")
    # Pair 2 now sits NS and keeps its 300 MP and 2 VP: the result swapped with the lines.
    expect(_row(page, 1).locator("td").nth(1)).to_contain_text("2")
    expect(_row(page, 1).locator("td").nth(2)).to_contain_text("1")
    expect(_row(page, 1)).to_contain_text("300 – 1500 · 2 – 18")

    exchange = page.locator("form", has=page.locator("button[value=exchange]"))
    exchange.locator("select[name=exchange-first]").select_option("1")
    exchange.locator("select[name=exchange-second]").select_option("3")
    exchange.get_by_label("Motivo").fill("Coppie sedute al posto sbagliato")
    exchange.locator("button[value=exchange]").click()
    expect(page.locator(".messages")).to_contain_text("Le coppie 1 e 3 si sono scambiate di posto")
    # Each table's scorecard stays where it was played: pair 3 has table 1's big win now.
    expect(_row(page, 1).locator("td").nth(2)).to_contain_text("3")
    expect(_row(page, 2).locator("td").nth(1)).to_contain_text("1")
    expect(_row(page, 1)).to_contain_text("300 – 1500 · 2 – 18")

    page.goto(page.base_url + f"/t/{tournament.slug}/gestione/registro/")
    expect(page.locator("main")).to_contain_text("Posti corretti: linee invertite")
    expect(page.locator("main")).to_contain_text("Linee invertite sul segnapunti")
    expect(page.locator("main")).to_contain_text("Posti corretti: coppie scambiate")

    # The standings follow: pair 3 (Russo Dario) leads with table 1's 18 VP.
    page.goto(page.base_url + f"/t/{tournament.slug}/classifica/")
    leader = page.locator("main table tbody tr").first
    expect(leader).to_contain_text("Russo Dario")
    expect(leader).to_contain_text("18")
