"""The turno clock in the browser: the director's results page counts down by itself, turns to
"last smazzata" and then to "time is up" without a reload."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from burraco_tourney.tournaments.services.clock import tournament_clock_set, turno_clock_start
from tests.browser.login_support import log_in_through
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_clock_warns_then_ends(page):
    director = make_director()
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)])
    tournament_clock_set(
        tournament=tournament, user=director, turno_minutes=2, last_smazzata_minutes=1
    )
    # Started a minute and a half ago: in the last minute, with 30 seconds to go.
    started = timezone.now() - datetime.timedelta(seconds=90)
    turno_clock_start(turno=turno, user=director, at=started)

    # The page's own clock and timers, which the test moves on instead of waiting for them.
    page.clock.install()
    log_in_through(page, f"/t/{tournament.slug}/gestione/turni/1/risultati/")
    clock = page.locator("[data-turno-clock]")
    expect(clock.locator(".clock-msg-last_smazzata")).to_be_visible()
    expect(clock.locator(".clock-msg-last_smazzata")).to_have_text("Ultima smazzata")
    expect(clock.locator(".clock-msg-over")).to_be_hidden()
    # The script counts down to the end and says so, with no reload.
    page.clock.fast_forward("00:40")
    expect(clock.locator(".clock-msg-over")).to_be_visible()
    expect(clock.locator(".clock-msg-over")).to_have_text("Tempo scaduto")
    expect(clock.locator(".clock-msg-last_smazzata")).to_be_hidden()
    expect(clock.locator("[data-clock-time]")).to_have_text("00:00")
