"""The migrations keep every stored tournament: tournaments of every kind, stored by the schema
of migration 0017 (``migration_fixture/rows.json``, written by ``migration_fixture/build.py``
on that code), are migrated to the latest schema and exported again; each export is the file
the old code exported (``migration_fixture/golden/``), byte for byte (on PostgreSQL, value for
value: its jsonb columns keep their own order of an object's keys).

A new migration that loses or changes a stored row shows here as a different archive.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.tournaments.models import Tournament

from .migration_rows import load_rows

FIXTURE = Path(__file__).resolve().parent / "migration_fixture"
STORED_AT = [("tournaments", "0017_turno_close")]


def _migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


@pytest.mark.django_db(transaction=True)
def test_every_stored_tournament_exports_the_same_after_the_migrations():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        old = _migrate(STORED_AT)
        load_rows(old.loader.project_state(STORED_AT).apps, FIXTURE / "rows.json")
        _migrate(latest)
    finally:
        _migrate(latest)  # a failure half-way must not leave the next tests an old schema
    golden = sorted((FIXTURE / "golden").glob("*.json"))
    assert len(golden) == Tournament.objects.count() == 10
    for path in golden:
        tournament = Tournament.objects.get(slug=path.stem)
        exported, expected = archive_json(tournament_export(tournament)), path.read_text("utf-8")
        assert json.loads(exported) == json.loads(expected), path.name
        if connection.vendor == "sqlite":
            # PostgreSQL's jsonb keeps an object's keys in an order of its own (the draw's
            # notes, the settings), so the text is the same file there only as JSON values.
            assert exported == expected, path.name
