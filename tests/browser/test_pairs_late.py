"""A pair arrives late (issue 15): added on the pairs page after turno 1 is published, its
missed turno counted as a riposo, it is seated in turno 2 and the standings say so."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Entrant
from tests.browser.login_support import log_in
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def tournament():
    """Eight pairs; turno 1 published and played."""
    tournament = make_tournament(owner=make_director(), name="Torneo del Martedì")
    make_pairs(tournament, 8)
    make_turno(tournament, 1, [(1, 5), (2, 6), (3, 7), (4, 8)], totals=[(900, 700)] * 4)
    return tournament


def test_a_late_pair_counted_as_riposo_is_drawn_in_turno_2_and_marked(page, tournament):
    slug = tournament.slug
    log_in(page)
    page.goto(f"{page.base_url}/t/{slug}/gestione/coppie/")
    add = page.locator("#aggiungi form")
    late = add.locator("fieldset.late-pair")
    expect(late.locator("legend").first).to_have_text("Entrata in ritardo: gioca dal turno 2")
    riposo = late.locator("input[name=missed][value=bye]")
    expect(riposo).to_be_checked()  # the riposo value is offered first
    expect(late).to_contain_text("Come un riposo (14 PV, +355 MP di scarto ciascuno)")
    # The VP and MP boxes only for a value typed by the director.
    expect(late.locator("[name=missed_vp]")).to_be_hidden()
    late.locator("input[name=missed][value=value]").check()
    expect(late.locator("[name=missed_vp]")).to_be_visible()
    riposo.check()
    expect(late.locator("[name=missed_vp]")).to_be_hidden()
    add.locator("[name=player1]").fill("Neri Ugo")
    add.locator("[name=player2]").fill("Galli Vera")
    add.locator("button[type=submit]").click()
    expect(page.locator(".msg.success")).to_contain_text("Neri Ugo")
    row = page.locator("table.pairs tbody tr", has_text="Neri Ugo")
    expect(row).to_contain_text("In ritardo: gioca dal turno 2")
    pair = Entrant.objects.get(tournament=tournament, number=9)
    assert (pair.joined_turno, pair.missed) == (2, "bye")

    # Turno 2, a Mitchell: nine pairs, the late one seated, one riposo, and the draw says why.
    page.goto(f"{page.base_url}/t/{slug}/gestione/turni/")
    form = page.locator("form.draw-form")
    form.locator("input[name=movement][value=mitchell]").check()
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/gestione/turni/2/$"))
    expect(page.locator("section.explanation")).to_contain_text(
        "La coppia 9 entra in questo turno."
    )
    expect(page.locator("table.seats tbody tr")).to_have_count(4)
    expect(page.locator("table.seats")).to_contain_text("9")
    page.locator("form[action$='/pubblica/'] button").click()
    expect(page.locator("h1 .badge.ok")).to_be_visible()

    # The standings after turno 1: pair 9 has the riposo's 14 VP, and a note says why.
    page.goto(f"{page.base_url}/t/{slug}/classifica/?dopo=1")
    late_row = page.locator("table.standings tbody tr", has_text="Neri")
    expect(late_row.locator("td.col-note")).to_have_text(
        "Entrata in ritardo: turno 1 valutato come riposo (14 PV, +355 MP di scarto)"
    )
    expect(late_row.locator("td").nth(4)).to_have_text("14")
