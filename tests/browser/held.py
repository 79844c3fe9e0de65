"""Requests a test holds on their way (``page.route``) to see the page while it waits."""

from __future__ import annotations


def wait_until_sent(page, held: list, what: str = "the request") -> None:
    """Until a request the test holds has left the page (its route is in ``held``): a route
    reaches the test a moment after the page sent it, later still on a busy machine."""
    for _ in range(300):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{what} was never sent")
