"""axe-core on the key pages, director's and public: no serious or critical violation (colour
contrast, headings, labels, table headers, landmarks...)."""

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Tournament
from tests.browser.axe_support import assert_accessible, axe_source
from tests.browser.login_support import log_in
from tests.factories import make_director
from tests.tournaments.ko_support import ko_tournament, start, win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo():
    """The demo evening (17 pairs, 3 turni played), directed by the account the tests log in."""
    call_command("load_demo", stdout=io.StringIO())
    tournament = Tournament.objects.get()
    tournament.directors.add(make_director())
    return tournament


@pytest.fixture
def ko(demo):
    director = demo.directors.get(username="arbitro")
    tournament = ko_tournament(director, pairs=6, name="Coppa d'inverno")
    start(tournament, director)
    win(tournament, director, 1, 1)
    return tournament


PUBLIC = [
    ("home", "/"),
    ("login", "/accesso/"),
]


def director_pages(demo, ko) -> list[tuple[str, str]]:
    t, k = f"/t/{demo.slug}", f"/t/{ko.slug}"
    return [
        ("my tournaments", "/gestione/"),
        ("dashboard", f"{t}/gestione/"),
        ("settings", f"{t}/gestione/impostazioni/"),
        ("new tournament", "/gestione/nuovo/"),
        ("pairs", f"{t}/gestione/coppie/"),
        ("turni", f"{t}/gestione/turni/"),
        ("a turno", f"{t}/gestione/turni/1/"),
        ("scorecard", f"{t}/gestione/turni/1/tavoli/1/"),
        ("scorecard still to fill", f"{k}/gestione/turni/1/tavoli/2/"),
        ("standings (public)", f"{t}/classifica/"),
        ("why is a pair above another", f"{t}/classifica/perche/?a=1&b=2"),
        ("results of a turno, with its clock and anomalies", f"{t}/gestione/turni/3/risultati/"),
        ("turno time", f"{t}/gestione/tempo/"),
        ("projector", f"{t}/proiettore/"),
        ("downloads", f"{t}/scarica/"),
        ("KO bracket (director)", f"{k}/gestione/tabellone/"),
        ("KO bracket (public)", f"{k}/tabellone/"),
    ]


@pytest.mark.parametrize(("name", "path"), PUBLIC)
def test_public_page_before_login(page, demo, name, path):
    page.goto(page.base_url + path)
    expect(page.locator("main")).to_be_visible()
    assert_accessible(page)


def test_director_pages(page, demo, ko):
    log_in(page)
    # axe is in every page the context opens, ready before the check (sent to the browser once,
    # rather than with the check of each page).
    page.context.add_init_script(axe_source())
    failures = []
    for name, path in director_pages(demo, ko):
        page.goto(page.base_url + path)
        expect(page.locator("main")).to_be_visible()
        expect(page.locator("h1").first).to_be_visible()
        try:
            assert_accessible(page)
        except AssertionError as failure:
            failures.append(f"{name}: {failure}")
    assert not failures, "\n\n".join(failures)


def test_the_first_tab_skips_past_the_navigation(page, demo):
    log_in(page)
    page.goto(page.base_url + f"/t/{demo.slug}/gestione/coppie/")
    skip = page.locator("a.skip-link")
    expect(skip).not_to_be_in_viewport()  # out of sight until the keyboard reaches it
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    expect(skip).to_have_text("Vai al contenuto")
    page.keyboard.press("Enter")
    expect(page.locator("main#content")).to_be_focused()
    # The next Tab lands in the page, not in the top bar or the tournament's menu.
    page.keyboard.press("Tab")
    expect(page.locator("main#content :focus")).to_have_count(1)


def test_the_pairs_table_names_its_action_column(page, demo):
    log_in(page)
    page.goto(page.base_url + f"/t/{demo.slug}/gestione/coppie/")
    headers = page.locator("table.pairs thead th")
    expect(headers.last).to_have_text("Azioni")
    expect(page.locator("table.pairs tbody tr").first.locator("td").last).to_have_text("Modifica")
