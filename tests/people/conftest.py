"""The registry's tests: a logged-in director and people made straight in the database."""

from __future__ import annotations

from burraco_tourney.people.models import Club, Person
from tests.tournaments.conftest import director, director_client  # noqa: F401 (fixtures)


def make_person(surname: str, name: str = "", **fields) -> Person:
    return Person.objects.create(surname=surname, name=name, **fields)


def make_club(name: str = "Circolo Aurora", **fields) -> Club:
    return Club.objects.create(name=name, **fields)
