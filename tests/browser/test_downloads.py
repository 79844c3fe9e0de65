"""Downloads in the browser: from the tournament page to the standings PDF after a chosen turno,
and a director's scorecards; the page reads on a phone."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import EntryMode, Table, Tournament
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from tests.browser.waiting import expect_no_wider_than
from tests.exports.conftest import pdf_pages
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo():
    call_command("load_demo", stdout=io.StringIO())
    return Tournament.objects.get()


def test_standings_after_a_chosen_turno_from_the_tournament_page(page, demo):
    page.goto(page.base_url + demo.get_absolute_url())
    page.locator(f"main a[href='{reverse('exports:downloads', args=[demo.slug])}']").click()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    # Anyone sees the public files of every turno, and no scorecards.
    expect(page.locator("#turno-3 a")).to_have_count(3)
    expect(page.locator("a[href*='/scarica/score/']")).to_have_count(0)
    page.locator("#scarica-classifica select").select_option("2")
    with page.expect_download() as info:
        page.locator("#scarica-classifica button").click()
    download = info.value
    assert download.suggested_filename == f"{demo.slug}-classifica-dopo-turno-2.pdf"
    with open(download.path(), "rb") as file:
        assert file.read(5) == b"%PDF-"


def test_a_director_downloads_the_scorecards_of_a_turno(page, demo):
    director = make_director(username="direttore", password="Segreto-2026")
    demo.directors.add(director)
    downloads = f"/t/{demo.slug}/scarica/"
    page.goto(page.base_url + reverse("login") + "?next=" + downloads)
    page.fill("#id_username", "direttore")
    page.fill("#id_password", "Segreto-2026")
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(page.base_url + downloads)
    links = page.locator("#turno-1 a[href*='/scarica/score/']")
    expect(links).to_have_count(1)
    with page.expect_download() as info:
        links.click()
    assert info.value.suggested_filename == f"{demo.slug}-score-turno-1.pdf"


def test_the_downloads_page_fits_a_phone(phone_page, demo):
    phone_page.goto(phone_page.base_url + f"/t/{demo.slug}/scarica/")
    expect(phone_page.locator("#scarica-classifica")).to_be_visible()
    expect_no_wider_than(phone_page, 400)


def test_provisional_standings_are_offered_but_marked(page):
    """Turno 2 is being played: the standings PDF starts from turno 1, the last complete one;
    turno 2 is offered as provisional and its PDF says PROVVISORIA (issue 9, case 2)."""
    tournament = make_tournament(name="Torneo in corso")
    make_pairs(tournament, 6)
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)], totals=[(900, 700)] * 3)
    two = make_turno(tournament, 2, [(1, 3), (2, 5), (4, 6)])
    Table.objects.filter(turno=two, number=1).update(
        entry_mode=EntryMode.TOTALS, ns_mp=980, eo_mp=720
    )
    tournament_recompute_results(tournament=tournament)

    page.goto(page.base_url + reverse("exports:downloads", args=[tournament.slug]))
    select = page.locator("#dopo-classifica")
    expect(select).to_have_value("1")
    expect(select.locator("option[value='2']")).to_have_text("2 (provvisoria)")
    with page.expect_download() as info:
        page.locator("#scarica-classifica button").click()
    assert info.value.suggested_filename.endswith("-dopo-turno-1.pdf")

    select.select_option("2")
    with page.expect_download() as info:
        page.locator("#scarica-classifica button").click()
    assert info.value.suggested_filename.endswith("-dopo-turno-2-provvisoria.pdf")
    with open(info.value.path(), "rb") as file:
        pages = pdf_pages(file.read())
    assert all("Classifica dopo il turno 2 · PROVVISORIA" in text for text in pages)
