"""The add form of the entrants page picks people from the registry: a name box carries the
person picked (a hidden field), the new entrant is linked to that person whatever name is
printed, an id nobody holds is refused with its reason and nothing written, and a name typed
with its card in brackets finds the card's holder."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.people.models import Person
from burraco_tourney.tournaments.models import Entrant, Member
from tests.factories import make_tournament

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def tournament(director):
    return make_tournament(name="Torneo di Primavera", owner=director)


def _url(tournament):
    return reverse("manage:pairs", args=[tournament.slug])


def _people(entrant):
    return [m.person for m in Member.objects.filter(entrant=entrant).order_by("position")]


def test_a_picked_person_is_linked_even_with_a_shorter_printed_name(english, tournament):
    anna = Person.objects.create(surname="Rossi", name="Anna Maria", card="RM12345")
    # A namesake: without the pick, "Rossi A." could never find Anna Maria.
    Person.objects.create(surname="Rossi", name="A.")
    page = english.get(_url(tournament)).content.decode()
    assert 'name="player1_person"' in page and "person_pick.js" in page
    response = english.post(
        _url(tournament),
        {"player1": "Rossi A.", "player1_person": anna.pk, "player2": "Bianchi Bruno"},
    )
    assert response.status_code == 302
    pair = Entrant.objects.get(tournament=tournament)
    assert pair.player1 == "Rossi A."  # printed as the director left it
    first, second = _people(pair)
    assert first == anna
    assert second.full_name == "Bianchi Bruno" and second.pk != anna.pk


def test_an_unknown_person_is_refused_and_nothing_is_written(english, tournament):
    before = Person.objects.count()
    response = english.post(
        _url(tournament),
        {"player1": "Rossi Anna", "player1_person": 987654, "player2": "Bianchi Bruno"},
    )
    assert response.status_code == 200
    assert "The person picked for this name is not in the registry" in response.content.decode()
    assert not Entrant.objects.filter(tournament=tournament).exists()
    assert Person.objects.count() == before


def test_the_refusal_reads_in_italian(director_client, tournament):
    director_client.defaults["HTTP_ACCEPT_LANGUAGE"] = "it"
    response = director_client.post(
        _url(tournament),
        {"player1": "Rossi Anna", "player1_person": 987654, "player2": "Bianchi Bruno"},
    )
    assert "non è (più) in anagrafica" in response.content.decode()


def test_a_name_not_picked_finds_its_card_in_brackets(english, tournament):
    anna = Person.objects.create(surname="Rossi", name="Anna Maria", card="RM12345")
    english.post(_url(tournament), {"player1": "Rossi Anna (RM12345)", "player2": "Bianchi Bruno"})
    pair = Entrant.objects.get(tournament=tournament)
    assert pair.player1 == "Rossi Anna"
    assert _people(pair)[0] == anna


def test_a_player_is_picked_too(english, director):
    carla = Person.objects.create(surname="Verdi", name="Carla", card="FI8")
    tournament = make_tournament(kind="individual", owner=director)
    url = reverse("manage:players", args=[tournament.slug])
    assert english.post(url, {"name": "Carla V.", "name_person": carla.pk}).status_code == 302
    assert _people(Entrant.objects.get(tournament=tournament)) == [carla]


def test_the_search_lists_buttons_to_pick(english):
    Person.objects.create(surname="Rossi", name="Anna", card="RM12345")
    html = english.get(reverse("people:search"), {"q": "ross", "pick": 1}).content.decode()
    assert 'class="person-pick-button link"' in html and 'data-printed="Rossi Anna"' in html
