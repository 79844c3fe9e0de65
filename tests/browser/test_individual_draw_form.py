"""The director's individual turno page, in the browser: each player reads "8 · Piero Bruno",
the seating-by-hand boxes show only with "by hand" (and open without the script), and the
rotation speaks of the published schedule only when exactly eight players play."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.login_support import log_in_through
from tests.tournaments.individual_support import NAMES, drawn_turno, individual_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TWELVE = [*NAMES, "Marta Ricci", "Nicola Marino", "Olga Greco", "Piero Bruno"]


def test_a_draft_of_twelve_names_each_player_and_shows_the_boxes_of_its_movement(page):
    tournament, director = individual_tournament(names=TWELVE)
    turno = drawn_turno(tournament, director, publish=False)
    log_in_through(page, f"/t/{tournament.slug}/gestione/turni/{turno.number}/")
    # A draft is not offered "back to draft": it is one already.
    expect(page.locator("summary", has_text="Riporta in bozza")).to_have_count(0)
    first = turno.tables.get(number=1)
    row = page.locator("table.seating tbody tr").first
    ns_first, ns_second = first.ns_line.player1, first.ns_line.player2
    ns_cell = row.locator("td").nth(1)
    seats = ns_cell.locator(".seat")
    expect(seats).to_have_count(2)
    # Each player on a line of its own, the number set apart from the name: "8 · Piero Bruno".
    expect(seats.nth(0)).to_have_text(re.compile(rf"^\d+ · {re.escape(ns_first)}$"))
    expect(seats.nth(1)).to_have_text(re.compile(rf"^\d+ · {re.escape(ns_second)}$"))
    expect(ns_cell).not_to_contain_text("–")

    # Twelve players: the rotation is described, not the schedule for eight.
    expect(page.locator("input[name=movement][value=rotation]")).to_be_checked()
    expect(page.locator("form.draw-form")).to_contain_text(
        "Rotazione dei compagni (nessuno gioca di nuovo con un compagno già avuto)"
    )
    expect(page.locator("form.draw-form")).not_to_contain_text("8 giocatori")
    seating = page.locator("#id_seating")
    seed = page.locator("#id_seed")
    expect(seating).to_be_hidden()
    expect(page.locator("#id_byes")).to_be_hidden()
    expect(seed).to_be_visible()
    page.locator("input[name=movement][value=manual]").check()
    expect(seating).to_be_visible()
    expect(page.locator("#id_byes")).to_be_visible()
    expect(seed).to_be_hidden()
    page.locator("input[name=movement][value=danese]").check()
    expect(seating).to_be_hidden()
    expect(seed).to_be_hidden()

    # A seating by hand typed and redrawn: the draft has those tables.
    page.locator("input[name=movement][value=manual]").check()
    seating.fill("1 2 - 3 4\n5 6 - 7 8\n9 10 - 11 12")
    page.get_by_role("button", name="Sorteggia di nuovo").click()
    expect(page.locator("table.seating tbody tr").first.locator("td").nth(1)).to_contain_text(
        f"1 · {TWELVE[0]}"
    )


def test_eight_players_are_told_of_the_published_schedule(page):
    tournament, _director = individual_tournament()
    log_in_through(page, f"/t/{tournament.slug}/gestione/turni/")
    expect(page.locator("form.draw-form")).to_contain_text(
        "Rotazione dei compagni (lo schema pubblicato per 8 giocatori)"
    )


def test_without_javascript_the_boxes_by_hand_open_and_draw(no_js_page):
    page = no_js_page
    tournament, _director = individual_tournament()
    log_in_through(page, f"/t/{tournament.slug}/gestione/turni/")
    page.locator("input[name=movement][value=manual]").check()
    page.locator("summary", has_text="Disposizione a mano").click()
    page.locator("#id_seating").fill("1 8 - 2 7\n3 6 - 4 5")
    page.get_by_role("button", name="Sorteggia il turno 1 come bozza").click()
    expect(page).to_have_url(re.compile(r"/gestione/turni/1/$"))
    row = page.locator("table.seating tbody tr").first
    expect(row.locator("td").nth(1)).to_contain_text(f"8 · {NAMES[7]}")
