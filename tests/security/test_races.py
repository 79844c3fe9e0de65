"""Races (issue 11, item 5): directors creating tournaments of the same name and day at once
each get one, and a double click on "create" or "add pair" saves once."""

import datetime
import threading

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from burraco_tourney.people.models import Person
from burraco_tourney.tournaments.models import Entrant, Member, Tournament
from burraco_tourney.tournaments.services import members
from burraco_tourney.tournaments.services import tournaments as services
from burraco_tourney.tournaments.services.entrants import entrant_create
from burraco_tourney.tournaments.services.tournaments import TournamentSettings
from tests.factories import make_director, make_tournament
from tests.tournaments.test_setup_create import form_data

CREATE = reverse("manage:tournament_create")
DAY = datetime.date(2026, 10, 18)


@pytest.mark.django_db
def test_a_slug_taken_between_the_check_and_the_insert_is_tried_again(monkeypatch):
    director = make_director()
    make_tournament(slug="sera-2026-10-18", name="Sera", date=DAY)
    # The first look says the slug is free, as it would for a director who raced another.
    answers = iter(["sera-2026-10-18"])
    real = services.tournament_slug
    monkeypatch.setattr(services, "tournament_slug", lambda **kw: next(answers, None) or real(**kw))
    created = services.tournament_create(
        user=director, settings=TournamentSettings(name="Sera", date=DAY)
    )
    assert created.slug == "sera-2026-10-18-2"
    assert created.directors.filter(pk=director.pk).exists()


@pytest.mark.django_db
def test_a_double_click_on_create_makes_one_tournament(client):
    client.force_login(make_director())
    first = client.post(CREATE, form_data())
    second = client.post(CREATE, form_data(), follow=True)
    assert Tournament.objects.count() == 1
    dashboard = reverse("manage:dashboard", args=[Tournament.objects.get().slug])
    assert first["Location"] == dashboard
    assert second.redirect_chain[-1][0] == dashboard
    assert "Il modulo è stato inviato due volte: è stato salvato una volta." in (
        second.content.decode()
    )


@pytest.mark.django_db
def test_a_double_click_on_add_pair_adds_one_pair(client):
    director = make_director()
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    client.force_login(director)
    url = reverse("manage:pairs", args=[tournament.slug])
    data = {"player1": "Rossi Anna", "player2": "Verdi Carla", "club": ""}
    client.post(url, data)
    client.post(url, data)
    assert Entrant.objects.filter(tournament=tournament).count() == 1
    # Another pair, and the same one in another session (another desk), go in.
    client.post(url, {**data, "player2": "Neri Dora"})
    other = Client()
    other.force_login(director)
    other.post(url, data)
    assert Entrant.objects.filter(tournament=tournament).count() == 3


@pytest.mark.django_db
def test_a_refused_submission_can_be_sent_again_and_is_refused_again(client):
    director = make_director()
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    client.force_login(director)
    url = reverse("manage:pairs", args=[tournament.slug])
    client.post(url, {"number": "1", "player1": "Rossi Anna", "player2": "Verdi Carla"})
    again = {"number": "1", "player1": "Bianchi Bruno", "player2": "Neri Dora"}
    for _ in range(2):
        response = client.post(url, again)
        assert response.status_code == 200
        assert "è già assegnato" in response.content.decode()
    assert Entrant.objects.filter(tournament=tournament).count() == 1


def _at_once(count, work):
    """Run ``work(i)`` in ``count`` threads released together; their results or errors."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def run(i):
        try:
            barrier.wait()
            results[i] = work(i)
        except Exception as error:  # the test looks at it
            results[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_four_directors_creating_the_same_tournament_at_once_each_get_one():
    directors = [make_director(f"arbitro{i}") for i in range(4)]

    def create(i):
        client = Client(raise_request_exception=True)
        client.force_login(directors[i])
        return client.post(CREATE, form_data()).status_code

    assert _at_once(4, create) == [302] * 4
    assert sorted(Tournament.objects.values_list("slug", flat=True)) == [
        "torneo-d-autunno-2026-10-18",
        "torneo-d-autunno-2026-10-18-2",
        "torneo-d-autunno-2026-10-18-3",
        "torneo-d-autunno-2026-10-18-4",
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_a_double_click_arriving_at_once_adds_one_pair():
    director = make_director()
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    client = Client()
    client.force_login(director)
    url = reverse("manage:pairs", args=[tournament.slug])
    data = {"player1": "Rossi Anna", "player2": "Verdi Carla", "club": ""}
    statuses = _at_once(2, lambda i: client.post(url, data).status_code)
    assert statuses == [302, 302]
    assert Entrant.objects.filter(tournament=tournament).count() == 1


@pytest.mark.django_db
def test_a_submission_that_failed_can_be_sent_again_at_once(client, monkeypatch):
    from burraco_tourney.tournaments.services import entrants as entrant_services

    director = make_director()
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    client.force_login(director)
    client.raise_request_exception = False
    real = entrant_services.entrant_create
    calls = []

    def failing_once(**kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the database went away")
        return real(**kwargs)

    monkeypatch.setattr(entrant_services, "entrant_create", failing_once)
    url = reverse("manage:pairs", args=[tournament.slug])
    data = {"player1": "Rossi Anna", "player2": "Verdi Carla", "club": ""}
    assert client.post(url, data).status_code == 500
    assert client.post(url, data).status_code == 302
    assert Entrant.objects.filter(tournament=tournament).count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_four_desks_registering_the_same_new_card_at_once_make_one_person():
    """Four tournaments' lists name the same new card at the same moment: one person holds
    it, and every pair points to that person (the card is unique in the registry)."""
    director = make_director()
    tournaments = [make_tournament(owner=director) for _ in range(4)]

    def paste(i):
        client = Client(raise_request_exception=True)
        client.force_login(director)
        url = reverse("manage:pairs_paste", args=[tournaments[i].slug])
        text = f"Rossi Anna (RM999) - Verdi Carla {i}"
        return client.post(url, {"text": text, "action": "save"}).status_code

    assert _at_once(4, paste) == [302] * 4
    [anna] = Person.objects.filter(card="RM999")
    pairs = Entrant.objects.filter(tournament__in=tournaments)
    assert (
        sorted(
            Member.objects.filter(entrant__in=pairs, position=1).values_list("person_id", flat=True)
        )
        == [anna.pk] * 4
    )


@pytest.mark.django_db
def test_a_card_stored_between_the_look_and_the_insert_is_that_person(monkeypatch):
    """What the race above meets on PostgreSQL: the card was free when looked up, and taken at
    the insert. The pair gets the person who took it."""
    director = make_director()
    tournament = make_tournament(owner=director)
    other = Person.objects.create(surname="Rossi", name="Anna", card="RM999")
    real = members._Finder.existing
    monkeypatch.setattr(
        members._Finder, "existing", lambda self, place: None if place.card else real(self, place)
    )
    pair = entrant_create(
        tournament=tournament,
        user=director,
        player1="Rossi A.",
        player2="Verdi Carla",
        places=[members.Place("Rossi A.", card="RM999"), members.Place("Verdi Carla")],
    )
    assert [m.person_id for m in pair.members.order_by("position")][0] == other.pk
    assert Person.objects.filter(card="RM999").count() == 1
