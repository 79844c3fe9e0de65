"""The migrations keep every stored tournament: tournaments of every kind, stored by the schema
of migration 0017 (``migration_fixture/rows.json``, written by ``migration_fixture/build.py``
on that code), are migrated to the latest schema and exported again; each export is the file
the old code exported (``migration_fixture/golden/``), byte for byte on every database (a draw
note's params with their keys sorted: they have no other order that jsonb would keep).

The golden files were exported in version 2; the site now writes version 3 (ARCHIVE.md "Version
3"), so the one difference allowed is the version number itself: everything else is compared as
it was. The people migration 0023 makes from the printed names know nothing more than a name
(and the club they played for, which the pair already says), so no PERSON appears.

A new migration that loses or changes a stored row shows here as a different archive.

The rows take the trip that every test of the migrations shares (``tests/migration_trip.py``);
back at 0017 the rows of the tournaments the match and submission tests played on it (and
their director) are left out of the dump, and only those.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parent / "migration_fixture"
# One trip through the migrations for every test of the migrations (tests/migration_trip.py).
pytestmark = pytest.mark.xdist_group("migration_trip")
# The rows a migration back to 0017 makes again, with new ids: compared by what they hold.
REMADE = ("tournaments.player", "tournaments.individualbye", "tournaments.individualpenalty")


@pytest.mark.django_db(transaction=True)
def test_every_stored_tournament_exports_the_same_after_the_migrations(migration_trip):
    exports = migration_trip.golden.exports
    golden = sorted((FIXTURE / "golden").glob("*.json"))
    assert len(golden) == len(exports) == 10
    for path in golden:
        exported, expected = exports[path.stem], path.read_text("utf-8")
        assert json.loads(expected)["version"] == 2
        expected = expected.replace('"version": 2,', '"version": 3,', 1)
        assert json.loads(exported) == json.loads(expected), path.name
        # The same text on every database: PostgreSQL's jsonb keeps an object's keys in an
        # order of its own, which the export does not follow (``archive/json_order.py``).
        assert exported == expected, path.name


def _by_content(dumped: list[dict]) -> dict[str, list[dict]]:
    """The rows by model, the players named by (tournament, number) instead of their ids."""
    blocks = {block["model"]: block["rows"] for block in dumped}
    players = {
        row["id"]: (row["tournament_id"], row["number"]) for row in blocks["tournaments.player"]
    }
    for label, rows in blocks.items():
        for row in rows:
            if "player_id" in row:
                row["player_id"] = players[row["player_id"]]
            if label in REMADE:
                del row["id"]
    return blocks


@pytest.mark.django_db(transaction=True)
def test_the_migrations_go_back_to_the_rows_stored_at_0017(migration_trip):
    again = migration_trip.golden.again
    stored = json.loads((FIXTURE / "rows.json").read_text("utf-8"))
    assert _by_content(again) == _by_content(stored)
