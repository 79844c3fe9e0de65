"""A director logs in, creates a tournament through the settings form and lands on its dashboard."""

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Tournament
from tests.browser.login_support import log_in_through
from tests.browser.waiting import expect_no_wider_than
from tests.factories import make_director

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_create_a_tournament_and_land_on_its_dashboard(page):
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    page.fill("#id_name", "Torneo di San Martino")
    page.fill("#id_date", "2026-11-11")
    page.fill("#id_venue", "Circolo Aurora")
    bands = page.locator("#id_vp_bands")
    expect(bands).to_be_hidden()  # only with "custom bands"
    page.locator("input[name=vp_preset][value=custom]").check()
    expect(bands).to_be_visible()
    page.locator("input[name=vp_preset][value=fibur-3]").check()
    # Four smazzate: the FIBUR table for four is chosen, and the page says so.
    page.select_option("#id_smazzate_per_turno", "4")
    expect(page.locator("input[name=vp_preset][value=fibur-4]")).to_be_checked()
    expect(page.locator("#vp-suggestion")).to_be_visible()
    # The reale preset has no semipulito: its switch is not offered.
    page.select_option("#id_ruleset_name", "reale")
    expect(page.locator("#field-semipulito")).to_be_hidden()
    expect(page.locator("#id_bonus_nobile")).to_have_attribute("placeholder", "500")
    page.select_option("#id_ruleset_name", "classic")
    page.locator("#tournament-form button[type=submit]").click()

    # The database is read once the dashboard is on screen, after the form was saved.
    expect(page).to_have_url(re.compile(r"/t/torneo-di-san-martino-2026-11-11/gestione/$"))
    tournament = Tournament.objects.get()
    expect(page.get_by_role("heading", level=1)).to_have_text("Torneo di San Martino")
    expect(page.locator(f"a[href='/t/{tournament.slug}/gestione/coppie/']").first).to_be_visible()
    assert tournament.slug == "torneo-di-san-martino-2026-11-11"
    assert (tournament.smazzate_per_turno, tournament.vp_table) == (4, "fibur-4")
    assert tournament.owner.username == "arbitro"


def test_the_form_works_without_javascript(no_js_page):
    page = no_js_page
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    page.fill("#id_name", "Torneo senza script")
    page.fill("#id_date", "2026-12-01")
    page.locator("input[name=vp_preset][value=custom]").check()
    page.fill("#id_vp_bands", "50 10 10\n60-150 11 9\n- 20 0")
    page.locator("#tournament-form button[type=submit]").click()
    # Refused: the message sits next to the box, nothing is created.
    expect(page.locator("#field-vp_bands .errorlist")).to_contain_text("2")
    assert not Tournament.objects.exists()
    page.fill("#id_vp_bands", "50 10 10\n150 11 9\n- 20 0")
    page.locator("#tournament-form button[type=submit]").click()
    # A custom table has no house riposo value: the form asks for it (issue 9, case 10).
    expect(page.locator("#field-bye_vp .errorlist")).to_contain_text("riposo")
    assert not Tournament.objects.exists()
    page.fill("#id_bye_vp", "12")
    page.fill("#id_bye_mp", "300")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/t/torneo-senza-script-2026-12-01/gestione/$"))
    assert (Tournament.objects.get().bye_vp, Tournament.objects.get().bye_mp) == (12, 300)


def test_settings_form_fits_a_phone(phone_page):
    make_director()
    log_in_through(phone_page, "/gestione/nuovo/")
    expect(phone_page.locator("#tournament-form")).to_be_visible()
    expect_no_wider_than(phone_page, 400)


