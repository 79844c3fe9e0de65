"""Version 3 of the archive: a PERSON wherever a player's name stands (ARCHIVE.md "Version 3",
People). Matched on import by card only (whatever the name), a person made for a PERSON without
a card; the name kept as printed; the export writes a PERSON wherever the site knows more than
the name; the faults of a PERSON refused with their place, nothing written."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.schema import SCHEMA_PATH
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.people.models import Club, Person
from burraco_tourney.tournaments.models import Member

from .compare import assert_same_but_the_import_entry, without_import_entry
from .conftest import row_counts
from .factory import random_archive_v2

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]

ANNA = {
    "name": "Anna Rossi",
    "card": "RM12345",
    "sex": "F",
    "birth_year": 1961,
    "category": "terza",
    "club": "Burraco Club Tigullio",  # not the pair's own club: written
}


@pytest.fixture
def v3(demo) -> dict:
    demo["version"] = 3
    demo["pairs"][0]["players"][0] = dict(ANNA)
    demo["pairs"][2]["players"][1] = {"name": "Rosanna Canepa", "card": "GE777"}
    return demo


def _people(tournament, number):
    entrant = tournament.entrants.get(number=number)
    return [m.person for m in Member.objects.filter(entrant=entrant).select_related("person")]


def test_a_person_is_read_and_written_back(v3):
    tournament = tournament_import(data=copy.deepcopy(v3))
    anna = Person.objects.get(card="RM12345")
    assert (anna.surname, anna.name, anna.sex, anna.birth_year, anna.category) == (
        "Anna",
        "Rossi",
        "F",
        1961,
        "terza",
    )
    assert anna.club.name == "Burraco Club Tigullio"
    pair = tournament.entrants.get(number=1)
    assert pair.player1 == "Anna Rossi"  # the name as printed
    assert _people(tournament, 1)[0] == anna
    first = tournament_export(tournament)
    assert first["version"] == 3
    assert first["pairs"][0]["players"][0] == ANNA
    # Rosanna plays for her pair's club: the PERSON leaves it to the pair.
    assert first["pairs"][2]["players"][1] == {"name": "Rosanna Canepa", "card": "GE777"}
    assert Person.objects.get(card="GE777").club.name == v3["pairs"][2]["club"]
    assert first["pairs"][1]["players"] == v3["pairs"][1]["players"]  # plain names stay plain
    jsonschema.validate(first, json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    second = tournament_export(tournament_import(data=first))
    assert_same_but_the_import_entry(first, second)


def test_a_card_matches_the_registry_person_whatever_its_name(v3):
    known = Person.objects.create(surname="Rossi", name="Anna Maria", card="RM12345")
    tournament = tournament_import(data=v3)
    assert _people(tournament, 1)[0] == known
    assert tournament.entrants.get(number=1).player1 == "Anna Rossi"
    assert Person.objects.filter(card="RM12345").count() == 1
    known.refresh_from_db()
    assert known.name == "Anna Maria"  # the registry keeps its own name


def test_a_person_without_a_card_is_a_new_person(v3):
    namesake = Person.objects.create(surname="Rossi", name="Anna")
    v3["pairs"][0]["players"][0] = {"name": "Rossi Anna", "sex": "F"}
    tournament = tournament_import(data=v3)
    made = _people(tournament, 1)[0]
    assert made != namesake and made.sex == "F"


def test_a_plain_name_finds_the_one_person_of_that_name(demo):
    known = Person.objects.create(surname="Parodi", name="Giovanni")
    tournament = tournament_import(data=demo)
    assert _people(tournament, 2)[0] == known
    assert all(len(_people(tournament, pair["number"])) == 2 for pair in demo["pairs"])


def test_a_version_2_file_still_exports_as_it_did_but_for_its_version():
    data = random_archive_v2(4)
    first = tournament_export(tournament_import(data=copy.deepcopy(data)))
    exported = without_import_entry({k: v for k, v in first.items() if k != "results"})
    assert {**exported, "version": 2} == data


def _set(path, value):
    def spoil(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return spoil


CASES = [
    (
        "card twice",
        _set(("pairs", 3, "players", 0), {"name": "Altro", "card": "RM12345"}),
        "pairs[3].players[0].card",
        "pairs[0].players[0].card",
    ),
    ("bad sex", _set(("pairs", 0, "players", 0, "sex"), "X"), "pairs[0].players[0].sex", '"F"'),
    (
        "born after the tournament",
        _set(("pairs", 0, "players", 0, "birth_year"), 2025),
        "pairs[0].players[0].birth_year",
        "2024",
    ),
    ("unknown key", _set(("pairs", 0, "players", 0, "tessera"), "1"), "pairs[0].players[0]", ""),
    ("no name", _set(("pairs", 0, "players", 0), {"card": "X1"}), "pairs[0].players[0]", ""),
]


@pytest.mark.parametrize(
    ("spoil", "path", "reason"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_bad_person_is_refused_and_nothing_written(v3, spoil, path, reason):
    spoil(v3)
    before = row_counts(), Person.objects.count(), Club.objects.count()
    with pytest.raises(ArchiveError) as caught:
        tournament_import(data=json.dumps(v3).encode())
    assert caught.value.path.startswith(path), caught.value
    assert reason in caught.value.message, caught.value
    assert (row_counts(), Person.objects.count(), Club.objects.count()) == before


@pytest.mark.parametrize("version", [1, 2])
def test_a_person_in_an_earlier_version_is_refused(v3, version):
    v3["version"] = version
    with pytest.raises(ArchiveError) as caught:
        read_archive(v3)
    assert caught.value.path == "pairs[0].players[0]"
    assert "version 3" in caught.value.message


def test_an_individual_player_is_a_person(director):
    from .test_roundtrip_individual import individual_tournament

    original = individual_tournament(director)
    data = tournament_export(original)
    data["players"][0]["name"] = {"name": "Anna Rossi", "card": "RM1", "birth_year": 1950}
    imported = tournament_import(data=data)
    person = _people(imported, 1)[0]
    assert (person.card, person.birth_year) == ("RM1", 1950)
    assert imported.entrants.get(number=1).name == "Anna Rossi"
    again = tournament_export(imported)
    assert again["players"][0]["name"] == {
        "name": "Anna Rossi",
        "card": "RM1",
        "birth_year": 1950,
    }


def test_the_published_schema_knows_the_person(v3):
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.validate(v3, schema)
    v3["pairs"][0]["players"][0]["sex"] = "X"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(v3, schema)
