"""Browser tests: Playwright driving the system's Chromium against the live test server.

Chromium comes from the Debian package (``/usr/bin/chromium``); Playwright never downloads a
browser of its own here.
"""

import os
import shutil
import threading
from contextlib import contextmanager

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer
from django.db import connections
from django.test.testcases import LiveServerThread
from playwright.sync_api import expect

from tests.browser.page_pool import PagePool
from tests.factories import make_director, make_tournament

# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make
# (fixtures, assertions on the database) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# How long an assertion waits for what it expects (Playwright's own default is 5 seconds). A save
# that the page sends and then shows, on a machine whose cores are busy with other tests, took
# longer than that (a phone back on the network: fetch, save, the page again); an assertion still
# returns as soon as what it waits for is there.
expect.set_options(timeout=15_000)


class OneRequestAtATime(ThreadedWSGIServer):
    """The live server answers one request at a time (each on its thread, so a phone's open
    connection never holds the others up).

    On SQLite the test database lives in memory, and pytest-django's live server hands the
    test's one connection to every request's thread: two requests at once, such as a
    scorecard's live preview sent a moment after the last key and the save typed straight
    after it, would run inside each other's transaction and fail ("database table is locked").
    The site's own server gives each thread its connection, and SQLite in WAL mode makes a
    writer wait for another (tests/security/test_races.py proves it with real transactions)."""

    def set_app(self, application):
        lock = threading.Lock()

        def one_at_a_time(environ, start_response):
            with lock:
                response = application(environ, start_response)
                try:
                    body = b"".join(response)
                finally:
                    if hasattr(response, "close"):
                        response.close()
            return [body]

        super().set_app(one_at_a_time)

    def _close_connections(self):
        """Close this thread's database connections, but the test's own that the live server
        borrows once the test is over: a browser page kept for the next test (``page_pool.py``)
        may close its idle keep-alive socket later, when the test no longer shares its
        connection, and closing it from here would raise (the in-memory database's connection
        is the test's to close)."""
        for connection in connections.all(initialized_only=True):
            if connection.allow_thread_sharing or connection._thread_ident == threading.get_ident():
                connection.close()


LiveServerThread.server_class = OneRequestAtATime

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        browser.page_pool = PagePool(browser)
        yield browser
        browser.close()


@contextmanager
def _new_page(browser, live_server, *, default_timeout: float | None = None, **options):
    """A page of its own browser context (Italian unless ``locale`` says otherwise) on the live
    server, clean as a new one: it comes from the browser's pool of pages (``page_pool.py``)
    and goes back to it after."""
    options = {"locale": "it-IT", "default_timeout": default_timeout, **options}
    with browser.page_pool.page(live_server.url, **options) as page:
        yield page


@pytest.fixture
def page(browser, live_server):
    viewport = {"width": 1280, "height": 900}
    with _new_page(browser, live_server, viewport=viewport, default_timeout=10_000) as page:
        yield page


@pytest.fixture
def english_page(browser, live_server):
    """A laptop page of a browser set to American English (dates month first, by default)."""
    viewport = {"width": 1280, "height": 900}
    options = {"viewport": viewport, "locale": "en-US", "default_timeout": 10_000}
    with _new_page(browser, live_server, **options) as page:
        yield page


@pytest.fixture
def phone_page(browser, live_server):
    viewport = {"width": 390, "height": 844}
    with _new_page(browser, live_server, viewport=viewport, is_mobile=True, has_touch=True) as page:
        yield page


@pytest.fixture
def no_js_page(browser, live_server):
    """A laptop page with JavaScript off: every form must still work."""
    with _new_page(browser, live_server, java_script_enabled=False) as page:
        yield page


@pytest.fixture
def san_martino():
    """A tournament with no pairs yet, directed by make_director's default account, the one
    ``login_support`` logs in with."""
    return make_tournament(name="Torneo di San Martino", owner=make_director())


@pytest.fixture(autouse=True)
def quick_previews(monkeypatch):
    """The scorecards ask for their live figures 0.1 s after the last key (0.3 s on the site):
    the tests that wait for the figures before they save wait for the server, not a pause."""
    from burraco_tourney.tournaments.views.manage import score_live

    monkeypatch.setattr(score_live, "PREVIEW_DELAY_MS", 100)


@pytest.fixture
def quick_room_polling(monkeypatch):
    """The room board and the phones' table state ask the server every second (3 and 4 s on the
    site): a test that waits for them to change by themselves waits a second, not a poll."""
    from burraco_tourney.tournaments.views import table_side
    from burraco_tourney.tournaments.views.manage import room_board

    monkeypatch.setattr(room_board, "POLL_SECONDS", 1)
    monkeypatch.setattr(table_side, "STATUS_POLL_SECONDS", 1)
