"""The arbitro's meld checker in the browser: a meld typed as laid, judged as laid, with the
best reading beside it."""

import os

import pytest
from playwright.sync_api import expect

from tests.browser.login_support import log_in_through
from tests.factories import make_director

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_meld_as_laid_and_its_best_reading_side_by_side(page):
    make_director()
    log_in_through(page, "/gestione/verifica-gioco/")
    page.fill("#id_cards", "3c 4c 5c 6c 7c 8c 2c")
    page.check("#id_as_laid")
    page.get_by_role("button", name="Verifica").click()
    laid = page.locator(".verdict-card").first
    best = page.locator(".best-reading")
    expect(laid).to_contain_text("Così come è calato:")
    expect(laid).to_contain_text("burraco sporco: +100")
    expect(best).to_contain_text("burraco pulito: +200")
    # Side by side on a laptop: the best reading starts level with the verdict as laid.
    expect(best).to_be_in_viewport()
    assert abs(laid.bounding_box()["y"] - best.bounding_box()["y"]) < 2
    # The box stays ticked, so the next meld is judged as laid too.
    expect(page.locator("#id_as_laid")).to_be_checked()
    if os.environ.get("MELD_SCREENSHOT"):
        page.screenshot(path=os.environ["MELD_SCREENSHOT"], full_page=True)
