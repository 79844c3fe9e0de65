"""The registry's pages for directors, in Italian and English: the list with its filters, adding
and editing people and clubs with clear messages; nobody else sees them."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from burraco_tourney.people.models import Club, Person, RegistryEntry
from tests.factories import make_tournament

from .conftest import make_club, make_person

pytestmark = pytest.mark.django_db

PAGES = [
    ("people:list", [], "Anagrafica", "Registry"),
    ("people:add", [], "Aggiungi una persona", "Add a person"),
    ("people:clubs", [], "Circoli", "Clubs"),
    ("people:club_add", [], "Aggiungi un circolo", "Add a club"),
    ("people:import", [], "elenco dei soci", "Import a member list"),
    ("people:duplicates", [], "Probabili doppioni", "Likely duplicates"),
]


@pytest.mark.parametrize(("name", "args", "italian", "english"), PAGES)
def test_every_page_in_both_languages(director_client, name, args, italian, english):
    url = reverse(name, args=args)
    assert italian in director_client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert english in director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


@pytest.mark.parametrize(("name", "args", "italian", "english"), PAGES)
def test_nobody_but_a_director_sees_the_registry(client, name, args, italian, english):
    make_person("Rossi", "Anna", card="4321", birth_year=1950)
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_public_pages_never_link_or_show_the_registry(director_client):
    tournament = make_tournament()
    make_person("Rossi", "Anna", card="4321", birth_year=1950)
    public = Client().get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert reverse("people:list") not in public and "4321" not in public
    # The director's menu links it on every page.
    home = director_client.get(reverse("manage:home")).content.decode()
    assert f'href="{reverse("people:list")}"' in home


def test_the_list_searches_and_filters_by_club_category_and_card(director_client):
    aurora, tigullio = make_club("Aurora"), make_club("Tigullio")
    make_person("Rossi", "Anna", card="1", card_year=2999, club=aurora, category="NC")
    make_person("Rossini", "Bruno", card="2", card_year=2001, club=tigullio)
    make_person("Verdi", "Carla", club=aurora, category="NC")
    url = reverse("people:list")

    def shown(**query):
        html = director_client.get(url, query).content.decode()
        names = ("Rossi", "Rossini", "Verdi")
        return [n for n in names if f">{n}</a>" in html]

    assert shown() == ["Rossi", "Rossini", "Verdi"]
    assert shown(q="ross") == ["Rossi", "Rossini"]
    assert shown(q="carla verdi") == ["Verdi"]
    assert shown(club=aurora.pk) == ["Rossi", "Verdi"]
    assert shown(category="NC", club=aurora.pk) == ["Rossi", "Verdi"]
    assert shown(card="season") == ["Rossi"]
    assert shown(card="expired") == ["Rossini"]
    assert shown(card="without") == ["Verdi"]


def test_adding_a_person_says_who_holds_the_card_and_refuses_a_future_birth_year(
    director_client,
):
    make_person("Verdi", "Carla", card="777")
    url = reverse("people:add")
    form = {"surname": "Rossi", "name": "Anna", "card": "777", "birth_year": "2999"}
    html = director_client.post(url, form).content.decode()
    assert "La tessera 777 è già di Verdi Carla." in html
    assert "L&#x27;anno di nascita 2999 è nel futuro." in html
    english = director_client.post(url, form, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Card 777 already belongs to Verdi Carla." in english
    assert Person.objects.count() == 1
    done = director_client.post(url, {**form, "card": "778", "birth_year": "1950"})
    assert done.status_code == 302
    person = Person.objects.get(card="778")
    assert (person.full_name, person.birth_year) == ("Rossi Anna", 1950)


def test_editing_a_person_and_a_club(director_client):
    person = make_person("Rossi", "Anna")
    url = reverse("people:edit", args=[person.pk])
    assert "Rossi Anna" in director_client.get(url).content.decode()
    director_client.post(url, {"surname": "Rossi", "name": "Anna Maria", "sex": "F"})
    person.refresh_from_db()
    assert (person.full_name, person.sex, person.search_key) == (
        "Rossi Anna Maria",
        "F",
        "anna maria rossi",
    )
    add = director_client.post(reverse("people:club_add"), {"name": "Aurora", "code": "RM1"})
    assert add.status_code == 302
    twice = director_client.post(reverse("people:club_add"), {"name": " aurora ", "code": "RM1"})
    html = twice.content.decode()
    assert "Esiste già un circolo con questo nome." in html
    assert "Il codice RM1 è già del circolo Aurora." in html
    club = Club.objects.get()
    director_client.post(
        reverse("people:club_edit", args=[club.pk]), {"name": "Aurora", "city": "Roma"}
    )
    assert Club.objects.get().city == "Roma"
    assert RegistryEntry.objects.count() == 3  # the person edited, the club added and edited


def test_the_registry_and_its_export_are_never_stored_by_a_browser(director_client):
    make_person("Rossi", "Anna", card="4321")
    for url in (reverse("people:list"), reverse("people:export", args=["csv"])):
        response = director_client.get(url)
        assert response.status_code == 200, url
        assert "no-store" in response["Cache-Control"], url


def test_the_list_is_paginated(director_client):
    for i in range(60):
        make_person(f"Rossi{i:02d}", "Anna")
    first = director_client.get(reverse("people:list")).content.decode()
    assert ">Rossi00</a>" in first and ">Rossi50</a>" not in first
    second = director_client.get(reverse("people:list"), {"page": 2}).content.decode()
    assert ">Rossi50</a>" in second


def test_the_lists_filters_are_worded_apart_from_the_search(director_client):
    """The live search finds one person; the filters below it say what they filter, and the
    club's box offers every club as "Tutti", not a row of dashes (found in a trial)."""
    page = director_client.get(reverse("people:list")).content.decode()
    filters = page.split('class="card registry-filters"', 1)[1].split("</form>", 1)[0]
    assert "Cognome, nome o tessera contiene" in filters
    assert '<option value="" selected>Tutti</option>' in filters
    assert "---------" not in filters
