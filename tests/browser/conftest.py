"""Browser tests: Playwright driving the system's Chromium against the live test server.

Chromium comes from the Debian package (``/usr/bin/chromium``); Playwright never downloads a
browser of its own here.
"""

import os
import shutil

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make
# (fixtures, assertions on the database) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

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
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(locale="it-IT", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.base_url = live_server.url
    yield page
    context.close()


@pytest.fixture
def phone_page(browser, live_server):
    context = browser.new_context(
        locale="it-IT", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.base_url = live_server.url
    yield page
    context.close()
