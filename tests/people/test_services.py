"""The registry's writers: people and clubs added and edited, each change in the log, and the
card that belongs to one person only."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.people.log_text import entry_text
from burraco_tourney.people.models import Person, RegistryEntry
from burraco_tourney.people.names import one_edit_apart, words_key
from burraco_tourney.people.services import registry as services

from .conftest import make_club, make_person

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


def test_a_person_added_is_logged_and_found_by_any_order_of_the_name(director):
    person = services.person_create(
        user=director, values={"surname": "Rossi", "name": "Anna", "card": "1234"}
    )
    assert person.search_key == words_key("Anna", "Rossi") == "anna rossi"
    entry = RegistryEntry.objects.get()
    assert entry.user == director and entry.code == "person_add"
    assert entry_text(entry) == "Rossi Anna added to the registry"


def test_an_edit_logs_the_fields_that_changed_only(director):
    person = make_person("Rossi", "Anna", birth_year=1950)
    services.person_update(
        user=director,
        person_id=person.pk,
        values={"surname": "Rossi", "name": "Anna Maria", "birth_year": 1950},
    )
    person.refresh_from_db()
    assert person.full_name == "Rossi Anna Maria"
    assert person.search_key == "anna maria rossi"
    entry = RegistryEntry.objects.get()
    assert entry.params["changes"] == {"name": ["Anna", "Anna Maria"]}
    assert entry_text(entry) == "Rossi Anna Maria edited: name"
    # Nothing changed: nothing logged.
    services.person_update(user=director, person_id=person.pk, values={"name": "Anna Maria"})
    assert RegistryEntry.objects.count() == 1


def test_a_card_taken_meanwhile_says_by_whom(director):
    make_person("Verdi", "Carla", card="777")
    other = make_person("Rossi", "Anna")
    with pytest.raises(ValidationError) as refused:
        services.person_update(user=director, person_id=other.pk, values={"card": "777"})
    assert refused.value.message_dict == {"card": ["Card 777 already belongs to Verdi Carla."]}
    assert Person.objects.get(pk=other.pk).card == ""
    assert not RegistryEntry.objects.exists()


def test_editing_a_person_merged_away_meanwhile_is_refused(director):
    person = make_person("Rossi", "Anna")
    Person.objects.filter(pk=person.pk).delete()
    with pytest.raises(ValidationError, match="no longer in the registry"):
        services.person_update(user=director, person_id=person.pk, values={"name": "Anna"})


def test_clubs_are_unique_by_name_and_by_code(director):
    services.club_create(user=director, values={"name": "Circolo Aurora", "code": "RM01"})
    with pytest.raises(ValidationError) as refused:
        services.club_create(user=director, values={"name": "Circolo Aurora", "code": ""})
    assert "name" in refused.value.message_dict
    with pytest.raises(ValidationError) as refused:
        services.club_create(user=director, values={"name": "Altro", "code": "RM01"})
    assert "code" in refused.value.message_dict
    club = make_club("Tigullio")
    services.club_update(user=director, club_id=club.pk, values={"city": "Rapallo"})
    assert [entry_text(e) for e in RegistryEntry.objects.order_by("id")] == [
        "Club Circolo Aurora added",
        "Club Tigullio edited",
    ]


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("ana", "anna", True),
        ("rosi", "rossi", True),
        ("verdi", "vardi", True),
        ("anna", "anna", False),
        ("anna", "annina", False),
        ("bianchi", "bianco", False),
    ],
)
def test_one_typo_apart(a, b, expected):
    assert one_edit_apart(a, b) is expected
    assert one_edit_apart(b, a) is expected
