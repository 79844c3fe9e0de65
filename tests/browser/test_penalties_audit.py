"""A director gives a penalty through the page, sees it in the standings and in the change log."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.login_support import log_in_through
from tests.factories import make_pairs, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def tournament(san_martino):
    make_pairs(san_martino, 4)
    make_turno(san_martino, 1, [(1, 2), (3, 4)], totals=[(1000, 500), (800, 800)])
    return san_martino


def test_penalty_in_the_standings_and_in_the_change_log(page, tournament):
    path = f"/t/{tournament.slug}/gestione/penalita/"
    log_in_through(page, path)
    expect(page.locator("table.penalties tbody tr")).to_have_count(1)  # "no penalties" row

    # A positive value asks for the confirmation box; a negative one does not.
    confirm = page.locator("#field-confirm_positive")
    expect(confirm).to_be_hidden()
    page.fill("#id_vp", "1")
    expect(confirm).to_be_visible()
    page.fill("#id_vp", "")
    expect(confirm).to_be_hidden()

    # Keyboard only: the pair, then a usual penalty fills the reason and the MP.
    page.select_option("#id_pair", label=f"2 – {tournament.entrants.get(number=2).players}")
    page.locator(".suggestions button").first.click()
    expect(page.locator("#id_mp")).to_have_value("-100")
    expect(page.locator("#id_reason")).not_to_have_value("")
    reason = page.locator("#id_reason").input_value()
    page.locator("#id_reason").press("Enter")

    rows = page.locator("table.penalties tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(reason)
    expect(rows.first.locator("td").nth(3)).to_have_text("−100")

    # The standings: pair 2 lost 500-1000 (6 VP, scarto -500); the penalty takes 100 more.
    page.goto(page.base_url + f"/t/{tournament.slug}/classifica/")
    row = page.locator(
        "table.standings tbody tr", has=page.locator("td:nth-child(2)", has_text=re.compile(r"^2$"))
    )
    expect(row).to_have_count(1)
    expect(row.locator("td").nth(5)).to_have_text("-600")
    expect(row.locator("td").nth(7)).to_contain_text("-100")

    # The change log names the change, with its reason and its values.
    page.goto(page.base_url + f"/t/{tournament.slug}/gestione/registro/")
    first = page.locator("table.audit tbody tr").first
    expect(first).to_contain_text(reason)
    expect(first.locator("ins").filter(has_text="-100")).to_have_count(1)
    expect(first).to_contain_text("arbitro")


def test_two_warnings_fill_the_equivalent_mp_and_save(page, tournament):
    """RULES.md section 5: two warnings cost 1 VP "and the equivalent MP". The preset fills the
    MP the tournament's VP table gives 1 VP (fibur-3: 100), says where they come from, and the
    penalty saves at once (three trials found the MP box left empty and the save refused)."""
    log_in_through(page, f"/t/{tournament.slug}/gestione/penalita/")
    hint = page.locator("#mp-hint")
    expect(hint).to_be_hidden()
    page.get_by_role("button", name=re.compile("^Due ammonizioni")).click()
    expect(page.locator("#id_reason")).to_have_value("Due ammonizioni")
    expect(page.locator("#id_vp")).to_have_value("-1")
    mp = page.locator("#id_mp")
    expect(mp).to_have_value("-100")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("100 MP nella tabella PV di questo torneo")
    expect(mp).to_have_attribute("aria-describedby", "mp-hint")
    # Another usual penalty takes the hint away; picking two warnings again brings it back.
    page.locator(".suggestions button").first.click()
    expect(hint).to_be_hidden()
    page.get_by_role("button", name=re.compile("^Due ammonizioni")).click()
    expect(mp).to_have_value("-100")
    page.select_option("#id_pair", label=f"2 – {tournament.entrants.get(number=2).players}")
    page.locator("form.penalty-form button[type=submit]").click()
    rows = page.locator("table.penalties tbody tr")
    expect(rows.first).to_contain_text("Due ammonizioni")
    expect(rows.first.locator("td").nth(2)).to_have_text("−1")
    expect(rows.first.locator("td").nth(3)).to_have_text("−100")
    expect(page.locator(".msg.error, .errorlist")).to_have_count(0)
