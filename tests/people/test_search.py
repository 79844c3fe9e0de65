"""Finding people as the director types: any order, accents and capitals aside, parts of words,
the card number; the best matches first, a few at most; the fragment other pages include."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.people.selectors.search import people_search

from .conftest import make_club, make_person

pytestmark = pytest.mark.django_db


def names(query, **kwargs):
    return [p.full_name for p in people_search(query=query, **kwargs)]


def test_words_in_any_order_accents_and_capitals_aside():
    make_person("Rossi", "Anna")
    make_person("Bianchi", "Nicolò")
    make_person("Verdi", "Carla")
    assert names("ros an") == ["Rossi Anna"]
    assert names("ANNA rossi") == ["Rossi Anna"]
    assert names("nicolo") == ["Bianchi Nicolò"]
    assert names("bian NICOLÒ") == ["Bianchi Nicolò"]
    assert names("osi") == []  # a word's middle is no start
    assert names("  ") == []


def test_exact_card_then_whole_name_then_whole_words_then_prefixes():
    make_person("Rossini", "Anna")  # prefixes only
    make_person("Rossi", "Annalisa")  # "rossi" whole, "anna" a prefix
    make_person("Rossi", "Anna", card="5001")  # the whole name
    make_person("Anna", "Rossi Maria")  # both words whole, one more word
    assert names("rossi anna") == [
        "Rossi Anna",
        "Anna Rossi Maria",
        "Rossi Annalisa",
        "Rossini Anna",
    ]


def test_a_card_number_exact_first_then_cards_starting_so():
    make_person("Rossi", "Anna", card="12345")
    make_person("Verdi", "Carla", card="123")
    make_person("Neri", "Dora", card="99123")
    make_person("Bianchi", "123")  # a name that is the number: after the card's holder
    assert names("123") == ["Verdi Carla", "Bianchi 123", "Rossi Anna"]


def test_limited_to_the_best_few():
    for i in range(30):
        make_person(f"Rossi{i:02d}", "Anna")
    make_person("Rossi", "Anna")
    found = names("rossi", limit=5)
    assert len(found) == 5
    assert found[0] == "Rossi Anna"


def test_the_fragment_carries_each_person_for_the_page_that_includes_it(director_client):
    club = make_club("Circolo Aurora")
    anna = make_person("Rossi", "Anna", card="4321", club=club)
    response = director_client.get(reverse("people:search"), {"q": "ros a"})
    html = response.content.decode()
    assert response.status_code == 200
    assert f'data-person-id="{anna.pk}"' in html
    assert 'data-printed="Rossi Anna"' in html
    assert 'data-card="4321"' in html and 'data-club="Circolo Aurora"' in html
    assert "<html" not in html  # a fragment, not a page
    empty = director_client.get(reverse("people:search"), {"q": "zzz"}).content.decode()
    assert "Nessuno in anagrafica corrisponde." in empty


def test_the_search_is_for_directors_only(client):
    make_person("Rossi", "Anna", card="4321")
    response = client.get(reverse("people:search"), {"q": "rossi"})
    assert response.status_code == 302
    assert "4321" not in response.content.decode()


def test_among_prefixes_the_first_word_typed_is_taken_as_the_surname():
    make_person("De Angelis", "Rosa")
    make_person("Rossi", "Anna")
    assert names("ros an") == ["Rossi Anna", "De Angelis Rosa"]
    assert names("an ros") == ["De Angelis Rosa", "Rossi Anna"]