def test_choosing_ko_hides_the_vp_sections_and_pairs_brings_them_back(page):
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    vp_section = page.locator("#pairs-settings")
    tie_breaks = page.locator("#id_tiebreak_1")
    ko_section = page.locator("#ko-settings")
    expect(vp_section).to_be_visible()
    expect(ko_section).to_be_hidden()
    # "Not for: Knock-out" is for the page without its script.
    expect(vp_section.locator(".kind-note").first).to_be_hidden()
    page.locator("input[name=kind][value=ko]").check()
    expect(vp_section).to_be_hidden()
    expect(page.locator("#id_vp_preset_0")).to_be_hidden()
    expect(tie_breaks).to_be_hidden()
    expect(page.locator("#id_planned_turni")).to_be_hidden()
    expect(ko_section).to_be_visible()
    # Hidden with the attribute, so a screen reader does not announce it either.
    expect(vp_section).to_have_attribute("hidden", "")
    # A knock-out and a team tournament are not played in gironi; only teams have matches.
    gironi_section, teams_section = (
        page.locator("#gironi-settings"),
        page.locator("#teams-settings"),
    )
    expect(gironi_section).to_be_hidden()
    expect(teams_section).to_be_hidden()
    page.locator("input[name=kind][value=teams]").check()
    expect(teams_section).to_be_visible()
    # A team's riposo left blank is a whole match's, twice a pair's.
    expect(page.locator("#id_bye_vp_helptext")).to_contain_text("28 / +710")
    expect(page.locator("#id_bye_vp")).to_have_attribute("placeholder", "28")
    # The forfeit's usual answer and the head-to-head speak of a match and of teams.
    expect(page.locator("#field-forfeit_loser")).to_contain_text("Il resto dei PV dell'incontro")
    expect(page.locator("#id_tiebreak_2 option[value=head_to_head]")).to_have_text(
        "Scontro diretto (tra due squadre a pari merito che si sono incontrate)"
    )
    # Scored by the MP difference, a team's riposo has no default: the box is left empty.
    page.locator("input[name=team_scoring][value=mp_diff]").check()
    expect(page.locator("#id_bye_vp")).to_have_attribute("placeholder", "")
    page.locator("input[name=team_scoring][value=vp_sum]").check()
    expect(page.locator("#id_bye_vp")).to_have_attribute("placeholder", "28")
    expect(vp_section).to_be_visible()
    expect(gironi_section).to_be_hidden()
    expect(ko_section).to_be_hidden()
    page.locator("input[name=kind][value=pairs]").check()
    expect(vp_section).to_be_visible()
    expect(tie_breaks).to_be_visible()
    expect(gironi_section).to_be_visible()
    expect(page.locator("#id_bye_vp_helptext")).not_to_contain_text("28 / +710")
    expect(page.locator("#id_bye_vp")).to_have_attribute("placeholder", "14")
    expect(page.locator("#field-forfeit_loser")).to_contain_text("Il resto dei PV del tavolo")
    expect(ko_section).to_be_hidden()
    expect(teams_section).to_be_hidden()
    # A knock-out is created with the VP sections never filled in.
    page.fill("#id_name", "Coppa d'Inverno")
    page.fill("#id_date", "2026-12-13")
    page.locator("input[name=kind][value=ko]").check()
    page.select_option("#id_ko_mode", "smazzate")
    page.fill("#id_ko_smazzate", "4")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/t/coppa-d-inverno-2026-12-13/gestione/$"))
    tournament = Tournament.objects.get()
    assert (tournament.kind, tournament.ko_smazzate, tournament.tiebreaks) == ("ko", 4, [])


def test_the_date_is_day_first_even_on_an_english_browser(english_page):
    page = english_page
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    date = page.locator("#id_date")
    expect(date).to_have_attribute("placeholder", "dd/mm/yyyy")
    page.fill("#id_name", "Festa di primavera")
    # Month first, as an American browser would write it: refused with the form to use.
    date.fill("3/13/2025")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page.locator("#field-date .errorlist")).to_contain_text("dd/mm/yyyy")
    assert not Tournament.objects.exists()

    date.fill("04/03/2025")  # the 4th of March, never April 3
    page.locator("#tournament-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/t/festa-di-primavera-2025-03-04/gestione/$"))
    page.goto(page.base_url + "/t/festa-di-primavera-2025-03-04/gestione/impostazioni/")
    expect(page.locator("#id_date")).to_have_value("04/03/2025")


def test_an_italian_browser_is_told_gg_mm_aaaa(page):
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    expect(page.locator("#id_date")).to_have_attribute("placeholder", "gg/mm/aaaa")
    expect(page.locator("#field-date")).to_contain_text("13/03/2025")
