"""Logging the director in on a browser page, the first step of every director's page test.

The account is ``make_director``'s default one, which the test (or its fixture) creates.
"""

import re

from playwright.sync_api import expect

USERNAME = "arbitro"
PASSWORD = "Segreto-2026"


def _fill_in(page) -> None:
    page.fill("#id_username", USERNAME)
    page.fill("#id_password", PASSWORD)


def log_in_through(page, path: str) -> None:
    """Open the director's page ``path`` logged out: the site sends the browser to the login
    form first, and after it back to ``path``."""
    page.goto(page.base_url + path)
    expect(page).to_have_url(re.compile(r"/accesso/\?next="))
    _fill_in(page)
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(page.base_url + path)
    # The URL changes as soon as the page starts to arrive; its deferred scripts (the penalty
    # presets, the scorecard's keys) run only before "load", and a click before then is lost.
    page.wait_for_load_state("load")


def log_in(page) -> None:
    """Log in at the login form by keyboard (Enter sends it) and leave it."""
    page.goto(page.base_url + "/accesso/")
    _fill_in(page)
    page.keyboard.press("Enter")
    expect(page).not_to_have_url(re.compile("accesso"))
