"""The registry's tests: a logged-in director and people made straight in the database."""

from __future__ import annotations

import pytest

from burraco_tourney.people.models import Club, Person
from tests.factories import make_director


def make_person(surname: str, name: str = "", **fields) -> Person:
    return Person.objects.create(surname=surname, name=name, **fields)


def make_club(name: str = "Circolo Aurora", **fields) -> Club:
    return Club.objects.create(name=name, **fields)


@pytest.fixture
def director(db):
    return make_director()


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client
