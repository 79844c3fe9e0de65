"""A circuit made in the browser: three evenings with partly the same people, ranked as pairs,
best 2 of 3; its standings read on the page, then back from its PDF."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.login_support import log_in_through
from tests.exports.conftest import pdf_words
from tests.factories import make_director
from tests.seasons.factory import make_season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_circuit_best_two_of_three_made_and_read_in_the_browser(page):
    director = make_director()
    for tournament in make_season(owner=director):
        tournament.directors.add(director)
    log_in_through(page, reverse("seasons:create"))
    page.fill("#id_name", "Circuito di primavera")
    page.check("#id_ranks input[value=pairs]")
    page.check("#id_scoring input[value=placement]")
    page.fill("#id_placement_points", "100, 70, 50, 30")
    page.fill("#id_best", "2")
    page.fill("#id_minimum", "2")
    for name in ("Serata 1", "Serata 2", "Serata 3"):
        page.get_by_label(name, exact=False).check()
    page.locator("#circuit-form button[type=submit]").click()

    expect(page).to_have_url(
        page.base_url + reverse("seasons:standings", args=["circuito-di-primavera"])
    )
    rows = page.locator("#circuit-standings tbody tr")
    expect(rows).to_have_count(6)
    first = rows.nth(0)
    expect(first.locator("td").nth(1)).to_have_text("Bianchi Bruno – Rossi Anna")
    expect(first.locator("td.total")).to_have_text("170")
    expect(first.locator("td.dropped del")).to_have_text("T2: 30 (4° posto)")
    expect(rows.nth(1).locator("td.total")).to_have_text("150")

    with page.expect_download() as info:
        page.locator("#subnav a[href$='/scarica/pdf/']").click()
    with open(info.value.path(), "rb") as file:
        words = pdf_words(file.read())
    assert "1 Bianchi Bruno – Rossi Anna 170 3 T1: 100 (1° posto), T3: 70 (2° posto)" in words
    assert "2 Esposito Fabio – Ferrari Elena 150 3" in words
