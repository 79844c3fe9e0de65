"""While the director types a scorecard, the live totals say when a smazzata would be refused
instead of showing a VP split; a corrected table is shown in a calm colour with its word, not in
the red of an error."""

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.browser.login_support import log_in
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the site draws for an error, to compare with.
ERROR_BADGE = """() => {
  const probe = document.createElement("span");
  probe.className = "badge bad";
  document.body.appendChild(probe);
  const style = getComputedStyle(probe);
  const colours = [style.backgroundColor, style.color];
  probe.remove();
  return colours;
}"""


def colours(locator) -> list[str]:
    return locator.evaluate(
        "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
    )


@pytest.fixture
def turno():
    tournament = make_tournament(owner=make_director())
    make_pairs(tournament, 4)
    return make_turno(tournament, 1, [(1, 2), (3, 4)])


def entry_url(page, turno, table: int, query: str = "") -> str:
    slug = turno.tournament.slug
    return f"{page.base_url}/t/{slug}/gestione/turni/{turno.number}/tavoli/{table}/{query}"


def test_the_live_totals_show_why_a_smazzata_cannot_be_saved(page, turno):
    log_in(page)
    page.goto(entry_url(page, turno, 1))
    vp = page.locator('[data-turno="vp"]')
    note = page.locator('[data-turno="note"]')
    page.fill("[name=s1_ns_pulito]", "1")
    page.check("[name=s1_ns_chiusura]")
    page.fill("[name=s1_ns_cards]", "245")
    page.fill("[name=s1_eo_sporco]", "1")
    page.fill("[name=s1_eo_cards]", "120")
    expect(vp).to_have_text("13 \u2013 7")
    expect(note).to_be_hidden()

    # Both lines ticked "Chiusura": no VP split, the reason instead.
    page.check("[name=s1_eo_chiusura]")
    expect(note).to_have_text("Smazzata 1: Una sola linea può chiudere una smazzata.")
    expect(vp).to_have_text("")
    page.uncheck("[name=s1_eo_chiusura]")
    expect(note).to_be_hidden()
    expect(vp).to_have_text("13 \u2013 7")

    # Card points that no cards can make.
    page.fill("[name=s1_eo_cards]", "123")
    expect(note).to_have_text("Smazzata 1: EO: i punti carte 123 non sono un multiplo di 5.")
    expect(vp).to_have_text("")
    page.fill("[name=s1_eo_cards]", "120")

    # A closer without a burraco, in the second smazzata.
    page.check("[name=s2_ns_chiusura]")
    page.fill("[name=s2_ns_cards]", "50")
    page.fill("[name=s2_eo_cards]", "10")
    expect(note).to_contain_text("Smazzata 2: NS ha chiuso senza un burraco")
    expect(vp).to_have_text("")
    page.fill("[name=s2_ns_sporco]", "1")
    expect(note).to_be_hidden()
    expect(vp).not_to_have_text("")


def test_turno_totals_that_are_not_multiples_of_5_say_so(page, turno):
    log_in(page)
    page.goto(entry_url(page, turno, 1, "?modo=totali"))
    page.fill("[name=ns_mp]", "1203")
    page.fill("[name=eo_mp]", "900")
    expect(page.locator('[data-turno="note"]')).to_have_text("1203 non è un multiplo di 5")
    expect(page.locator('[data-turno="vp"]')).to_have_text("")


def test_a_corrected_table_is_not_shown_as_an_error(page, turno):
    table = turno.tables.get(number=1)
    table_record_totals(table=table, user=None, ns_mp=900, eo_mp=900, version=0)
    table_record_totals(table=table, user=None, ns_mp=1200, eo_mp=900, version=1, reason="somma")
    log_in(page)
    page.goto(entry_url(page, turno, 2))
    error = page.evaluate(ERROR_BADGE)
    chip = page.locator(".table-chips .chip.corrected")
    expect(chip).to_have_count(1)
    expect(chip).to_contain_text("1")
    assert colours(chip)[0] != error[0]
    # The word beside the colour: a legend, and the chip's own text for a screen reader.
    expect(page.locator(".chip-legend")).to_contain_text("rettificato")
    expect(chip.locator(".sr-only")).to_have_text("– rettificato")

    page.goto(f"{page.base_url}/t/{turno.tournament.slug}/gestione/turni/1/risultati/")
    badge = page.locator("#tavolo-1 .badge", has_text="rettificato")
    expect(badge).to_be_visible()
    assert set(colours(badge)).isdisjoint(error)
