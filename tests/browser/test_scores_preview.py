"""The scorecard's live figures are the server's own answer (the preview endpoint), and Enter in
an empty smazzata never saves a table of fewer smazzate (issue 9, case 1)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import AuditEntry
from tests.browser.boxes import set_ticked
from tests.browser.login_support import log_in
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def make_turno_of(smazzate: int):
    vp = "fibur-4" if smazzate == 4 else "fibur-3"
    tournament = make_tournament(owner=make_director(), smazzate_per_turno=smazzate, vp_table=vp)
    make_pairs(tournament, 4)
    return make_turno(tournament, 1, [(1, 2), (3, 4)])


def entry_url(page, turno, table: int = 1) -> str:
    slug = turno.tournament.slug
    return f"{page.base_url}/t/{slug}/gestione/turni/{turno.number}/tavoli/{table}/"


def type_first_smazzata(page) -> None:
    """Smazzata 1 by keyboard: NS a pulito, the chiusura, 245; EO a sporco, 120 (545 - 220)."""
    keyboard = page.keyboard
    expect(page.locator("[name=s1_ns_pulito]")).to_be_focused()
    keyboard.type("1")
    for _ in range(3):
        keyboard.press("Tab")
    keyboard.press("Space")  # chiusura
    keyboard.press("Tab")
    keyboard.press("Tab")  # pozzetto taken
    keyboard.type("245")
    keyboard.press("Tab")
    keyboard.press("Tab")
    keyboard.press("Tab")
    keyboard.type("1")  # EO sporco
    for _ in range(3):
        keyboard.press("Tab")
    keyboard.type("120")
    keyboard.press("Tab")  # "ended by"
    keyboard.press("Tab")


def test_the_live_figures_are_the_servers_and_nothing_is_saved(page):
    turno = make_turno_of(3)
    log_in(page)
    page.goto(entry_url(page, turno))
    # The rules change after the page was loaded: only the server can know (fibur-4 instead of
    # fibur-3: a difference of 325 gives 12-8, not 13-7).
    tournament = turno.tournament
    tournament.vp_table = "fibur-4"
    tournament.save(update_fields=["vp_table"])
    with page.expect_request(lambda r: r.method == "POST" and "/anteprima/" in r.url):
        type_first_smazzata(page)
    expect(page.locator('[data-total="1-ns"]')).to_have_text("545")
    expect(page.locator('[data-total="1-eo"]')).to_have_text("220")
    set_ticked(page.locator("[name=ended_early]"))
    expect(page.locator('[data-turno="ns"]')).to_have_text("545")
    expect(page.locator('[data-turno="diff"]')).to_have_text("NS +325")
    expect(page.locator('[data-turno="vp"]')).to_have_text("12 \u2013 8")
    # A refusal of the save, next to its box: the pozzetto of a closer.
    pozzetto = page.locator("[name=s1_ns_pozzetto]")
    set_ticked(pozzetto, False)
    expect(page.locator("#errors-1-ns")).to_contain_text("NS ha chiuso senza prendere il pozzetto")
    expect(page.locator('[data-turno="vp"]')).to_have_text("")
    # The box is marked as refused, and says where its message is.
    refusal_id = page.locator("#errors-1-ns li").get_attribute("id")
    expect(pozzetto).to_have_attribute("aria-invalid", "true")
    expect(pozzetto).to_have_attribute("aria-describedby", refusal_id)
    expect(page.locator("td.check.bad")).to_have_count(1)
    set_ticked(pozzetto)
    expect(page.locator("#errors-1-ns")).to_be_hidden()
    expect(pozzetto).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("td.bad")).to_have_count(0)
    expect(page.locator('[data-turno="vp"]')).to_have_text("12 \u2013 8")
    table = turno.tables.get(number=1)
    assert not table.has_result and table.version == 0
    assert not AuditEntry.objects.exists()


def test_enter_in_the_empty_second_smazzata_does_not_save(page):
    turno = make_turno_of(3)
    log_in(page)
    page.goto(entry_url(page, turno))
    type_first_smazzata(page)
    first_box = page.locator("[name=s2_ns_pulito]")
    expect(first_box).to_be_focused()
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    # Enter moved on to the next box; the page stayed, the table has no result.
    expect(page.locator("[name=s2_ns_semipulito]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[name=s2_ns_sporco]")).to_be_focused()
    assert page.url == entry_url(page, turno)
    # The server's question, live, beside the box that answers it.
    expect(page.locator("#err-ended_early")).to_contain_text("È compilata solo 1 delle 3")
    assert not turno.tables.get(number=1).has_result


def test_enter_in_the_last_box_of_an_empty_last_smazzata_goes_to_the_question(page):
    turno = make_turno_of(2)
    log_in(page)
    page.goto(entry_url(page, turno))
    type_first_smazzata(page)
    page.locator("[name=s2_end]").focus()
    page.keyboard.press("Enter")
    # The last box of the scorecard, but of an empty smazzata: no save, on to the question.
    ended_early = page.locator("[name=ended_early]")
    expect(ended_early).to_be_focused()
    assert not turno.tables.get(number=1).has_result
    page.keyboard.press("Space")
    page.keyboard.press("Enter")
    expect(page).to_have_url(entry_url(page, turno, 2))
    table = turno.tables.get(number=1)
    assert (table.ns_mp, table.eo_mp) == (545, 220)
    assert AuditEntry.objects.get().reason == "Il turno è finito prima: 1 smazzata su 2."
