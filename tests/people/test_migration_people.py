"""The data migration that makes the registry from the names already printed (tournaments 0023):
one person per distinct name (word order, accents, capitals and spaces aside) across every
tournament, each entrant pointing to its people in order, the entrants' clubs made clubs of the
registry, the printed names untouched; and back, the members go. Migrated as
``tests/archive/test_migration_golden.py`` does it: rows written at the migration before, through
its historical models, then the latest schema."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from burraco_tourney.people.models import Club, Person
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.tournaments.models import Entrant, Member

BEFORE = [("tournaments", "0022_member")]


def _migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


def _stored(apps) -> None:
    """Three tournaments as the site held them before the registry, written at 0022."""
    Tournament = apps.get_model("tournaments", "Tournament")
    Entrant = apps.get_model("tournaments", "Entrant")

    def tournament(slug, kind="pairs"):
        return Tournament.objects.create(
            slug=slug, name=slug, date=datetime.date(2026, 9, 1), kind=kind,
            ruleset_name="classic", rules=get_ruleset("classic").to_dict(),
            smazzate_per_turno=3, vp_table="fibur-3", tiebreaks=["scarto"],
        )  # fmt: skip

    september, october = tournament("settembre"), tournament("ottobre")
    evening = tournament("individuale", kind="individual")
    for t, number, first, second, club in [
        (september, 1, "Rossi Anna", "Verdi Carla", "Circolo Aurora"),
        (september, 2, "Nicolò Bianchi", "Neri Dora", ""),
        (october, 1, "Anna Rossi", "nicolo  BIANCHI", "  Circolo   Aurora "),
        (october, 2, "Gialli Ugo", "Gialli  Ugo", "Burraco Tigullio"),
    ]:
        Entrant.objects.create(
            tournament=t, number=number, player1=first, player2=second, club=club
        )
    Entrant.objects.create(tournament=evening, number=1, name="ROSSI ANNA", club="")
    Entrant.objects.create(tournament=evening, number=2, name="D’Angelo Piera", club="Tigullio")


def _stored_then_migrated(*, back_and_again: bool = False) -> dict[str, int]:
    """The rows stored at 0022, then the latest schema; with ``back_and_again``, back to 0022
    (the members go) and up again. The people after the first migration, by name key."""
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        old = _migrate(BEFORE)
        _stored(old.loader.project_state(BEFORE).apps)
        _migrate(latest)
        first = dict(Person.objects.values_list("search_key", "pk"))
        if back_and_again:
            _migrate(BEFORE)
            assert Member.objects.count() == 0
            _migrate(latest)
    finally:
        _migrate(latest)  # a failure half-way must not leave the next tests an old schema
    return first


@pytest.mark.django_db(transaction=True)
def test_one_person_per_name_members_in_order_and_clubs():
    _stored_then_migrated()
    people = {p.search_key: p for p in Person.objects.select_related("club")}
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
    assert sorted(Club.objects.values_list("name", flat=True)) == [
        "Burraco Tigullio", "Circolo Aurora", "Tigullio",
    ]  # fmt: skip

    def members(slug, number):
        entrant = Entrant.objects.get(tournament__slug=slug, number=number)
        return [(m.position, m.person.full_name) for m in entrant.members.order_by("position")]

    assert members("settembre", 1) == [(1, "Rossi Anna"), (2, "Verdi Carla")]
    assert members("ottobre", 1) == [(1, "Rossi Anna"), (2, "Nicolò Bianchi")]
    assert members("ottobre", 2) == [(1, "Gialli Ugo")]  # one name twice: one member
    assert members("individuale", 1) == [(1, "Rossi Anna")]
    # The names stay as they were printed.
    october = Entrant.objects.get(tournament__slug="ottobre", number=1)
    assert (october.player1, october.player2) == ("Anna Rossi", "nicolo  BIANCHI")


@pytest.mark.django_db(transaction=True)
def test_going_back_forgets_the_members_and_coming_again_finds_the_same_people():
    first = _stored_then_migrated(back_and_again=True)
    assert dict(Person.objects.values_list("search_key", "pk")) == first
    assert Member.objects.count() == 9
