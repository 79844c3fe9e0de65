"""The checks before the federation report is exported (RULES.md section 14): each names whom
it is about and links to where it is fixed; only a name that looks like another registry
person's may be exported past."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.people.models import CardType, Person
from burraco_tourney.tournaments.models import Entrant, Member
from burraco_tourney.tournaments.selectors.federation_checks import export_allowed, report_problems
from tests.factories import make_director

from .support import report_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


@pytest.fixture
def setup():
    return report_tournament(make_director())


def codes(tournament):
    return [problem.code for problem in report_problems(tournament=tournament)]


def test_a_complete_report_passes(setup):
    tournament, _people = setup
    assert report_problems(tournament=tournament) == []
    assert export_allowed([], anyway=False)


def test_a_player_without_a_card_number_links_to_the_card(setup):
    tournament, people = setup
    Person.objects.filter(pk=people[2].pk).update(card="")
    (problem,) = report_problems(tournament=tournament)
    assert problem.code == "no_card" and problem.blocks
    assert problem.message == "Verdi Carla has no card number."
    assert problem.url == reverse("people:edit", args=[people[2].pk])


def test_a_name_without_a_person_links_to_the_entrant(setup):
    tournament, _people = setup
    Member.objects.filter(entrant__number=3, position=2).delete()
    (problem,) = report_problems(tournament=tournament)
    assert problem.code == "no_person"
    assert problem.url == reverse("manage:pair_edit", args=[tournament.slug, 3])
    assert problem.fix == "Edit pair 3"


def test_a_card_of_another_season_blocks(setup):
    tournament, people = setup
    Person.objects.filter(pk=people[0].pk).update(card_year=2025)
    Person.objects.filter(pk=people[1].pk).update(card_year=None)
    assert codes(tournament) == ["card_season", "card_season"]


@pytest.mark.parametrize(
    ("federation_class", "refused"),
    [("circolo", False), ("federale", False), ("regionale", True), ("nazionale", True)],
)
def test_a_ridotta_card_plays_only_circolo_and_federale(setup, federation_class, refused):
    tournament, people = setup
    Person.objects.filter(pk=people[5].pk).update(card_type=CardType.RIDOTTA)
    tournament.federation_class = federation_class
    tournament.save(update_fields=["federation_class"])
    assert codes(tournament) == (["ridotta"] if refused else [])


def test_the_same_person_twice_is_found(setup):
    tournament, people = setup
    # Pair 4's second player is linked to Anna Rossi, who already plays in pair 1.
    Member.objects.filter(entrant__number=4, position=2).update(person=people[0])
    Entrant.objects.filter(tournament=tournament, number=4).update(player2="Rosi Anna")
    problems = report_problems(tournament=tournament)
    assert [p.code for p in problems] == ["twice"]
    assert (
        problems[0].message == "Rossi Anna appears more than once: 1 (Rossi Anna), 4 (Rosi Anna)."
    )


def test_a_name_near_another_registry_person_is_a_warning_to_export_past(setup):
    tournament, _people = setup
    Person.objects.create(surname="Rosi", name="Anna", card="RM099", card_year=2026)
    problems = report_problems(tournament=tournament)
    assert [(p.code, p.blocks) for p in problems] == [("variant", False)]
    assert "Rossi Anna (card RM001) looks like a variant of Rosi Anna" in problems[0].message
    assert not export_allowed(problems, anyway=False)
    assert export_allowed(problems, anyway=True)
