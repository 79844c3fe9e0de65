"""A table calls the arbitro from a phone: the room board turns the table red by itself with
the message; the director opens the table, clears the call, and the tile is back to its state
(issue 26)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import TableProblem
from tests.browser.test_players_at_the_table import (
    director_page,
    join,
    open_board,
    phones,
    room,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("quick_room_polling"),
]

__all__ = ["director_page", "phones"]

# How long the phone waits before it sends a call again (the page's script).
SCRIPT = Path(__file__).parents[2] / "static" / "js" / "table_problem.js"
RETRY_MS = int(re.search(r"var RETRY_MS = (\d+);", SCRIPT.read_text(encoding="utf-8")).group(1))


def test_the_table_turns_red_on_the_board_and_the_director_clears_it(phones, director_page):
    tournament, turno, table, token = room()
    ns, _ = phones
    tile = open_board(director_page, tournament)
    join(ns, token, "ns")
    ns.fill("#id_problem_message", "Il mazzo ha 107 carte")
    ns.get_by_role("button", name="Segnala un problema").click()
    expect(ns.locator(".messages")).to_contain_text("L'arbitro è stato chiamato")
    # The board, never reloaded, shows the call.
    expect(tile).to_have_attribute("data-problem", "1")
    expect(tile).to_contain_text("Arbitro chiamato · NS: Il mazzo ha 107 carte")
    expect(tile.locator("a")).to_have_css("background-color", "rgb(192, 57, 43)")
    tile.locator("a").click()
    expect(director_page.locator(".table-calls")).to_contain_text("Il mazzo ha 107 carte")
    director_page.get_by_role("button", name="Problema risolto").click()
    expect(director_page.locator(".messages")).to_contain_text("è risolta")
    director_page.goto(f"{director_page.base_url}/t/{tournament.slug}/gestione/turni/1/sala/")
    tile = director_page.locator('.tile[data-table="1"]')
    expect(tile).to_have_attribute("data-state", "entering")
    expect(tile).not_to_have_attribute("data-problem", "1")


def test_a_call_made_without_network_reaches_the_board_once_it_is_back(phones, director_page):
    tournament, turno, table, token = room()
    ns, _ = phones
    tile = open_board(director_page, tournament)
    join(ns, token, "ns")
    ns.context.set_offline(True)
    ns.fill("#id_problem_message", "Manca una carta")
    ns.get_by_role("button", name="Segnala un problema").click()
    unsent = ns.locator(".problem-form [data-unsent]")
    expect(unsent).to_contain_text("Non inviato")
    expect(unsent).to_contain_text("la manda all'arbitro appena torna la rete")
    expect(ns.locator("#id_problem_message")).to_have_value("Manca una carta")
    expect(tile).not_to_have_attribute("data-problem", "1")

    ns.context.set_offline(False)
    expect(ns.locator(".messages")).to_contain_text("L'arbitro è stato chiamato")
    expect(tile).to_contain_text("Arbitro chiamato · NS: Manca una carta")
    assert list(TableProblem.objects.filter(table=table).values_list("message", flat=True)) == [
        "Manca una carta"
    ]


def test_a_call_whose_answer_was_lost_is_sent_again_and_kept_once(phones):
    tournament, turno, table, token = room()
    ns, _ = phones
    ns.clock.install()  # moved on below by the seconds the phone waits before it tries again
    join(ns, token, "ns")
    lost = []

    def lose_the_answer(route):
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server gets the call and keeps it ...
            lost.append(True)
            route.abort("internetdisconnected")  # ... but the phone never hears back
        else:
            route.continue_()

    ns.route(re.compile(rf".*/tavolo/{token}/problema/$"), lose_the_answer)
    ns.fill("#id_problem_message", "Manca una carta")
    ns.get_by_role("button", name="Segnala un problema").click()
    expect(ns.locator(".problem-form [data-unsent]")).to_be_visible()
    ns.clock.fast_forward(RETRY_MS)
    expect(ns.locator(".messages")).to_contain_text("L'arbitro è stato chiamato", timeout=20_000)
    assert lost == [True]
    assert TableProblem.objects.filter(table=table).count() == 1
