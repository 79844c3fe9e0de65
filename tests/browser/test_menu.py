"""The director's menu of a tournament: every item in sight on a laptop and on a phone, none
left off-screen to the right without a hint."""

import pytest
from playwright.sync_api import expect

from tests.browser.login_support import log_in
from tests.browser.waiting import expect_no_wider_than, wait_until
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OUTSIDE = """nav => {
  const width = document.documentElement.clientWidth;
  return [...nav.querySelectorAll("a")]
    .filter(a => {
      const box = a.getBoundingClientRect();
      return box.left < 0 || box.right > width;
    })
    .map(a => a.textContent.trim());
}"""


@pytest.fixture
def dashboard_path():
    tournament = make_tournament(
        owner=make_director(), name="Torneo d'autunno del Circolo Aurora di Genova, sera"
    )
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    return f"/t/{tournament.slug}/gestione/"


@pytest.mark.parametrize("device", ["page", "phone_page"])
def test_every_menu_item_is_within_the_screen(request, device, dashboard_path):
    page = request.getfixturevalue(device)
    log_in(page)
    page.goto(page.base_url + dashboard_path)
    menu = page.locator("nav.subnav.director")
    links = menu.locator("a")
    expect(links.last).to_have_text("Pagina pubblica ↗")
    assert links.count() >= 11
    wait_until(
        page,
        f"() => ({OUTSIDE})(document.querySelector('nav.subnav.director')).length === 0",
        measure=f"() => ({OUTSIDE})(document.querySelector('nav.subnav.director'))",
        what="every menu item should be within the screen",
    )
    # The page itself never scrolls sideways to reach them.
    expect_no_wider_than(page)
    # The archive is named as the import page names it.
    expect(menu.get_by_role("link", name="Scarica l'archivio")).to_be_visible()
