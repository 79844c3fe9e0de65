"""The data migration that makes the registry from the names already printed (tournaments 0023):
one person per distinct name (word order, accents, capitals and spaces aside) across every
tournament, each entrant pointing to its people in order, the entrants' clubs made clubs of the
registry, the printed names untouched; and back, the members go. Migrated as
``tests/archive/test_migration_golden.py`` does it: rows written at the migration before, through
its historical models, then the latest schema."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from burraco_tourney.people.models import Club, Person
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.tournaments.models import Entrant, Member

BEFORE = [("tournaments", "0022_member")]
pytestmark = pytest.mark.xdist_group("migration_people")


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


@pytest.fixture(scope="module")
def trip(django_db_setup, django_db_blocker) -> dict:
    """The rows stored at 0022, then the latest schema, what the tests read of the registry
    there, then back to 0022 (the members go) and up again: one trip for this module's two tests
    (migrating is most of their time; their xdist group keeps them on one worker). The database
    is emptied after, as a transactional test leaves it, whatever happened."""
    with django_db_blocker.unblock():
        latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
        try:
            old = _migrate(BEFORE)
            _stored(old.loader.project_state(BEFORE).apps)
            _migrate(latest)
            seen = {"first": _registry()}
            _migrate(BEFORE)
            seen["members_back"] = Member.objects.count()
            _migrate(latest)
            seen["again"] = _registry()
        finally:
            _migrate(latest)  # a failure half-way must not leave the next tests an old schema
            call_command("flush", interactive=False, verbosity=0)
    return seen


def _registry() -> dict:
    """The people (by name key: their pk, name and club), the clubs, every entrant's members
    in order and printed names."""
    people = {
        p.search_key: (p.pk, p.full_name, p.club.name if p.club else None)
        for p in Person.objects.select_related("club")
    }
    entrants = {
        (e.tournament.slug, e.number): (
            [(m.position, m.person.full_name) for m in e.members.order_by("position")],
            (e.player1, e.player2),
        )
        for e in Entrant.objects.select_related("tournament")
    }
    return {
        "people": people,
        "clubs": sorted(Club.objects.values_list("name", flat=True)),
        "entrants": entrants,
        "members": Member.objects.count(),
    }


@pytest.mark.django_db(transaction=True)
def test_one_person_per_name_members_in_order_and_clubs(trip):
    first = trip["first"]
    people = {key: (name, club) for key, (_pk, name, club) in first["people"].items()}
    assert sorted(people) == [
        "anna rossi", "bianchi nicolo", "carla verdi", "d'angelo piera", "dora neri", "gialli ugo",
    ]  # fmt: skip
    # Named as first printed, the first word the surname; the club of their first entrant.
    assert people["anna rossi"][0] == "Rossi Anna"
    assert people["bianchi nicolo"][0] == "Nicolò Bianchi"
    assert people["anna rossi"][1] == "Circolo Aurora"
    assert people["bianchi nicolo"][1] == "Circolo Aurora"  # from October's pair
    assert people["dora neri"][1] is None
    assert people["d'angelo piera"][1] == "Tigullio"
    assert first["clubs"] == ["Burraco Tigullio", "Circolo Aurora", "Tigullio"]

    def members(slug, number):
        return first["entrants"][(slug, number)][0]

    assert members("settembre", 1) == [(1, "Rossi Anna"), (2, "Verdi Carla")]
    assert members("ottobre", 1) == [(1, "Rossi Anna"), (2, "Nicolò Bianchi")]
    assert members("ottobre", 2) == [(1, "Gialli Ugo")]  # one name twice: one member
    assert members("individuale", 1) == [(1, "Rossi Anna")]
    # The names stay as they were printed.
    assert first["entrants"][("ottobre", 1)][1] == ("Anna Rossi", "nicolo  BIANCHI")


@pytest.mark.django_db(transaction=True)
def test_going_back_forgets_the_members_and_coming_again_finds_the_same_people(trip):
    assert trip["members_back"] == 0
    pks = {key: pk for key, (pk, _name, _club) in trip["again"]["people"].items()}
    assert pks == {key: pk for key, (pk, _name, _club) in trip["first"]["people"].items()}
    assert trip["again"]["members"] == 9
