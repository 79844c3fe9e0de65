"""Two directors creating circuits of the same name at once each get one (the slug is tried
again), and a forged request cannot slip in a tournament its sender does not direct."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from burraco_tourney.seasons import services
from burraco_tourney.seasons.models import Circuit
from tests.factories import make_director, make_tournament
from tests.security.test_races import _at_once

from .test_pages import FORM


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_four_directors_creating_the_same_circuit_at_once_each_get_one():
    directors = [make_director(f"arbitro{i}") for i in range(4)]

    def create(i):
        client = Client(raise_request_exception=True)
        client.force_login(directors[i])
        return client.post(reverse("seasons:create"), FORM).status_code

    assert _at_once(4, create) == [302] * 4
    assert sorted(Circuit.objects.values_list("slug", flat=True)) == [
        "circuito-di-primavera",
        "circuito-di-primavera-2",
        "circuito-di-primavera-3",
        "circuito-di-primavera-4",
    ]


@pytest.mark.django_db
def test_a_slug_taken_between_the_check_and_the_insert_is_tried_again(monkeypatch):
    Circuit.objects.create(name="Estate", slug="estate")
    answers = iter(["estate"])
    real = services.circuit_slug
    monkeypatch.setattr(services, "circuit_slug", lambda **kw: next(answers, None) or real(**kw))
    circuit = services.circuit_create(
        user=make_director(), values={"name": "Estate"}, tournaments=[]
    )
    assert circuit.slug == "estate-2"


@pytest.mark.django_db
def test_the_service_refuses_a_tournament_the_user_does_not_direct():
    director = make_director()
    theirs = make_tournament(owner=make_director("altro"))
    with pytest.raises(PermissionDenied):
        services.circuit_create(user=director, values={"name": "X"}, tournaments=[theirs])
    assert not Circuit.objects.exists()
