"""Waiting for what a browser test measures, instead of reading it once.

A size or a position read with a bare ``page.evaluate`` is taken whenever the call happens: on a
busy machine that can be before the stylesheet, the fonts or the page's script have done their
work, and the test fails on a page that is fine a moment later. These helpers wait for the page
to load (styles, scripts, fonts), then poll the condition in the browser until it holds or the
page's timeout runs out, and fail with what was measured last.
"""

from __future__ import annotations

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

NAVIGATED = ("Execution context was destroyed", "navigation")


def settled(page) -> None:
    """Wait until the page has loaded its styles and scripts and its fonts are ready.

    A page that moves on while this waits (a form's answer arriving, a redirect) is waited for
    again: what the test measures next is on the page it landed on."""
    for attempt in range(5):
        page.wait_for_load_state("load")
        try:
            page.evaluate("() => document.fonts.ready.then(() => true)")
            return
        except PlaywrightError as error:
            if attempt == 4 or not any(why in str(error) for why in NAVIGATED):
                raise


def wait_until(page, predicate: str, arg=None, *, measure: str, what: str) -> None:
    """Wait until the JavaScript function ``predicate(arg)`` returns true in the page; on
    timeout fail, saying ``what`` was expected and what ``measure(arg)`` finds now."""
    settled(page)
    try:
        page.wait_for_function(predicate, arg=arg)
    except PlaywrightTimeoutError:
        seen = page.evaluate(measure, arg)
        raise AssertionError(f"{what}; measured: {seen!r}") from None


SCROLL_WIDTH = "() => document.documentElement.scrollWidth"


def expect_no_wider_than(page, width: int | None = None) -> None:
    """Wait until the page needs no sideways scrolling on a screen ``width`` pixels wide (its
    viewport's width by default)."""
    width = width or page.viewport_size["width"]
    wait_until(
        page,
        "width => document.documentElement.scrollWidth <= width",
        width,
        measure=SCROLL_WIDTH,
        what=f"the page should be at most {width}px wide",
    )
