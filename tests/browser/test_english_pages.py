"""An English browser reads English: the words of the score page and of the change log, and dates
with the day first, while an Italian browser keeps the Italian words."""

import re

import pytest
from playwright.sync_api import expect

from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.services.scores import table_record_smazzate
from tests.browser.login_support import log_in_through
from tests.factories import make_pairs, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def played(san_martino):
    """Table 1 of turno 1 entered smazzata by smazzata, the last one ended on the tallone."""
    make_pairs(san_martino, 4)
    turno = make_turno(san_martino, 1, [(1, 2), (3, 4)])
    table = turno.tables.get(number=1)
    deals = [
        SmazzataEntry(ns=LineEntry(300), eo=LineEntry(100), end="tallone"),
        SmazzataEntry(ns=LineEntry(200), eo=LineEntry(150), end="tallone"),
        SmazzataEntry(ns=LineEntry(50), eo=LineEntry(250), end="tallone"),
    ]
    director = san_martino.owner
    table_record_smazzate(table=table, user=director, smazzate=deals, version=table.version)
    return san_martino


def test_the_score_page_and_the_change_log_in_english(english_page, played):
    page = english_page
    log_in_through(page, f"/t/{played.slug}/gestione/turni/1/tavoli/1/")
    main = page.locator("main")
    expect(main).to_contain_text("By smazzata")
    expect(page.locator("select[name=s3_end] option[value=tallone]")).to_have_text("Stock run out")
    expect(page.locator("select[name=s3_end] option[value=arbitrale]")).to_have_text(
        "Stopped by the director"
    )
    expect(main).not_to_contain_text("Per smazzata")
    expect(main).not_to_contain_text("Tallone esaurito")

    page.goto(page.base_url + f"/t/{played.slug}/gestione/registro/")
    log = page.locator("table.audit")
    expect(log).to_contain_text(re.compile("result entered as: By smazzata", re.IGNORECASE))
    expect(log).not_to_contain_text("Per smazzata")
    expect(log).not_to_contain_text("Tallone esaurito")
    # "1 Dec 2026, 21:45": the day, the month by name, a 24-hour time; never "12/1/2026".
    expect(log.locator("td.when").first).to_have_text(
        re.compile(r"^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$")
    )


def test_an_italian_browser_keeps_the_italian_words(page, played):
    log_in_through(page, f"/t/{played.slug}/gestione/turni/1/tavoli/1/")
    expect(page.locator("main")).to_contain_text("Per smazzata")
    expect(page.locator("select[name=s3_end] option[value=tallone]")).to_contain_text(
        "Tallone esaurito"
    )
