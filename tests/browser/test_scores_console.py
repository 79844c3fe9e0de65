"""The scorecard pages (the director's and the players' phone) keep the browser console clean
while the live figures come and go: every part the server sends out of band has its place on
the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import _new_page
from tests.browser.login_support import log_in
from tests.browser.test_players_at_the_table import PHONE, fill_scorecard, join, room
from tests.browser.test_scores_preview import entry_url, make_turno_of, type_first_smazzata

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _console_errors(page) -> list[str]:
    """The errors the page logs, but htmx's report of a live preview it cancelled on purpose.

    The scorecard's previews are sent with ``hx-sync="this:replace"``: a key typed while the
    previous preview is still on its way aborts it, and htmx logs ``htmx:afterRequest`` then
    ``htmx:sendAbort`` as errors. On a busy machine that happens while typing; the answer to the
    last key still arrives, and the tests wait for it."""
    errors: list[str] = []

    def logged(message) -> None:
        if message.type != "error":
            return
        # htmx logs the event's name and the element: "htmx:sendAbort, [object HTMLDivElement]".
        event = message.text.split(",")[0]
        if event == "htmx:sendAbort" and errors and errors[-1].startswith("htmx:afterRequest,"):
            errors.pop()
        else:
            errors.append(message.text)

    page.on("console", logged)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def test_the_directors_scorecard_logs_no_error_while_typing(page):
    turno = make_turno_of(3)
    errors = _console_errors(page)
    log_in(page)
    page.goto(entry_url(page, turno))
    type_first_smazzata(page)
    # The live figures are the server's answer to the boxes as typed: its parts are all in.
    expect(page.locator('[data-total="1-ns"]')).to_have_text("545")
    assert errors == []


def test_the_phone_scorecard_logs_no_error_while_typing(browser, live_server):
    _tournament, _turno, _table, token = room()
    with _new_page(browser, live_server, default_timeout=15_000, **PHONE) as phone:
        errors = _console_errors(phone)
        join(phone, token, "ns")
        fill_scorecard(phone)
        # NS 420 + 60 + 395, EO 45 + 485 + 30: the answer to the last box typed is in.
        expect(phone.locator("[data-turno=ns]")).to_have_text("875")
        expect(phone.locator("[data-turno=eo]")).to_have_text("560")
        assert errors == []
