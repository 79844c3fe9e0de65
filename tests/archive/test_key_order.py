"""The archive is the same text whatever the database: the values the site keeps in JSON columns
(a custom VP table's bands, a KO's rounds, the draw's notes, the lines' phone drafts) come back
from PostgreSQL's jsonb with their keys in an order of its own, and from SQLite as they were
stored. The export writes them in one order, so a file read in any order of keys — what jsonb
does to it — is written back as the same file. Run on both databases (``DATABASE_URL``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.archive.services import tournament_import

from .compare import without_import_entry
from .factory import random_archive_v2

pytestmark = pytest.mark.django_db

GOLDEN = Path(__file__).resolve().parent / "migration_fixture" / "golden"


def _reversed_keys(value: Any) -> Any:
    """``value`` with the keys of every object in it in reverse order."""
    if isinstance(value, dict):
        return {key: _reversed_keys(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [_reversed_keys(item) for item in value]
    return value


def _file(name: str) -> dict[str, Any]:
    if name.startswith("seed-"):
        return random_archive_v2(int(name.removeprefix("seed-")))
    return json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))


# A KO with custom VP bands and a round of its own; pairs and individual tournaments with the
# draw's notes; a room with the lines' phone drafts.
@pytest.mark.parametrize("name", ["seed-28", "torneo-1", "torneo-4", "torneo-5", "torneo-6"])
def test_the_export_does_not_depend_on_the_stored_order_of_keys(name, director):
    data = _file(name)
    expected = tournament_export(tournament_import(data=data, owner=director))
    shuffled = tournament_export(tournament_import(data=_reversed_keys(data), owner=director))
    assert archive_json(without_import_entry(shuffled)) == archive_json(
        without_import_entry(expected)
    )


def test_the_stored_json_is_written_in_the_documented_order(director):
    exported = tournament_export(
        tournament_import(data=_reversed_keys(_file("seed-28")), owner=director)
    )
    assert [list(band) for band in exported["tournament"]["vp_table"]][:1] == [["max", "vp"]]
    assert list(exported["tournament"]["ko"]["rounds"][0])[:2] == ["round", "mode"]
