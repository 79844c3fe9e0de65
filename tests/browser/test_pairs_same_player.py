"""A director pastes a list where a player already registered appears again: the preview warns,
saving needs the namesakes box ticked, and then the list is saved."""

import pytest
from playwright.sync_api import expect

from tests.browser.axe_support import assert_accessible
from tests.browser.login_support import log_in_through

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_repeated_player_is_flagged_and_may_be_accepted(page, san_martino):
    san_martino.entrants.create(number=1, player1="Bianchi Bruno", player2="Neri Ada")
    pairs_path = f"/t/{san_martino.slug}/gestione/coppie/"
    log_in_through(page, pairs_path)
    page.fill("#id_text", "Verdi Carla - BIANCHÌ bruno\nRusso Dario - Gallo Fabio")
    page.locator("#elenco button[value=preview]").click()
    warnings = page.locator("#pair-warnings")
    expect(warnings).to_contain_text("Riga 1")
    expect(warnings).to_contain_text("coppia 1")
    expect(page.locator("table.preview tr.row-warning")).to_have_count(1)
    assert_accessible(page)

    # Saving without the tick is refused and says why; nothing is added.
    page.locator("button[value=save]").click()
    expect(page.locator(".save-bar .errorlist")).to_contain_text("Spunta la casella")
    assert san_martino.entrants.count() == 1

    page.get_by_label("Sono persone diverse (omonimi): salva comunque").check()
    page.locator("button[value=save]").click()
    expect(page).to_have_url(page.base_url + pairs_path)
    expect(page.locator("table.pairs tbody tr")).to_have_count(3)
