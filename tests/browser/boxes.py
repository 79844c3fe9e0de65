"""Ticking a checkbox the way that holds on a busy machine.

A click lands where the box was when Playwright measured it; on the scorecards the live totals'
answer to the boxes just typed can move the rows in between, and the click then lands beside the
box ("Clicking the checkbox did not change its state"). The keyboard acts on the box itself,
wherever it is on the screen: focus it, press Space (which the page's scripts see as a click),
and wait until it shows the state asked for.
"""

from __future__ import annotations

from playwright.sync_api import Locator, expect


def set_ticked(box: Locator, ticked: bool = True) -> None:
    """Tick ``box`` (or untick it: ``ticked=False``) and wait until it shows so."""
    if box.is_checked() != ticked:
        box.press("Space")
    expect(box).to_be_checked(checked=ticked)
