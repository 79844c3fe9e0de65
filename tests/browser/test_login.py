"""The login form as a director meets it: a director's page opened logged out sends the browser
to the form, typed and sent by keyboard (Enter), and back to the page asked for. The other
director's tests start logged in (``login_support``)."""

import pytest
from playwright.sync_api import expect

from tests.browser.login_support import log_in_by_form_through

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_directors_page_asks_for_the_login_and_comes_back(page, san_martino):
    log_in_by_form_through(page, f"/t/{san_martino.slug}/gestione/")
    expect(page.locator("h1").first).to_contain_text(san_martino.name)
