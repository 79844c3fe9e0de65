"""The trial fixes of issue 15 in the browser: a 2-smazzate tournament with a FIBUR VP table
is refused until confirmed (item 15); the semipulito bonus box stays whatever the switch says,
the reale preset says pinella 10 and no jolly, and a reale tournament's meld checker offers no
jolly example (item 16)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Tournament
from tests.browser.login_support import log_in, log_in_through
from tests.factories import make_director, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fill_basics(page, name: str) -> None:
    page.fill("#id_name", name)
    page.fill("#id_date", "2026-11-11")


def test_two_smazzate_with_a_fibur_table_must_be_confirmed(page):
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    fill_basics(page, "Torneo lampo")
    page.select_option("#id_smazzate_per_turno", "2")
    # Said at once, and no table is chosen for the director.
    note = page.locator("#vp-suggestion")
    expect(note).to_be_visible()
    expect(note).to_contain_text("2 smazzate")
    expect(page.locator("input[name=vp_preset][value=fibur-3]")).to_be_checked()
    page.locator("#tournament-form button[type=submit]").click()
    # Refused next to the VP table, with a box to use it anyway; nothing created.
    error = page.locator("#field-vp_preset .errorlist")
    expect(error).to_contain_text("Per 2 smazzate a turno non si conosce una tabella PV ufficiale")
    confirm = page.locator("#id_vp_confirm_preset")
    expect(confirm).to_be_visible()
    assert not Tournament.objects.exists()
    confirm.check()
    page.locator("#tournament-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/gestione/$"))
    expect(page.locator(".msg.warning")).to_contain_text("come hai scelto")
    tournament = Tournament.objects.get()
    assert (tournament.smazzate_per_turno, tournament.vp_table) == (2, "fibur-3")


def test_two_smazzate_may_choose_another_table_instead(page):
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    fill_basics(page, "Torneo a bande")
    page.select_option("#id_smazzate_per_turno", "2")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page.locator("#field-vp_preset .errorlist")).to_be_visible()
    page.locator("input[name=vp_preset][value=custom]").check()
    page.fill("#id_vp_bands", "100 10 10\n300 12 8\n- 20 0")
    page.fill("#id_bye_vp", "12")
    page.fill("#id_bye_mp", "200")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/gestione/$"))
    tournament = Tournament.objects.get()
    assert tournament.smazzate_per_turno == 2 and isinstance(tournament.vp_table, list)


def test_the_semipulito_bonus_box_follows_the_switch_and_reale_states_its_cards(page):
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    bonus = page.locator("#field-bonus_semipulito")
    expect(bonus).to_be_visible()  # classic: semipulito counts
    page.fill("#id_bonus_semipulito", "120")
    # Issue 27: switched off, the bonus stays (and is sent) for when it is back on.
    page.select_option("#id_semipulito", "no")
    expect(bonus).to_be_visible()
    expect(page.locator("#id_bonus_semipulito")).to_be_enabled()
    expect(page.locator("#id_bonus_semipulito")).to_have_value("120")
    page.fill("#id_bonus_semipulito", "")
    page.select_option("#id_semipulito", "")
    page.select_option("#id_ruleset_name", "reale")
    expect(bonus).to_be_hidden()
    expect(page.locator("#field-ruleset_name")).to_contain_text(
        "Burraco reale: 104 carte, senza jolly, pinella 10 punti"
    )


def test_a_reale_meld_checker_shows_no_jolly(page):
    director = make_director()
    reale = make_tournament(owner=director, ruleset="reale", name="Torneo reale")
    log_in(page)
    page.goto(f"{page.base_url}/t/{reale.slug}/gestione/verifica-gioco/")
    notation = page.locator("section.notation")
    expect(notation.locator(".ruleset-note")).to_have_text(
        "Questo regolamento non ha jolly: l'unica matta è la pinella (un 2), che vale 10 punti."
    )
    examples = notation.locator(".examples code")
    expect(examples.first).to_be_visible()
    expect(notation).not_to_contain_text("JK")
    expect(page.locator("#id_cards")).to_have_attribute("placeholder", "3C 4C 5C 2P")
    # An example gives a verdict, not a typing error.
    examples.first.click()
    expect(page.locator(".verdict-card").first).to_be_visible()
