"""Two directors changing the registry at once, with real transactions on the site's database
(SQLite as the site keeps it, and PostgreSQL): one merge of two people, never two; a card given
to one person only; an edit and a merge of the same person never lose each other silently."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.people.models import Person, RegistryEntry
from burraco_tourney.people.services.merge import person_merge
from burraco_tourney.people.services.registry import person_create, person_update
from burraco_tourney.tournaments.models import Entrant, Member
from tests.factories import make_director, make_tournament
from tests.security.test_races import _at_once

from .conftest import make_person

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("site_database"),
]


def _member(person, number):
    entrant = Entrant.objects.create(
        tournament=make_tournament(), number=number, player1=person.full_name, player2="Neri Dora"
    )
    return Member.objects.create(entrant=entrant, position=1, person=person)


def test_two_directors_merging_the_same_twins_opposite_ways_merge_once():
    directors = [make_director(f"arbitro{i}") for i in range(2)]
    anna, twin = make_person("Rossi", "Anna"), make_person("Anna", "Rossi")
    _member(anna, 1)
    _member(twin, 1)
    ways = [(anna.pk, twin.pk), (twin.pk, anna.pk)]

    def merge(i):
        keep, drop = ways[i]
        return person_merge(user=directors[i], keep_id=keep, drop_id=drop, reason=f"r{i}").pk

    results = _at_once(2, merge)
    merged = [r for r in results if isinstance(r, int)]
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len(merged) == 1 and len(refused) == 1, results
    # The threads speak the site's language (Italian).
    assert "non è più in anagrafica" in refused[0].messages[0]
    survivor = Person.objects.get()
    assert survivor.pk == merged[0]
    assert Member.objects.filter(person=survivor).count() == 2
    assert RegistryEntry.objects.filter(code="person_merge").count() == 1


def test_one_card_given_to_two_new_people_at_once_goes_to_one():
    directors = [make_director(f"arbitro{i}") for i in range(2)]
    names = [("Rossi", "Anna"), ("Verdi", "Carla")]

    def create(i):
        surname, name = names[i]
        values = {"surname": surname, "name": name, "card": "9001"}
        return person_create(user=directors[i], values=values).full_name

    results = _at_once(2, create)
    saved = [r for r in results if isinstance(r, str)]
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len(saved) == 1 and len(refused) == 1, results
    assert refused[0].message_dict == {"card": [f"La tessera 9001 è già di {saved[0]}."]}
    assert Person.objects.get(card="9001").full_name == saved[0]
    assert RegistryEntry.objects.count() == 1


def test_an_edit_and_a_merge_of_the_same_person_at_once():
    directors = [make_director(f"arbitro{i}") for i in range(2)]
    anna, twin = make_person("Rossi", "Anna"), make_person("Anna", "Rossi")

    def work(i):
        if i == 0:
            return person_merge(user=directors[0], keep_id=anna.pk, drop_id=twin.pk, reason="r")
        return person_update(user=directors[1], person_id=twin.pk, values={"birth_year": 1950})

    edit = _at_once(2, work)[1]
    survivor = Person.objects.get()
    assert survivor.pk == anna.pk
    if isinstance(edit, ValidationError):  # the merge went first: the edit is refused in words
        assert "non è più in anagrafica" in edit.messages[0]
        assert survivor.birth_year is None
    else:  # the edit went first: the merge carried its birth year to the kept person
        assert survivor.birth_year == 1950


def test_two_directors_saving_the_same_member_list_at_once_save_it_once():
    from burraco_tourney.people.member_file import read_member_file
    from burraco_tourney.people.selectors.member_list import member_plan
    from burraco_tourney.people.services.member_list import MemberImportRefused, members_import

    directors = [make_director(f"arbitro{i}") for i in range(2)]
    # No card: nothing but the registry's lock keeps the second save from adding them again.
    text = "Cognome;Nome\nRossi;Anna\nVerdi;Carla\nNeri;Dora\n"
    rows = read_member_file("soci.csv", text.encode())
    previewed = member_plan(rows).digest()  # both saw the same preview

    def save(i):
        return members_import(user=directors[i], rows=rows, source="soci.csv", previewed=previewed)

    results = _at_once(2, save)
    saved = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, MemberImportRefused)]
    assert len(saved) == 1 and len(refused) == 1, results
    assert refused[0].changed_meanwhile
    assert sorted(Person.objects.values_list("surname", flat=True)) == ["Neri", "Rossi", "Verdi"]
    assert RegistryEntry.objects.filter(code="members_import").count() == 1
