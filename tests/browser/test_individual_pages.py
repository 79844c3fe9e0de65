"""An individual tournament on the pages it shares with pairs, in the browser: the dashboard
counts players and leads to their turni page, the Danese individuale is refused on turno 1, a
published turno goes back to draft, a player's phone names the four players, and "why is a
player above another" answers from the standings page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.table_links import turno_links_ensure
from tests.browser.login_support import log_in_through
from tests.tournaments.individual_support import (
    drawn_turno,
    enter_totals,
    individual_tournament,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_individual_turno_from_the_dashboard_to_the_phone_and_back_to_draft(page, phone_page):
    tournament, director = individual_tournament(players_enter=True, players_auto_accept=False)
    log_in_through(page, f"/t/{tournament.slug}/gestione/")
    main = page.locator("main")
    expect(main).to_contain_text(
        "8 giocatori iscritti. Sorteggia il primo turno quando sono tutti presenti."
    )
    expect(main).not_to_contain_text("coppie")
    page.get_by_role("link", name="Sorteggia il turno 1", exact=True).click()
    expect(page).to_have_url(re.compile(r"/gestione/turni/$"))

    # Turno 1 cannot be a Danese individuale: there are no standings yet.
    page.locator("input[name=movement][value=danese]").check()
    page.get_by_role("button", name="Sorteggia il turno 1 come bozza").click()
    expect(main).to_contain_text("prima del turno 1 non c'è ancora")
    page.locator("input[name=movement][value=rotation]").check()
    page.get_by_role("button", name="Sorteggia il turno 1 come bozza").click()
    page.get_by_role("button", name="Pubblica").click()
    expect(page.locator(".messages, .msg").first).to_contain_text("Turno 1")

    # Back to draft, confirmed, then published again.
    page.locator("summary", has_text="Riporta in bozza").click()
    page.get_by_label("Confermo").check()
    page.get_by_role("button", name="Riporta in bozza").click()
    expect(main).to_contain_text("Il turno 1 è di nuovo una bozza.")
    page.get_by_role("button", name="Pubblica").click()
    expect(page.locator("summary", has_text="Riporta in bozza")).to_be_visible()

    # A player's phone names the players of each line and takes its line.
    turno = tournament.turni.get(number=1)
    table = turno.tables.get(number=1)
    token = turno_links_ensure(turno=turno)[table.pk].token
    phone_page.goto(f"{phone_page.base_url}/tavolo/{token}/")
    ns_button = phone_page.get_by_role("button", name=f"NS · {table.ns_line.players}")
    expect(ns_button).to_be_visible()
    expect(phone_page.get_by_role("button", name=f"EO · {table.eo_line.players}")).to_be_visible()
    expect(phone_page.locator("main")).not_to_contain_text("coppia")
    ns_button.click()
    expect(phone_page.locator(".you-are")).to_contain_text("Questo telefono inserisce per la linea")


def test_why_is_a_player_above_another_from_the_standings(page):
    tournament, director = individual_tournament()
    turno = drawn_turno(tournament, director)
    enter_totals(turno, director, [(1250, 830), (1240, 830)])
    turno_close(turno=turno, user=director)  # the link is offered for standings not provisional
    page.goto(f"{page.base_url}/t/{tournament.slug}/classifica/")
    note = page.locator("#shared-rank-note")
    expect(note).to_contain_text("Guarda perché i giocatori")
    page.get_by_role("link", name="Perché un giocatore è sopra un altro?").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Perché un giocatore è sopra un altro?"
    )
    ns1 = turno.tables.get(number=1).ns_line.members[0].number
    ns2 = turno.tables.get(number=2).ns_line.members[0].number
    expect(page.locator("label[for=id_a]")).to_have_text(re.compile("^Giocatore"))
    expect(page.locator("label[for=id_b]")).to_have_text(re.compile("^e il giocatore"))
    page.locator("#id_a").select_option(str(ns2))
    page.locator("#id_b").select_option(str(ns1))
    page.get_by_role("button", name="Spiega").click()
    expect(page.locator("#explain-verdict")).to_have_text(
        f"Il giocatore {ns1} è sopra il giocatore {ns2}: decide lo scarto."
    )
