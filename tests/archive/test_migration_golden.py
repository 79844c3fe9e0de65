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
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.tournaments.models import Tournament

from .migration_rows import dump_rows, load_rows, rows_json

FIXTURE = Path(__file__).resolve().parent / "migration_fixture"
STORED_AT = [("tournaments", "0017_turno_close")]
pytestmark = pytest.mark.xdist_group("migration_golden")
# The rows a migration back to 0017 makes again, with new ids: compared by what they hold.
REMADE = ("tournaments.player", "tournaments.individualbye", "tournaments.individualpenalty")


def _migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


@pytest.fixture(scope="module")
def trip(django_db_setup, django_db_blocker):
    """The rows stored at 0017 taken to the latest schema, each tournament exported there, then
    back to 0017 and dumped: one trip for this module's two tests (migrating is most of their
    time; their xdist group keeps them on one worker). The database is emptied after, as a
    transactional test leaves it, whatever happened."""
    with django_db_blocker.unblock():
        latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
        try:
            old = _migrate(STORED_AT)
            load_rows(old.loader.project_state(STORED_AT).apps, FIXTURE / "rows.json")
            _migrate(latest)
            exported = {
                t.slug: archive_json(tournament_export(t)) for t in Tournament.objects.all()
            }
            back = _migrate(STORED_AT)
            again = json.loads(rows_json(dump_rows(back.loader.project_state(STORED_AT).apps)))
        finally:
            _migrate(latest)  # a failure half-way must not leave the next tests an old schema
            call_command("flush", interactive=False, verbosity=0)
    return exported, again


@pytest.mark.django_db(transaction=True)
def test_every_stored_tournament_exports_the_same_after_the_migrations(trip):
    exports, _ = trip
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
def test_the_migrations_go_back_to_the_rows_stored_at_0017(trip):
    _, again = trip
    stored = json.loads((FIXTURE / "rows.json").read_text("utf-8"))
    assert _by_content(again) == _by_content(stored)
