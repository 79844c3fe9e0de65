"""The published JSON Schema: other programs can check their files with it, the site serves it,
and the reader refuses what it refuses with the place and the reason in the reader's language."""

from __future__ import annotations

import dataclasses
import json

import jsonschema
import pytest
from django.urls import reverse
from django.utils import translation

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.schema import SCHEMA_PATH
from burraco_tourney.archive.services import tournament_import

from .factory import random_archive, random_archive_v2

SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
# One validator for the module: ``jsonschema.validate`` checks the schema itself again before
# each file (most of its time); the schema's own check is the first test's.
VALIDATOR = jsonschema.validators.validator_for(SCHEMA)(SCHEMA)


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_every_valid_file_passes_the_schema_alone(seed):
    """What another program sees: plain jsonschema accepts the files the site accepts."""
    VALIDATOR.validate(random_archive(seed))
    VALIDATOR.validate(random_archive_v2(seed))


@pytest.mark.django_db
def test_the_exports_pass_the_schema(demo_bytes):
    VALIDATOR.validate(tournament_export(tournament_import(data=demo_bytes)))


def test_the_schema_refuses_what_the_reader_refuses(demo):
    demo["pairs"][13]["club"] = 7
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate(demo)
    with pytest.raises(ArchiveError) as caught:
        read_archive(demo)
    assert caught.value.path == "pairs[13].club"


def test_the_first_fault_in_the_file_is_named(demo):
    demo["turni"][2]["tables"][0]["smazzate"][0]["ns"]["pozzetto"] = "sì"
    demo["pairs"][1]["seed"] = "1"
    with pytest.raises(ArchiveError) as caught:
        read_archive(demo)
    assert caught.value.path == "pairs[1].seed"


def test_a_structure_fault_reads_in_italian(demo):
    demo["tournament"]["smazzate"] = 3
    with translation.override("it"), pytest.raises(ArchiveError) as caught:
        read_archive(demo)
    assert caught.value.path == "tournament.smazzate"
    assert "chiave sconosciuta" in caught.value.message


@pytest.mark.django_db
def test_the_site_serves_the_schema(client):
    response = client.get(reverse("archive:schema"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/schema+json")
    assert json.loads(response.content) == SCHEMA


def test_the_schema_speaks_the_code_s_vocabulary():
    """The lists the schema spells out are those the reader and the engine know."""
    from burraco_tourney.archive.reader import MOVEMENTS
    from burraco_tourney.archive.reader_tournament import KINDS
    from burraco_tourney.archive.reader_v2 import CLOCK_KEYS, SETTINGS_KEYS
    from burraco_tourney.archive.room_state import ROOM_KEYS
    from burraco_tourney.archive.tables import ENDS
    from burraco_tourney.rules.rulesets import BURRACO_KINDS, PRESETS
    from burraco_tourney.rules.tiebreaks import TIEBREAKS

    defs = SCHEMA["$defs"]
    tournament = defs["tournament"]["properties"]
    assert tournament["kind"]["enum"] == list(KINDS)
    assert tournament["ruleset"]["enum"] == list(PRESETS)
    assert set(tournament["tiebreaks"]["items"]["enum"]) == set(TIEBREAKS)
    assert defs["turno"]["properties"]["movement"]["enum"] == list(MOVEMENTS)
    assert defs["smazzata"]["properties"]["end"]["enum"] == list(ENDS)
    assert list(defs["settings"]["properties"]) == [*SETTINGS_KEYS, *CLOCK_KEYS, *ROOM_KEYS]
    assert list(defs["settings"]["properties"]["bonuses"]["properties"]) == list(BURRACO_KINDS)
    line = defs["line"]["properties"]
    assert [k for k in line if k in BURRACO_KINDS] == list(BURRACO_KINDS)


def test_the_schema_lists_every_key_of_the_room():
    """A field added to a line's phone entry is carried by the archive (``room_entries``) and
    must be in the schema too; so must every anomaly code and every way a smazzata ends."""
    from burraco_tourney.archive.room_entries import entry_keys
    from burraco_tourney.archive.room_state import ROOM_KEYS, room_parts
    from burraco_tourney.rules.anomalies import CODES
    from burraco_tourney.rules.scoring import LineEntry
    from burraco_tourney.tournaments.models import SmazzataEnd

    defs = SCHEMA["$defs"]
    assert [part.key for part in room_parts()] == list(ROOM_KEYS)
    assert list(defs["player_entry"]["properties"]) == list(entry_keys())
    assert defs["anomaly_dismissal"]["properties"]["code"]["enum"] == list(CODES)
    assert defs["draft_smazzata"]["properties"]["end"]["enum"] == list(SmazzataEnd.values)
    draft_line = defs["draft_line"]["properties"]
    assert list(draft_line) == [f.name for f in dataclasses.fields(LineEntry)]


def test_results_of_any_shape_are_ignored_as_they_always_were(demo):
    demo["results"] = ["anything"]
    assert read_archive(demo).tournament.name == demo["tournament"]["name"]
