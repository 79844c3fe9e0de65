"""A director entering a table's turno totals on its scorecard (``?modo=totali``), as the evening
tests do table after table."""

from __future__ import annotations

from playwright.sync_api import expect


def enter_totals(page, url: str, ns_mp: int, eo_mp: int, *, wait_until: str = "commit") -> None:
    """Open the totals of the table at ``url``, type them and save them by keyboard (Enter).

    The save waits for the live difference to show the server's answer to the boxes as typed: the
    page's preview, sent a moment after the last key, never crosses the save (on SQLite the two
    requests lock each other out). Then it waits for the answer: the next table's page, or the
    turno's results after its last table (a refusal answers with this page again). ``commit``:
    its address is enough, the test opens another page next; ``load``: the test goes on there.
    """
    page.goto(url + "?modo=totali")
    ns = page.locator("[name=ns_mp]")
    expect(ns).to_be_focused()
    ns.fill(str(ns_mp))
    page.locator("[name=eo_mp]").fill(str(eo_mp))
    lead = f"NS +{ns_mp - eo_mp}" if ns_mp > eo_mp else f"EO +{eo_mp - ns_mp}"
    expect(page.locator("[data-turno=diff]")).to_have_text(lead if ns_mp != eo_mp else "0")
    with page.expect_navigation(wait_until=wait_until) as answer:
        page.keyboard.press("Enter")
    assert answer.value.url not in (url, url + "?modo=totali"), answer.value.url
