"""The Content-Security-Policy refuses nothing the site's own pages use: no page logs a
violation in the browser (issue 11, item 2)."""

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from burraco_tourney.tournaments.live_pages import POLL_SECONDS
from burraco_tourney.tournaments.models import Tournament

from .login_support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _violations(page) -> list[str]:
    found: list[str] = []
    page.on(
        "console",
        lambda message: (
            found.append(message.text)
            if "Content Security Policy" in message.text
            or "Content-Security-Policy" in message.text
            else None
        ),
    )
    return found


def test_the_directors_pages_and_the_public_ones_break_no_rule_of_the_policy(page):
    from tests.factories import make_director

    call_command("load_demo", stdout=io.StringIO())
    demo = Tournament.objects.get()
    demo.directors.add(make_director())
    found = _violations(page)
    for path in (
        "/",
        f"/t/{demo.slug}/classifica/",
        f"/t/{demo.slug}/classifica/perche/?a=1&b=2",
        f"/t/{demo.slug}/turno/1/posti/",
        f"/t/{demo.slug}/proiettore/?ogni=2",
    ):
        page.goto(page.base_url + path)
        expect(page.locator("main")).to_be_visible()
    # The projector's script turns the panels and fetches them again (htmx) within the policy:
    # the page's timers are moved on to its next poll instead of waited for.
    page.clock.install()
    page.goto(page.base_url + f"/t/{demo.slug}/proiettore/?ogni=2")
    expect(page.locator("#panels [data-panel].active")).to_have_attribute(
        "data-panel", "standings-1"
    )
    with page.expect_response(lambda r: "/proiettore/pannelli/" in r.url, timeout=30_000):
        page.clock.fast_forward(f"00:{POLL_SECONDS:02}")
    log_in(page)
    for path in (
        "/gestione/",
        "/gestione/nuovo/",
        "/gestione/verifica-gioco/",
        f"/t/{demo.slug}/gestione/",
        f"/t/{demo.slug}/gestione/coppie/",
        f"/t/{demo.slug}/gestione/turni/",
        f"/t/{demo.slug}/gestione/turni/1/tavoli/1/",
        f"/t/{demo.slug}/gestione/turni/3/risultati/",
        f"/t/{demo.slug}/gestione/penalita/",
        f"/t/{demo.slug}/gestione/impostazioni/",
        "/password/",
    ):
        page.goto(page.base_url + path)
        expect(page.locator("main")).to_be_visible()
    assert not found, found
