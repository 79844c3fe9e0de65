"""A new tournament's pairs registered from a pasted list against the registry (anagrafica): a
row's card finds its registry person, a near name ("Nicolo" for "Nicolò") is confirmed by the
director; the director's standings and the archive download then carry the card numbers."""

import json

import pytest
from playwright.sync_api import expect

from burraco_tourney.people.models import Person
from burraco_tourney.tournaments.models import Member
from tests.browser.axe_support import assert_accessible
from tests.browser.login_support import log_in_through

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASTED = "Rossi Anna (RM12345) - Verdi Carla\nBianchi Nicolo - Neri Luca"


def test_pairs_pasted_from_the_registry_carry_their_cards(page, san_martino):
    anna = Person.objects.create(surname="Rossi", name="Anna Maria", card="RM12345")
    nicolo = Person.objects.create(surname="Bianchi", name="Nicolò", card="MI777")
    pairs_path = f"/t/{san_martino.slug}/gestione/coppie/"
    log_in_through(page, pairs_path)
    page.fill("#id_text", PASTED)
    page.locator("#elenco button[value=preview]").click()

    found = page.locator("fieldset.people-matches")
    expect(found.locator("li[data-line='1'][data-position='1']")).to_contain_text(
        "in anagrafica come Rossi Anna Maria"
    )
    near = found.locator("li[data-line='2'][data-position='1']")
    expect(near).to_contain_text("l'anagrafica ha un nome simile")
    assert_accessible(page)
    near.get_by_label("Sì, Bianchi Nicolò").check()
    page.locator("button[value=save]").click()
    expect(page).to_have_url(page.base_url + pairs_path)
    expect(page.locator("table.pairs tbody tr")).to_have_count(2)

    first, second = san_martino.entrants.order_by("number")
    assert Member.objects.get(entrant=first, position=1).person_id == anna.pk
    assert Member.objects.get(entrant=second, position=1).person_id == nicolo.pk
    assert (first.player1, second.player1) == ("Rossi Anna", "Bianchi Nicolo")  # as printed

    page.goto(page.base_url + f"/t/{san_martino.slug}/classifica/")
    page.get_by_role("link", name="Giocatori e tessere (solo per il direttore)").click()
    people = page.locator("#standings-people")
    expect(people).to_contain_text("tessera RM12345")
    expect(people).to_contain_text("tessera MI777")
    assert_accessible(page)

    page.goto(page.base_url + pairs_path)
    with page.expect_download() as info:
        page.get_by_role("link", name="Scarica l'archivio").click()
    with open(info.value.path(), encoding="utf-8") as file:
        archive = json.load(file)
    assert archive["version"] == 3
    players = [pair["players"][0] for pair in archive["pairs"]]
    assert players == [
        {"name": "Rossi Anna", "card": "RM12345"},
        {"name": "Bianchi Nicolo", "card": "MI777"},
    ]
