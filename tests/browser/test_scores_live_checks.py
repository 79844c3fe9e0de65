"""While the director types a scorecard, the server's preview fills in the totals and the VP, or
says why a save would be refused, next to the box and beside the totals, without saving; a
corrected table is shown in a calm colour with its word, not in the red of an error."""

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.browser.boxes import set_ticked
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
    # One or two smazzate only: the turno ended early.
    set_ticked(page.locator("[name=ended_early]"))
    page.fill("[name=s1_ns_pulito]", "1")
    set_ticked(page.locator("[name=s1_ns_chiusura]"))
    page.fill("[name=s1_ns_cards]", "245")
    page.fill("[name=s1_eo_sporco]", "1")
    page.fill("[name=s1_eo_cards]", "120")
    # The server's figures: 545 - 220, difference 325, 13-7.
    expect(page.locator('[data-total="1-ns"]')).to_have_text("545")
    expect(vp).to_have_text("13 \u2013 7")
    expect(note).to_be_hidden()

    # Both lines ticked "Chiusura": no VP split; the server's refusal next to the box, and
    # beside the totals.
    set_ticked(page.locator("[name=s1_eo_chiusura]"))
    expect(page.locator("#err-s1_eo_chiusura")).to_have_text(
        "Una sola linea può chiudere una smazzata."
    )
    expect(note).to_have_text("Smazzata 1: Una sola linea può chiudere una smazzata.")
    expect(vp).to_have_text("")
    set_ticked(page.locator("[name=s1_eo_chiusura]"), False)
    expect(note).to_be_hidden()
    expect(page.locator("#err-s1_eo_chiusura")).to_have_count(0)
    expect(vp).to_have_text("13 \u2013 7")

    # Card points that no cards can make.
    page.fill("[name=s1_eo_cards]", "123")
    expect(page.locator("#err-s1_eo_cards")).to_have_text(
        "EO: i punti carte 123 non sono un multiplo di 5."
    )
    expect(note).to_have_text("Smazzata 1: EO: i punti carte 123 non sono un multiplo di 5.")
    expect(vp).to_have_text("")
    page.fill("[name=s1_eo_cards]", "120")

    # A closer without a burraco, in the second smazzata.
    set_ticked(page.locator("[name=s2_ns_chiusura]"))
    page.fill("[name=s2_ns_cards]", "50")
    page.fill("[name=s2_eo_cards]", "10")
    expect(note).to_contain_text("Smazzata 2: NS ha chiuso senza un burraco")
    expect(page.locator("#errors-2-ns")).to_contain_text("NS ha chiuso senza un burraco")
    expect(vp).to_have_text("")
    page.fill("[name=s2_ns_sporco]", "1")
    expect(note).to_be_hidden()
    expect(vp).not_to_have_text("")
    # All of it only shown: nothing was saved.
    assert not turno.tables.get(number=1).has_result


def test_the_live_note_is_a_status_a_screen_reader_hears(page, turno):
    log_in(page)
    page.goto(entry_url(page, turno, 1))
    page.fill("[name=s1_eo_cards]", "100")
    page.fill("[name=s1_ns_cards]", "123")
    # The totals are outputs (a status each, as the browser counts them); the note is one too.
    status = page.get_by_role("status").filter(has_text="multiplo di 5")
    expect(status).to_have_text("Smazzata 1: NS: i punti carte 123 non sono un multiplo di 5.")
    expect(status).to_have_attribute("aria-live", "polite")


def test_an_empty_smazzata_before_a_played_one_gets_the_server_refusal(page, turno):
    log_in(page)
    page.goto(entry_url(page, turno, 1))
    vp = page.locator('[data-turno="vp"]')
    note = page.locator('[data-turno="note"]')
    set_ticked(page.locator("[name=ended_early]"))
    page.fill("[name=s2_ns_cards]", "300")
    page.fill("[name=s2_eo_cards]", "100")
    refusal = (
        "La smazzata 1 è vuota ma la smazzata 2 no: "
        "solo le ultime smazzate possono restare vuote (non giocate)."
    )
    expect(page.locator("#err-s1_ns_cards")).to_have_text(refusal)
    expect(note).to_have_text(f"Smazzata 1: {refusal}")
    expect(vp).to_have_text("")
    # Smazzata 1 filled in: the refusal goes, the VP split comes.
    page.fill("[name=s1_ns_cards]", "100")
    page.fill("[name=s1_eo_cards]", "0")
    expect(note).to_be_hidden()
    expect(vp).to_have_text("13 \u2013 7")
    # Smazzata 3 was not played: the server says so.
    expect(page.locator("#not-played-3")).to_be_visible()
    expect(page.locator("#not-played-2")).to_be_hidden()


