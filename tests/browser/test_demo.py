"""A new user opens the site and finds the demo tournament's tables and standings at once."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.browser.waiting import expect_no_wider_than

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo_slug():
    from io import StringIO

    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue().strip().splitlines()[-1]


def test_demo_standings_and_turno_on_a_laptop(page, demo_slug):
    page.goto(page.base_url + "/")
    page.get_by_role("link", name=re.compile("Circolo")).first.click()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.get_by_role("link", name="Classifica", exact=True).first.click()
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(17)
    first_rank = rows.first.locator("td").first
    expect(first_rank).to_have_text("1")
    # The turno page shows every table with its MP and VP.
    page.get_by_role("link", name="Turno 1").first.click()
    expect(page.locator("section.card")).to_have_count(8)
    expect(page.get_by_text("Riposo")).to_be_visible()


def test_demo_standings_on_a_phone(phone_page, demo_slug):
    phone_page.goto(phone_page.base_url + f"/t/{demo_slug}/classifica/")
    expect(phone_page.locator("table.standings tbody tr")).to_have_count(17)
    # The table scrolls inside its own box instead of widening the page.
    expect_no_wider_than(phone_page, 400)
