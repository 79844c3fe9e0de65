"""A director pastes the list of twelve pairs, checks the preview, saves it and sees them listed."""

import io
from contextlib import redirect_stdout

import pytest
from playwright.sync_api import expect

from tests.browser.login_support import log_in_through
from tests.browser.waiting import expect_no_wider_than
from tests.factories import make_pairs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TWELVE = """Rossi Anna - Bianchi Bruno; Circolo Aurora
Verdi Carla – Russo Dario
Neri Elena / Gallo Fabio; Burraco Club Roma
Colombo Luca\tRomano Marta\tCircolo Aurora

Ferrari Nino - Esposito Giulia
Greco Ugo - Bruno Ida
Marino Sara / Conti Piero; Circolo Aurora
Ricci Olga - Lombardi Tino
Moretti Vera - Barbieri Aldo; Burraco Club Roma
Fontana Rita - Santoro Enzo
Mariani Lia - Rinaldi Ezio
Caruso Noemi - Ferri Gino"""


@pytest.fixture
def pairs_path(san_martino):
    return f"/t/{san_martino.slug}/gestione/coppie/"


def test_paste_twelve_pairs_preview_and_save(page, pairs_path):
    log_in_through(page, pairs_path)
    expect(page.locator("table.pairs tbody tr")).to_have_count(1)  # the "no pairs yet" row

    # A line with one name is caught in the preview, with its line number.
    page.fill("#id_text", "Rossi Anna - Bianchi Bruno\nVerdi Carla")
    page.locator("#elenco button[value=preview]").click()
    expect(page.locator("table.preview tr.row-error")).to_have_count(1)
    expect(page.locator("[role=alert]")).to_contain_text("2:")
    expect(page.locator("button[value=save]")).to_have_count(0)

    # The corrected list: twelve pairs, every separator form, a blank line.
    page.fill("#id_text", TWELVE)
    page.locator("button[value=preview]").click()
    preview = page.locator("table.preview tbody tr")
    expect(preview).to_have_count(12)
    expect(page.locator("table.preview tr.row-error")).to_have_count(0)
    expect(preview.nth(3)).to_contain_text("Colombo Luca")
    expect(preview.nth(3)).to_contain_text("Romano Marta")

    page.locator("button[value=save]").click()
    expect(page).to_have_url(page.base_url + pairs_path)
    rows = page.locator("table.pairs tbody tr")
    expect(rows).to_have_count(12)
    expect(rows.first).to_contain_text("Rossi Anna – Bianchi Bruno")
    expect(rows.nth(11).locator("td").first).to_have_text("12")
    expect(rows.nth(11)).to_contain_text("Caruso Noemi – Ferri Gino")


def test_add_one_pair_on_a_phone(phone_page, pairs_path):
    page = phone_page
    log_in_through(page, pairs_path)
    page.fill("#id_player1", "Rossi Anna")
    page.fill("#id_player2", "Bianchi Bruno")
    page.locator("#aggiungi button[type=submit]").click()
    expect(page.locator("table.pairs tbody tr")).to_have_count(1)
    expect(page.locator("table.pairs tbody tr").first).to_contain_text("Rossi Anna")
    # Ready for the next pair: the cursor is on the first player, the number moved on.
    expect(page.locator("#id_player1")).to_be_focused()
    expect(page.locator("#id_number")).to_have_value("2")
    expect_no_wider_than(page, 400)


def test_the_draw_check_runs_as_python_with_the_seed_as_typed(page, san_martino):
    make_pairs(san_martino, 6)
    path = f"/t/{san_martino.slug}/gestione/coppie/sorteggio-numeri/"
    log_in_through(page, path)
    seed = 'lotto-2026/11 "sera"'
    page.fill("#id_seed", seed)
    page.locator("main form button[type=submit]").click()
    check = page.locator("pre.check")
    expect(check).to_contain_text("random.Random(")
    expect(check).not_to_contain_text("\\u")
    snippet = check.inner_text()
    assert "lotto-2026/11" in snippet
    # What the director copies runs in Python and prints the old numbers in the drawn order.
    printed = io.StringIO()
    with redirect_stdout(printed):
        exec(snippet, {})  # noqa: S102  (the page's own three lines)
    drawn = page.locator("table.draw-order tbody tr td:nth-child(2)")
    expect(drawn).to_have_count(6)
    assert printed.getvalue().strip() == str([int(n) for n in drawn.all_inner_texts()])
