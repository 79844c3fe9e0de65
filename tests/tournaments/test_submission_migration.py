"""The migration to submissions keeps every line's draft: taken back to the lines' drafts and
forward again, each draft is the same, and the tournament's archive is the same file."""

from __future__ import annotations

import pytest
from django.core.files.base import ContentFile
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.tournaments.models import Submission
from burraco_tourney.tournaments.services import player_entries as phones
from tests.tournaments.player_support import first_save, players_turno, three_smazzate

BEFORE = [("tournaments", "0017_turno_close")]
KEPT = ("source", "state", "data", "ended_early", "entered_at", "session", "holder", "version")


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def _lines(tournament) -> list[tuple]:
    rows = Submission.objects.lines().filter(table__turno__tournament=tournament)
    return [
        (s.table.number, *(getattr(s, name) for name in KEPT), s.client_id, s.photo.name)
        for s in rows.order_by("table__number", "source")
    ]


@pytest.mark.django_db(transaction=True)
def test_every_draft_survives_the_migration_both_ways(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    tournament, turno = players_turno(auto_accept=False, tables=3)
    links = phones.turno_links_ensure(turno=turno)
    one, two, three = (links[turno.tables.get(number=n).pk] for n in (1, 2, 3))
    # Table 1: the lines differ; table 2: they agree; table 3: EO chose its line, saved nothing.
    for access, line, cards in ((one, "ns", 185), (one, "eo", 155), (two, "ns", 185)):
        first_save(access, line, cards, client_id=f"save-{line}-{access.table.number}")
    phones.player_entry_save(
        access=two,
        line="eo",
        session="eo-phone",
        smazzate=three_smazzate(185),
        version=0,
        ended_early=True,
    )
    phones.player_line_choose(access=three, line="eo", session="late-phone")
    phones.player_photo_attach(
        access=one, line="eo", session="eo-phone", photo=ContentFile(b"jpeg bytes")
    )
    lines = _lines(tournament)
    assert [(n, source, state) for n, source, state, *_ in lines] == [
        (1, "eo", "draft"),
        (1, "ns", "draft"),
        (2, "eo", "confirmed"),
        (2, "ns", "confirmed"),
        (3, "eo", "draft"),
    ]
    exported = archive_json(tournament_export(tournament))

    old = _migrate(BEFORE)
    drafts = old.get_model("tournaments", "PlayerEntry").objects.order_by("table__number", "line")
    assert [(e.table.number, e.line, e.version, bool(e.smazzate)) for e in drafts] == [
        (1, "eo", 1, True),
        (1, "ns", 1, True),
        (2, "eo", 1, True),
        (2, "ns", 1, True),
        (3, "eo", 0, False),
    ]
    assert drafts.get(table__number=2, line="eo").ended_early
    assert drafts.get(table__number=1, line="eo").photo.name == lines[0][-1]

    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("tournaments"))
    assert _lines(tournament) == lines
    assert archive_json(tournament_export(tournament)) == exported
