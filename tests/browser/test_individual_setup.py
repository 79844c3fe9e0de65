"""A director creates an individual tournament from the new-tournament form: the tie-breaks
follow the kind (no head-to-head between players who change partner), the form saves at the
first try with or without JavaScript, and the next step speaks of players."""

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Tournament
from tests.browser.login_support import log_in_through
from tests.factories import make_director

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "individuale-del-giovedi-2026-03-12"


def _fill(page) -> None:
    page.fill("#id_name", "Individuale del giovedì")
    page.fill("#id_date", "12/03/2026")
    page.locator("input[name=kind][value=individual]").check()


def test_choosing_individual_takes_its_tie_breaks_and_saves_at_once(page):
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    expect(page.locator("#id_tiebreak_2")).to_have_value("head_to_head")
    _fill(page)
    # The pairs' default follows the kind: scarto, then MP, no head-to-head.
    expect(page.locator("#id_tiebreak_1")).to_have_value("scarto")
    expect(page.locator("#id_tiebreak_2")).to_have_value("mp")
    expect(page.locator("#id_tiebreak_3")).to_have_value("")
    page.locator("input[name=kind][value=pairs]").check()
    expect(page.locator("#id_tiebreak_2")).to_have_value("head_to_head")
    page.locator("input[name=kind][value=individual]").check()
    page.locator("#tournament-form button[type=submit]").click()

    expect(page).to_have_url(re.compile(rf"/t/{SLUG}/gestione/$"))
    expect(page.get_by_text("Torneo creato. Ora iscrivi i giocatori.")).to_be_visible()
    expect(page.get_by_text("coppie")).to_have_count(0)
    next_card = page.locator("section.next")
    expect(next_card.locator(f"a[href='/t/{SLUG}/gestione/giocatori/']")).to_be_visible()
    tournament = Tournament.objects.get()
    assert (tournament.kind, tournament.tiebreaks) == ("individual", ["scarto", "mp"])


def test_without_javascript_the_untouched_default_is_the_individual_one(no_js_page):
    page = no_js_page
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    _fill(page)
    page.locator("#tournament-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(rf"/t/{SLUG}/gestione/$"))
    expect(page.get_by_text("Torneo creato. Ora iscrivi i giocatori.")).to_be_visible()
    assert Tournament.objects.get().tiebreaks == ["scarto", "mp"]


def test_head_to_head_picked_for_an_individual_is_refused_clearly(no_js_page):
    # With the script the page no longer offers it (below); without, the server refuses it.
    page = no_js_page
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    _fill(page)
    page.select_option("#id_tiebreak_3", "head_to_head")
    page.locator("#tournament-form button[type=submit]").click()
    expect(page.locator("#field-tiebreak_3 .errorlist")).to_contain_text(
        "Lo scontro diretto non vale in un torneo individuale"
    )
    assert not Tournament.objects.exists()


def test_an_individual_is_not_offered_head_to_head_nor_asked_about_an_absent_pair(page):
    """Issue 20: the settings offered head-to-head and spoke of "la coppia assente" to an
    individual tournament; the page follows the kind the director picks."""
    make_director()
    log_in_through(page, "/gestione/nuovo/")
    question = page.locator("#field-forfeit_loser legend")
    offers = [page.locator(f"#id_tiebreak_{n} option[value=head_to_head]") for n in (1, 2, 3)]
    expect(question).to_have_text("Vittoria a tavolino: PV della coppia assente")
    for option in offers:
        expect(option).to_be_enabled()
    _fill(page)
    expect(question).to_have_text("Vittoria a tavolino: PV di ogni giocatore della linea assente")
    for option in offers:
        expect(option).to_be_disabled()
    page.locator("input[name=kind][value=pairs]").check()
    expect(question).to_have_text("Vittoria a tavolino: PV della coppia assente")
    for option in offers:
        expect(option).to_be_enabled()
