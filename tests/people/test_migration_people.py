"""The data migration that makes the registry from the names already printed (tournaments 0023):
one person per distinct name (word order, accents, capitals and spaces aside) across every
tournament, each entrant pointing to its people in order, the entrants' clubs made clubs of the
registry, the printed names untouched; and back, the members go. Migrated as
``tests/archive/test_migration_golden.py`` does it, on the same trip (tests/migration_trip.py):
rows written at the migration before, through its historical models, then the latest schema."""

from __future__ import annotations

import pytest

# One trip through the migrations for every test of the migrations (tests/migration_trip.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("migration_trip")]


def test_one_person_per_name_members_in_order_and_clubs(migration_trip):
    trip = migration_trip.people
    people = trip.people
    assert sorted(people) == [
        "anna rossi", "bianchi nicolo", "carla verdi", "d'angelo piera", "dora neri", "gialli ugo",
    ]  # fmt: skip
    # Named as first printed, the first word the surname; the club of their first entrant.
    assert people["anna rossi"].full_name == "Rossi Anna"
    assert people["bianchi nicolo"].full_name == "Nicolò Bianchi"
    assert people["anna rossi"].club.name == "Circolo Aurora"
    assert people["bianchi nicolo"].club.name == "Circolo Aurora"  # from October's pair
    assert people["dora neri"].club is None
    assert people["d'angelo piera"].club.name == "Tigullio"
    assert trip.clubs == [
        "Burraco Tigullio", "Circolo Aurora", "Tigullio",
    ]  # fmt: skip

    def members(slug, number):
        return trip.members[slug, number]

    assert members("settembre", 1) == [(1, "Rossi Anna"), (2, "Verdi Carla")]
    assert members("ottobre", 1) == [(1, "Rossi Anna"), (2, "Nicolò Bianchi")]
    assert members("ottobre", 2) == [(1, "Gialli Ugo")]  # one name twice: one member
    assert members("individuale", 1) == [(1, "Rossi Anna")]
    # The names stay as they were printed.
    october = trip.october
    assert (october.player1, october.player2) == ("Anna Rossi", "nicolo  BIANCHI")


def test_going_back_forgets_the_members_and_coming_again_finds_the_same_people(migration_trip):
    trip = migration_trip.people
    assert trip.members_back == 0
    assert trip.again == trip.first
    assert trip.members_again == 9
