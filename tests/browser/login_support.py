"""Logging the director in on a browser page, the first step of every director's page test.

The account is ``make_director``'s default one, which the test (or its fixture) creates. The
helpers give the browser a logged-in session (Django's test client logs in, its session cookie
goes to the page's browser context): the login form itself is driven once, in
``test_login.py``, not at the start of every director's test (two or three page loads each).
"""

import re

from django.conf import settings
from playwright.sync_api import expect

USERNAME = "arbitro"
PASSWORD = "Segreto-2026"


def _fill_in(page) -> None:
    page.fill("#id_username", USERNAME)
    page.fill("#id_password", PASSWORD)


def log_in(page) -> None:
    """Log the director in: the next page the browser opens is the logged-in one."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    # The password backend: the lockout backend before it in the settings keeps no sessions.
    client.force_login(
        get_user_model().objects.get(username=USERNAME),
        backend="django.contrib.auth.backends.ModelBackend",
    )
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies(
        [{"name": cookie.key, "value": cookie.value, "url": page.base_url, "httpOnly": True}]
    )


def log_in_through(page, path: str) -> None:
    """Open the director's page ``path`` logged in."""
    log_in(page)
    page.goto(page.base_url + path)
    expect(page).to_have_url(page.base_url + path)
    # The page's deferred scripts (the penalty presets, the scorecard's keys) run only before
    # "load", and a click before then is lost.
    page.wait_for_load_state("load")


def log_in_by_form_through(page, path: str) -> None:
    """Open the director's page ``path`` logged out: the site sends the browser to the login
    form first, which the keyboard sends (Enter), and after it back to ``path``."""
    page.goto(page.base_url + path)
    expect(page).to_have_url(re.compile(r"/accesso/\?next="))
    _fill_in(page)
    page.keyboard.press("Enter")
    expect(page).to_have_url(page.base_url + path)
    page.wait_for_load_state("load")