def test_a_line_without_card_points_says_what_is_missing(page, turno):
    log_in(page)
    page.goto(entry_url(page, turno, 1))
    note = page.locator('[data-turno="note"]')
    page.fill("[name=s1_ns_pulito]", "1")
    page.fill("[name=s1_eo_cards]", "100")
    expect(note).to_have_text("Smazzata 1: NS: Inserisci i punti carte (0 se non ce ne sono).")
    expect(page.locator('[data-turno="vp"]')).to_have_text("")
    page.fill("[name=s1_ns_cards]", "0")
    # Both lines typed: the EO total comes, and the question of the turno's smazzate.
    expect(page.locator('[data-total="1-ns"]')).to_have_text("200")
    expect(note).to_contain_text("È compilata solo 1 delle 3 smazzate")
    expect(page.locator('[data-turno="ns"]')).to_have_text("")
    set_ticked(page.locator("[name=ended_early]"))
    expect(note).to_be_hidden()
    expect(page.locator('[data-turno="ns"]')).to_have_text("200")


@pytest.mark.parametrize("minus", ["\u2212", "\u2013", "\u2014"])
def test_card_points_with_any_minus_sign_count_as_negative(page, turno, minus):
    """The server saves them negative too (tests/tournaments/test_scores_typed_numbers.py)."""
    log_in(page)
    page.goto(entry_url(page, turno, 1))
    set_ticked(page.locator("[name=ended_early]"))
    page.fill("[name=s1_ns_cards]", f"{minus}40")
    page.fill("[name=s1_eo_cards]", "100")
    expect(page.locator('[data-total="1-ns"]')).to_have_text("-40")
    expect(page.locator('[data-turno="diff"]')).to_have_text("EO +140")
    expect(page.locator('[data-turno="note"]')).to_be_hidden()


def test_a_closer_needing_a_clean_burraco_is_told_what_it_lacks(page):
    """With "closing needs a clean burraco" a closer with no burraco at all hears the server's
    "without a burraco"; one with only a dirty burraco hears "without a clean burraco"."""
    tournament = make_tournament(owner=make_director(), ruleset="internazionale")
    make_pairs(tournament, 2)
    turno = make_turno(tournament, 1, [(1, 2)])
    log_in(page)
    page.goto(entry_url(page, turno, 1))
    note = page.locator('[data-turno="note"]')
    set_ticked(page.locator("[name=ended_early]"))
    set_ticked(page.locator("[name=s1_ns_chiusura]"))
    page.fill("[name=s1_ns_cards]", "50")
    page.fill("[name=s1_eo_cards]", "10")
    expect(note).to_have_text(
        "Smazzata 1: NS ha chiuso senza un burraco: per chiudere ne serve almeno uno."
    )
    page.fill("[name=s1_ns_sporco]", "1")
    expect(note).to_have_text(
        "Smazzata 1: NS ha chiuso senza un burraco pulito: "
        "queste regole ne richiedono almeno uno (pulito)."
    )
    page.fill("[name=s1_ns_pulito]", "1")
    expect(note).to_be_hidden()
    expect(page.locator('[data-turno="vp"]')).not_to_have_text("")


def test_turno_totals_that_are_not_multiples_of_5_say_so(page, turno):
    log_in(page)
    page.goto(entry_url(page, turno, 1, "?modo=totali"))
    page.fill("[name=ns_mp]", "1203")
    page.fill("[name=eo_mp]", "900")
    expect(page.locator("#err-ns_mp")).to_have_text("1203 non è un multiplo di 5")
    expect(page.locator('[data-turno="note"]')).to_have_text("1203 non è un multiplo di 5")
    expect(page.locator('[data-turno="vp"]')).to_have_text("")
    page.fill("[name=ns_mp]", "1200")
    expect(page.locator('[data-turno="vp"]')).to_have_text("13 \u2013 7")
    expect(page.locator("#err-ns_mp")).to_have_count(0)


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
    expect(page.locator(".chip-legend")).to_contain_text("modificato")
    expect(chip.locator(".sr-only")).to_have_text("– modificato")

    page.goto(f"{page.base_url}/t/{turno.tournament.slug}/gestione/turni/1/risultati/")
    badge = page.locator("#tavolo-1 .badge", has_text="modificato")
    expect(badge).to_be_visible()
    assert set(colours(badge)).isdisjoint(error)


def test_the_phone_sign_button_takes_away_a_typed_minus_sign(phone_page, turno):
    log_in(phone_page)
    phone_page.goto(entry_url(phone_page, turno, 1))
    cards = phone_page.locator("[name=s1_ns_cards]")
    cards.fill("\u221240")
    phone_page.locator("[name=s1_ns_cards] + button.negate").click()
    expect(cards).to_have_value("40")
    phone_page.locator("[name=s1_ns_cards] + button.negate").click()
    expect(cards).to_have_value("-40")
