"""The change log of an evening in the browser: a short page, one entry per save, a smazzata's
boxes opened on demand, the filters by turno and table."""

import pytest
from playwright.sync_api import expect

from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.services.scores import table_record_smazzate
from tests.browser.axe_support import axe_violations, describe
from tests.browser.login_support import log_in_through
from tests.browser.waiting import expect_no_wider_than, wait_until
from tests.factories import make_pairs, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = {
    1: [(1, 2), (3, 4), (5, 6), (7, 8)],
    2: [(1, 3), (2, 4), (5, 7), (6, 8)],
    3: [(1, 4), (2, 3), (5, 8), (6, 7)],
}
DEALS = [
    SmazzataEntry(ns=LineEntry(300, pulito=1, chiusura=True), eo=LineEntry(100), end="chiusura"),
    SmazzataEntry(ns=LineEntry(200), eo=LineEntry(150, sporco=1, chiusura=True), end="chiusura"),
    SmazzataEntry(ns=LineEntry(50), eo=LineEntry(250, pulito=1, chiusura=True), end="chiusura"),
]
# Twelve results of three smazzate: one box per line took some 60 lines each (a page of about
# 17,000 px on a laptop); folded, each entry is a few lines (about 2,600 px in all).
MOST_HEIGHT = 3200


@pytest.fixture
def evening(san_martino):
    make_pairs(san_martino, 8)
    director = san_martino.owner
    for number, seats in SEATS.items():
        # No results yet: the saves below score the tables (recompute=False skips a recompute
        # of the earlier turni's tables, which would change nothing).
        turno = make_turno(san_martino, number, seats, recompute=False)
        for table in turno.tables.all():
            table_record_smazzate(table=table, user=director, smazzate=DEALS, version=table.version)
    return san_martino


def test_an_evening_log_is_short_and_a_smazzata_opens_on_demand(page, evening):
    log_in_through(page, f"/t/{evening.slug}/gestione/registro/")
    rows = page.locator("table.audit tbody tr")
    expect(rows).to_have_count(12)
    wait_until(
        page,
        "most => document.documentElement.scrollHeight <= most",
        MOST_HEIGHT,
        measure="() => document.documentElement.scrollHeight",
        what=f"the change log of twelve saves should be at most {MOST_HEIGHT}px high",
    )

    # The newest save: its totals shown, the boxes of smazzata 1 folded until asked for.
    first = rows.first
    smazzata = first.locator("details.smazzata").first
    summary = smazzata.locator("summary")
    expect(summary).to_contain_text("Smazzata 1")
    expect(summary).to_contain_text("600")
    cards = smazzata.locator("li").filter(has_text="punti carte").first
    expect(cards).to_be_hidden()
    summary.click()
    expect(smazzata).to_have_attribute("open", "")
    expect(cards).to_be_visible()
    expect(cards).to_contain_text("300")
    # The other smazzate stay folded.
    expect(first.locator("details.smazzata").nth(1).locator("li").first).to_be_hidden()
    violations = axe_violations(page)
    assert not violations, describe(violations)

    # The saves of one table of one turno.
    page.select_option("#id_turno", "2")
    page.fill("#id_table", "3")
    page.get_by_role("button", name="Filtra").click()
    expect(rows).to_have_count(1)
    expect(rows.first.locator("td.subject")).to_have_text("Turno 2, tavolo 3 (NS 5 – EO 7)")
    page.get_by_role("link", name="Mostra tutto").click()
    expect(rows).to_have_count(12)


def test_on_a_phone_the_log_fits_and_a_smazzata_opens(phone_page, evening):
    page = phone_page
    log_in_through(page, f"/t/{evening.slug}/gestione/registro/")
    expect(page.locator("table.audit tbody tr")).to_have_count(12)
    expect_no_wider_than(page)
    smazzata = page.locator("table.audit tbody tr").first.locator("details.smazzata").nth(2)
    boxes = smazzata.locator("li")
    expect(boxes.first).to_be_hidden()
    smazzata.locator("summary").tap()
    expect(boxes.first).to_be_visible()
    expect_no_wider_than(page)
