"""A director registers a pair from the registry by typing: "ross" in the first player's box
lists Rossi Anna (card RM12345), the keyboard picks her, the second player is typed, the pair is
saved and its edit page shows the registry's person with the card. A namesake with another card
makes the pick matter: by the name alone the pair would get a new person."""

import contextlib

import pytest
from playwright.sync_api import expect

from burraco_tourney.people.models import Person
from tests.browser.held import wait_until_sent
from tests.browser.login_support import log_in_through

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def pairs_path(san_martino):
    return f"/t/{san_martino.slug}/gestione/coppie/"


def test_a_pair_registered_from_the_registry_by_typing(page, pairs_path):
    Person.objects.create(surname="Rossi", name="Anna", card="RM12345")
    Person.objects.create(surname="Rossi", name="Anna", card="RM99999")
    Person.objects.create(surname="Verdi", name="Carla", card="FI8")
    log_in_through(page, pairs_path)

    box = page.locator("#id_player1")
    box.press_sequentially("ross", delay=50)
    found = page.locator("#id_player1-people .person-pick-button")
    expect(found).to_have_count(2)
    expect(found.first).to_have_text("Rossi Anna")
    anna = page.locator("#id_player1-people li", has_text="RM12345").locator("button")

    # Escape closes the list; typing again opens it; the arrows move, Enter picks.
    box.press("Escape")
    expect(found).to_have_count(0)
    expect(box).to_be_focused()
    box.press_sequentially("i", delay=50)  # "rossi"
    expect(found).to_have_count(2)
    box.press("ArrowDown")
    expect(found.first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(found.nth(1)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(found.first).to_be_focused()
    anna.focus()
    page.keyboard.press("Enter")
    expect(box).to_have_value("Rossi Anna")
    expect(box).to_be_focused()
    expect(found).to_have_count(0)
    picked = page.locator("input[name=player1_person]")
    expect(picked).not_to_have_value("")

    page.fill("#id_player2", "Bianchi Bruno")
    page.locator("#aggiungi button[type=submit]").click()
    rows = page.locator("table.pairs tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Rossi Anna – Bianchi Bruno")

    page.goto(page.base_url + pairs_path + "1/")
    links = page.locator(".people-links")
    expect(links).to_contain_text("Rossi Anna (RM12345)")
    expect(links).not_to_contain_text("RM99999")


def test_typing_again_forgets_the_pick(page, pairs_path):
    Person.objects.create(surname="Rossi", name="Anna", card="RM12345")
    log_in_through(page, pairs_path)
    box = page.locator("#id_player1")
    box.press_sequentially("ross", delay=50)
    page.locator("#id_player1-people .person-pick-button").click()
    picked = page.locator("input[name=player1_person]")
    expect(picked).not_to_have_value("")
    box.press_sequentially("i", delay=50)  # "Rossi Annai": someone else
    expect(picked).to_have_value("")


def _held_search(page, query: str) -> list:
    """The registry's answers to ``query`` wait in the returned list until the test lets them
    through (``route.continue_()``): a slow answer, as on a busy club's Wi-Fi."""
    held = []

    def hold(route):
        if route.request.url.endswith(f"q={query}"):
            held.append(route)
        else:
            route.continue_()

    page.route("**/anagrafica/cerca/**", hold)
    return held


def _answered(page) -> None:
    """Until no search of the page is waiting for its answer (htmx marks the box meanwhile)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def test_a_late_answer_keeps_the_person_the_arrows_reached(page, pairs_path):
    """The list answering the last letter arrives after the arrows moved into the list of the
    letters before: the person reached keeps the focus, and Enter picks her."""
    Person.objects.create(surname="Rossi", name="Anna", card="RM12345")
    Person.objects.create(surname="Rossi", name="Anna", card="RM99999")
    log_in_through(page, pairs_path)
    held = _held_search(page, "rossi")
    box = page.locator("#id_player1")
    box.press_sequentially("ross", delay=50)
    found = page.locator("#id_player1-people .person-pick-button")
    expect(found).to_have_count(2)
    box.press_sequentially("i", delay=50)
    # "rossi" asked, its answer held: the list of "ross" is still shown.
    wait_until_sent(page, held, "the search")
    box.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    second = found.nth(1)
    expect(second).to_be_focused()
    person = second.get_attribute("data-person-id")
    held.pop().continue_()
    _answered(page)
    reached = page.locator(f"#id_player1-people .person-pick-button[data-person-id='{person}']")
    expect(reached).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("input[name=player1_person]")).to_have_value(person)


def test_escape_closes_the_list_for_good_even_with_an_answer_on_its_way(page, pairs_path):
    Person.objects.create(surname="Rossi", name="Anna", card="RM12345")
    log_in_through(page, pairs_path)
    held = _held_search(page, "ross")
    box = page.locator("#id_player1")
    box.press_sequentially("ross", delay=50)
    wait_until_sent(page, held, "the search")
    box.press("Escape")
    route = held.pop()
    with contextlib.suppress(Exception):  # the page gave the search up: nothing to let through
        route.continue_()
    _answered(page)
    expect(page.locator("#id_player1-people .person-pick-button")).to_have_count(0)
    expect(box).to_be_focused()
