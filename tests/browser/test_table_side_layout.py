"""The players' phone page after a save, on a 390 px phone: the smazzate just saved are not
called "not played", the live totals bar never hides the box being typed in, and the totals
column keeps clear of the table's edge."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import _new_page
from tests.browser.test_players_at_the_table import PHONE, fill_scorecard, join, press, room
from tests.browser.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Bring the last row's card points into sight from the top of the page, as the browser does for
# the box typed in: it must end above the live totals bar kept at the bottom of the screen.
LAST_BOX_CLEAR_OF_THE_BAR = """() => {
  window.scrollTo(0, 0);
  const box = document.querySelector('[name=s3_eo_cards]');
  box.scrollIntoView({block: 'nearest'});
  const bar = document.getElementById('score-summary').getBoundingClientRect();
  return box.getBoundingClientRect().bottom <= bar.top;
}"""
BOX_AND_BAR = """() => [document.querySelector('[name=s3_eo_cards]').getBoundingClientRect().bottom,
  document.getElementById('score-summary').getBoundingClientRect().top]"""
# The gap between the text of each total and the right edge of the scorecard.
TOTALS_GAP = """() => {
  const table = document.getElementById('scorecard-grid').getBoundingClientRect();
  return [...document.querySelectorAll('#scorecard-grid td.total')].map(cell => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return table.right - range.getBoundingClientRect().right;
  });
}"""


@pytest.fixture
def phone(browser, live_server):
    with _new_page(browser, live_server, default_timeout=15_000, **PHONE) as page:
        yield page


def test_after_saving_the_phone_page_reads_right(phone):
    _tournament, _turno, _table, token = room()
    join(phone, token, "ns")
    fill_scorecard(phone)
    press(phone, "Salva lo score", ns_mp=875, eo_mp=560)
    expect(phone.locator(".messages")).to_contain_text("ora l'altra linea")
    expect(phone.locator("[name=s2_ns_cards]")).to_have_value("60")
    for n in (1, 2, 3):
        expect(phone.locator(f"#not-played-{n}")).to_be_hidden()
    wait_until(
        phone,
        LAST_BOX_CLEAR_OF_THE_BAR,
        measure=BOX_AND_BAR,
        what="the last box typed in should end above the live totals bar",
    )
    wait_until(
        phone,
        f"() => ({TOTALS_GAP})().every(gap => gap >= 6)",
        measure=TOTALS_GAP,
        what="every total should keep at least 6px from the scorecard's right edge",
    )
