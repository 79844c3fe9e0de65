"""Nothing scrolls sideways on a 360 px phone (issue 20): the players' page after an edit (a row
left "automatic" shows "automatico: Chiusura" beside its box), the director's results of a turno
and the room board's view of one table."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from burraco_tourney.tournaments.services.results import tournament_recompute_results
from tests.browser.boxes import set_ticked
from tests.browser.conftest import _new_page
from tests.browser.login_support import log_in
from tests.browser.test_players_at_the_table import fill_scorecard, join, press, room
from tests.browser.waiting import expect_no_wider_than, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NARROW = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
# How far the scorecard runs past the right edge of the box it scrolls in.
SCORECARD_OVERFLOW = """() => {
  const wrap = document.getElementById('scorecard-grid').closest('.table-wrap');
  return wrap.scrollWidth - wrap.clientWidth;
}"""


@pytest.fixture
def narrow(browser, live_server):
    with _new_page(browser, live_server, default_timeout=15_000, **NARROW) as page:
        yield page


def _saved_by_ns(narrow):
    """A table whose NS phone (``narrow``) has saved its scorecard; its tournament."""
    tournament, _turno, _table, token = room(auto_accept=False)
    join(narrow, token, "ns")
    fill_scorecard(narrow)
    press(narrow, "Salva lo score", ns_mp=875, eo_mp=560)
    expect(narrow.locator(".messages")).to_be_visible()
    return tournament


def test_the_phone_page_after_an_edit_fits_360px(narrow):
    _saved_by_ns(narrow)
    # The edit: the first row's end is left to the engine, which says what it reads there.
    set_ticked(narrow.locator("[name=s1_ns_chiusura]"), False)
    narrow.fill("[name=s1_ns_cards]", "130")
    expect(narrow.locator("#scorecard-grid .auto").first).to_contain_text("automatico")
    expect_no_wider_than(narrow, 360)
    # The scorecard's own box does not scroll either: the TOTALE column stays in sight.
    wait_until(
        narrow,
        f"() => ({SCORECARD_OVERFLOW})() <= 0",
        measure=SCORECARD_OVERFLOW,
        what="the scorecard should fit its box, its totals column in sight",
    )


def _played_turno():
    tournament, turno, table, _token = room()
    table.ns_mp, table.eo_mp, table.entry_mode = 3000, -200, "totals"
    table.save()
    tournament_recompute_results(tournament=tournament)
    return tournament, turno


def test_the_results_of_a_turno_fit_360px(narrow):
    tournament, turno = _played_turno()
    log_in(narrow)
    narrow.goto(f"{narrow.base_url}/t/{tournament.slug}/gestione/turni/1/risultati/")
    expect(narrow.locator("h1")).to_be_visible()
    expect_no_wider_than(narrow, 360)


def test_the_room_boards_table_view_fits_360px(narrow):
    tournament = _saved_by_ns(narrow)
    log_in(narrow)
    narrow.goto(f"{narrow.base_url}/t/{tournament.slug}/gestione/turni/1/sala/tavoli/1/")
    expect(narrow.locator("h1")).to_be_visible()
    expect_no_wider_than(narrow, 360)


def test_a_team_turno_and_the_prizes_fit_360px(narrow):
    """The director's page of a team turno (its matches, both rooms, the line-up forms with
    each captain's link) and the prizes page, on a phone (found in a trial: 750 and 615 px)."""
    from tests.factories import make_director
    from tests.tournaments.teams_support import draw_team_turno, team_tournament

    director = make_director()
    tournament = team_tournament(director, teams=4)
    turno = draw_team_turno(tournament, director)
    turno.published = True
    turno.save()
    log_in(narrow)
    narrow.goto(f"{narrow.base_url}/t/{tournament.slug}/gestione/turni/1/")
    expect(narrow.locator("#lineup-m1-t1")).to_be_visible()
    expect_no_wider_than(narrow, 360)
    narrow.goto(f"{narrow.base_url}/t/{tournament.slug}/gestione/premi/")
    expect(narrow.locator("#id_categories")).to_be_visible()
    expect_no_wider_than(narrow, 360)
