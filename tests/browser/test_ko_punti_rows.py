"""A KO match to a target score (issue 15, item 5): the scorecard shows six smazzate, and as soon
as the sixth is filled with nobody at the target, the live preview appends the seventh; the
seventh, typed, is saved with the rest."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Table
from tests.browser.login_support import log_in
from tests.factories import make_director
from tests.tournaments.ko_support import ko_tournament, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fill_row(page, n: int, ns: int, eo: int) -> None:
    page.fill(f"[name=s{n}_ns_cards]", str(ns))
    page.fill(f"[name=s{n}_eo_cards]", str(eo))
    page.select_option(f"[name=s{n}_end]", "tallone")


def test_the_next_smazzata_is_offered_once_the_last_row_is_filled(page):
    director = make_director()
    tournament = ko_tournament(director, pairs=4, ko_mode="punti", ko_smazzate=None, ko_target=2005)
    start(tournament, director)
    log_in(page)
    url = f"{page.base_url}/t/{tournament.slug}/gestione/turni/1/tavoli/1/"
    page.goto(url)
    rows = page.locator("#scorecard-grid tbody.smazzata")
    expect(rows).to_have_count(6)
    for n in range(1, 6):
        fill_row(page, n, 200, 150)  # the pozzetto taken: 200 and 150 a smazzata
    # Five rows filled: the sixth is still empty, nothing is added.
    expect(page.locator("[data-total='5-ns']")).not_to_have_text("")
    expect(rows).to_have_count(6)
    fill_row(page, 6, 200, 150)
    # The sixth filled, NS at 1200, nobody at 2005: the seventh smazzata appears, ready to type.
    seventh = page.locator("tbody.smazzata[data-smazzata='7']")
    expect(seventh).to_be_visible()
    expect(rows).to_have_count(7)
    # NS pass 2005 in the seventh: the match is over, no eighth row; saved with seven.
    fill_row(page, 7, 900, 150)
    expect(page.locator("[data-total='7-ns']")).to_have_text("900")
    expect(page.locator("[data-turno='ns']")).to_have_text("2100")
    expect(rows).to_have_count(7)
    page.locator("#scorecard button[type=submit]").first.click()
    expect(page).not_to_have_url(re.compile(r"/tavoli/1/$"))
    table = Table.objects.get(turno__tournament=tournament, turno__number=1, number=1)
    assert table.smazzate.count() == 7 and table.match.winner == "ns"


def test_enter_in_the_last_box_waits_for_the_next_smazzata(page):
    """The known bug of issue 15: Enter in the last box of the sixth smazzata saved the match
    before the seventh was offered. Now it goes to the seventh when the match goes on, and saves
    once the target is passed."""
    director = make_director()
    tournament = ko_tournament(director, pairs=4, ko_mode="punti", ko_smazzate=None, ko_target=2005)
    start(tournament, director)
    log_in(page)
    url = f"{page.base_url}/t/{tournament.slug}/gestione/turni/1/tavoli/1/"
    page.goto(url)
    for n in range(1, 7):
        fill_row(page, n, 200, 150)
    page.locator("[name=s6_last_move]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[name=s7_ns_pulito]")).to_be_focused()
    assert page.url == url
    table = Table.objects.get(turno__tournament=tournament, turno__number=1, number=1)
    assert not table.has_result
    fill_row(page, 7, 900, 150)
    page.locator("[name=s7_last_move]").focus()
    page.keyboard.press("Enter")
    expect(page).not_to_have_url(url)
    table.refresh_from_db()
    assert table.has_result and table.smazzate.count() == 7 and table.match.winner == "ns"
