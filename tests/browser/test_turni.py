"""A director draws a Mitchell turno, publishes it, draws a Danese turno and opens the seating."""

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Turno
from tests.browser.login_support import log_in
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.turni_support import enter_totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def tournament():
    director = make_director()
    tournament = make_tournament(owner=director, name="Torneo del Giovedì", planned_turni=4)
    make_pairs(tournament, 12)
    return tournament


def publish(page):
    page.locator("form[action$='/pubblica/'] button").click()
    expect(page.locator("h1 .badge.ok")).to_be_visible()


def test_draw_mitchell_then_danese_and_see_the_seating(page, tournament):
    log_in(page)
    page.goto(page.base_url + f"/t/{tournament.slug}/gestione/turni/")
    form = page.locator("form.draw-form")
    form.locator("input[name=movement][value=mitchell]").check()
    # Only the Mitchell options are shown, and the rematch-free turni follow the step.
    expect(form.locator("fieldset[data-movement=danese]")).to_be_hidden()
    form.locator("select[name=step]").select_option("3")
    expect(form.locator("#step-outlook-out")).to_contain_text("2")
    form.locator("select[name=step]").select_option("2")
    expect(form.locator("#step-outlook-out")).to_contain_text("3")
    form.locator("button[type=submit]").click()

    # The preview of the draft: six tables, pairs 1-6 NS against 7-12.
    expect(page).to_have_url(re.compile(r"/gestione/turni/1/$"))
    rows = page.locator("table.seats tbody tr")
    expect(rows).to_have_count(6)
    expect(rows.first.locator("td").nth(1)).to_contain_text("1")
    expect(rows.first.locator("td").nth(2)).to_contain_text("7")
    publish(page)
    assert Turno.objects.get(tournament=tournament, number=1).published

    # Results of turno 1 arrive (entered elsewhere); turno 2 is a Danese.
    enter_totals(
        Turno.objects.get(tournament=tournament, number=1),
        [(1500, 1000), (1000, 1200), (1100, 1000), (900, 900), (1000, 1600), (1300, 1000)],
    )
    page.goto(page.base_url + f"/t/{tournament.slug}/gestione/turni/")
    form = page.locator("form.draw-form")
    form.locator("input[name=movement][value=danese]").check()
    expect(form.locator("fieldset[data-movement=mitchell]")).to_be_hidden()
    form.locator("select[name=mode]").select_option("modificato")
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/gestione/turni/2/$"))
    expect(page.locator("section.explanation li").first).to_be_visible()
    # The ranking used: pair 1 (won by 500) first, and it meets the next pair it may meet.
    ranking = page.locator("table").last.locator("tbody tr")
    expect(ranking).to_have_count(12)
    expect(page.locator("table.seats tbody tr").first.locator("td").nth(1)).to_contain_text("1")
    publish(page)

    page.locator("a[href$='/turno/2/posti/']").first.click()
    expect(page.locator(".seat-card")).to_have_count(6)
    expect(page.locator("table.players tbody tr")).to_have_count(24)
    expect(page.locator(".seat-card .big").first).to_have_text("1")


def test_the_mitchell_steps_follow_the_turni_already_played(page):
    director = make_director()
    tournament = make_tournament(owner=director, name="Torneo del Venerdì")
    make_pairs(tournament, 6)
    # Turno 1 seated by hand as a Danese would: 3 v 4 comes back in a Mitchell.
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)])
    log_in(page)
    page.goto(page.base_url + f"/t/{tournament.slug}/gestione/turni/")
    form = page.locator("form.draw-form")
    form.locator("input[name=movement][value=mitchell]").check()
    step = form.locator("select[name=step]")
    out = form.locator("#step-outlook-out")
    # The form starts from the best step: step 1 gives 2 turni, step 2 only 1 (not 3 each).
    expect(step).to_have_value("1")
    expect(out).to_contain_text("2")
    step.select_option("2")
    expect(out).to_have_text(re.compile(r"^[^2]*\b1\b[^2]*$"))
    step.select_option("1")
    expect(out).to_contain_text("2")


def test_a_draft_turno_is_deleted_only_once_the_director_confirms(page, tournament):
    log_in(page)
    page.goto(page.base_url + f"/t/{tournament.slug}/gestione/turni/")
    page.locator("form.draw-form input[name=movement][value=mitchell]").check()
    page.locator("form.draw-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/gestione/turni/1/$"))
    # The first click only opens the warning: the draft is still there.
    page.get_by_text("Elimina la bozza…").click()
    warning = page.locator(".confirm-first")
    expect(warning).to_contain_text("si può sorteggiare di nuovo")
    assert Turno.objects.filter(tournament=tournament, number=1).exists()
    warning.get_by_role("button", name="Eliminala ora").click()
    expect(page).to_have_url(re.compile(r"/gestione/turni/$"))
    assert not Turno.objects.filter(tournament=tournament, number=1).exists()
