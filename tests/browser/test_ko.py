"""A director runs an 8-pair knock-out on the real pages: seeds, round 1 previewed and published,
a tie settled by the last move (refused until the last move is given, then said in words), the
next rounds appearing by themselves, a third-place match, the final and the final places."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import expect

from burraco_tourney.tournaments.models import Table, Turno
from tests.browser.login_support import log_in
from tests.factories import make_director, make_pairs, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = None  # a folder to save screenshots to while working on the pages


@pytest.fixture
def ko(db):
    director = make_director()
    tournament = make_tournament(
        name="Coppa KO di primavera", kind="ko", ko_mode="smazzate", ko_smazzate=2, owner=director
    )
    make_pairs(tournament, 8)
    return tournament


def english(page):
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": page.base_url}]
    )


def enter_match(page, slug, round_number, table, smazzate):
    """Fill the scorecard of one match: each smazzata (ns cards, eo cards, last move), and save
    it. The page is opened unless the save before has led to it (the next match of the round
    without a result)."""
    url = f"{page.base_url}/t/{slug}/gestione/turni/{round_number}/tavoli/{table}/"
    if page.url != url:
        page.goto(url)
    for n, (ns, eo, last_move) in enumerate(smazzate, start=1):
        page.fill(f"[name=s{n}_ns_cards]", str(ns))
        page.fill(f"[name=s{n}_eo_cards]", str(eo))
        page.select_option(f"[name=s{n}_end]", "tallone")
        page.select_option(f"[name=s{n}_last_move]", last_move)
    save(page)


def save(page):
    """Send the scorecard and wait for the page that answers (the next match's, the round's
    results, or this one again with what the rules refused) to load, its scripts run."""
    with page.expect_navigation():
        page.locator("#scorecard button[type=submit]").first.click()


NS_WINS = [(300, 50, "ns"), (100, 50, "eo")]
EO_WINS = [(50, 300, "ns"), (50, 100, "eo")]


def snap(page, name):
    if SCREENSHOTS:
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            page.screenshot(path=f"{SCREENSHOTS}/{name}-{width}.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})


def test_an_eight_pair_ko_with_a_last_move_tie_to_the_final(page, ko):
    slug = ko.slug
    english(page)
    log_in(page)

    # The dashboard leads to the bracket; seeds typed by keyboard, third-place match asked.
    page.goto(f"{page.base_url}/t/{slug}/gestione/")
    page.locator(f"a[href='/t/{slug}/gestione/tabellone/']").first.click()
    for number in range(1, 9):
        page.fill(f"#id_seed_{number}", str(number))
    page.check("#id_third_place")
    snap(page, "ko-seeding")
    page.locator("form[action$='/sorteggio/'] button[type=submit]").click()

    # The preview: a draft, seed 1 against seed 8 at table 1.
    expect(page.locator("h1 .badge")).to_have_text("draft")
    first = page.locator(".ko-round").first.locator(".ko-match").first
    expect(first).to_contain_text("Table 1")
    expect(first.locator(".ko-line .pairno")).to_have_text(["1", "8"])
    snap(page, "ko-draft")
    page.locator("form[action$='/pubblica/'] button[type=submit]").click()
    expect(page.locator(".msg.success")).to_contain_text("Round 1 published")
    assert Turno.objects.get(tournament=ko, number=1).published

    # Table 1 ends 500-500. Without the last move of the last smazzata the tie is refused.
    enter_match(page, slug, 1, 1, [(100, 200, "eo"), (400, 300, "")])
    expect(page.locator("#err-s2_last_move")).to_contain_text("last move")
    assert not Table.objects.get(turno__tournament=ko, turno__number=1, number=1).has_result
    # NS (pair 1) made the last move: pair 8 goes on.
    page.select_option("[name=s2_last_move]", "ns")
    save(page)
    expect(page).to_have_url(re.compile(r"/turni/1/tavoli/2/$"))
    for table in (2, 3, 4):
        enter_match(page, slug, 1, table, NS_WINS)

    page.goto(f"{page.base_url}/t/{slug}/gestione/tabellone/")
    tie = page.locator("#partita-1-1")
    expect(tie.locator(".ko-decision")).to_contain_text(
        "Tie at 500: pair 1 made the last move of the last smazzata, so it loses and pair 8 wins."
    )
    expect(tie.locator(".ko-line.won .pairno")).to_have_text("8")
    # The semifinals were created as soon as both their feeders were decided.
    semis = page.locator(".ko-round").nth(1).locator(".ko-match")
    expect(semis.nth(0).locator(".ko-line .pairno")).to_have_text(["8", "4"])
    expect(semis.nth(1).locator(".ko-line .pairno")).to_have_text(["2", "3"])

    enter_match(page, slug, 2, 1, EO_WINS)  # 4 beats 8
    enter_match(page, slug, 2, 2, NS_WINS)  # 2 beats 3
    page.goto(f"{page.base_url}/t/{slug}/gestione/tabellone/")
    expect(page.locator("#partita-3-1 .ko-line .pairno")).to_have_text(["4", "2"])
    expect(page.locator("#partita-3-2 .ko-line .pairno")).to_have_text(["8", "3"])
    enter_match(page, slug, 3, 1, NS_WINS)  # the final: pair 4
    enter_match(page, slug, 3, 2, EO_WINS)  # third place: pair 3

    page.goto(f"{page.base_url}/t/{slug}/gestione/tabellone/")
    expect(page.locator("h1 .badge")).to_have_text("finished")
    expect(page.locator("#partita-3-1 .ko-decision")).to_contain_text("Pair 4 wins the tournament.")
    places = page.locator("table.ko-places tbody tr")
    expect(places).to_have_count(8)
    expect(places.nth(0)).to_contain_text("1")
    expect(places.nth(0).locator("td").nth(1)).to_have_text("4")
    expect(places.nth(4)).to_contain_text("(shared)")
    snap(page, "ko-finished")

    # The public page, without a login, says who won and how the tie went.
    page.context.clear_cookies()
    english(page)
    page.goto(f"{page.base_url}/t/{slug}/tabellone/")
    expect(page.locator(".ko-champion")).to_contain_text("Winner: pair 4")
    expect(page.locator("#partita-1-1 .ko-decision")).to_contain_text("made the last move")
    expect(page.locator(".ko-links")).to_have_count(0)
    snap(page, "ko-public")


def test_the_final_a_punti_is_set_in_the_settings_and_shown_on_the_bracket(page, ko):
    """Issue 9, case 4: rounds of 2 smazzate, the final to 2005 points, set on the settings
    page by its name; the bracket then says each round's length."""
    log_in(page)
    page.goto(f"{page.base_url}{reverse('manage:tournament_edit', args=[ko.slug])}")
    final = page.get_by_label("Finale: incontri decisi", exact=True)
    expect(final).to_be_visible()
    final.select_option("punti")
    page.get_by_label("Finale: smazzate o punteggio obiettivo", exact=True).fill("2003")
    page.locator("form button[type=submit]", has_text="Salva").click()
    # A target that is no multiple of 5 is refused next to its box; the rest stays as typed.
    expect(page.locator("#field-ko_round_3_length .errorlist")).to_have_text(
        "Un punteggio obiettivo è un multiplo di 5 (es. 2005)."
    )
    expect(page.get_by_label("Finale: incontri decisi", exact=True)).to_have_value("punti")
    page.get_by_label("Finale: smazzate o punteggio obiettivo", exact=True).fill("2005")
    page.locator("form button[type=submit]", has_text="Salva").click()
    expect(page.locator(".msg.success")).to_be_visible()

    page.goto(f"{page.base_url}/t/{ko.slug}/tabellone/")
    expect(page.locator(".facts .ko-length")).to_have_text(
        ["Incontri di 2 smazzate", "Finale: ai 2005 punti"]
    )
    ko.refresh_from_db()
    assert ko.ko_rounds == [{"round": 3, "mode": "punti", "target": 2005}]
