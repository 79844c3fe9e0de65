"""The migration to matches keeps every stored result: each table's VP, KO winner and last-move
decision move onto its own match and back again, and the archive a director downloads is the
same file before and after.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.tournaments.models import Table, Tournament
from burraco_tourney.tournaments.services.scores import table_record_forfeit, table_record_totals
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import deal as ko_deal
from tests.tournaments.ko_support import ko_tournament, match, play, start, win

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0017_turno_close")]
# (tournament slug, turno, table): NS VP, EO VP, winner, decided by the last move.
Values = dict[tuple[str, int, int], tuple]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes("tournaments")


def stored(apps, through_match: bool) -> Values:
    Table = apps.get_model("tournaments", "Table")
    prefix = "match__" if through_match else ""
    fields = [f"{prefix}{f}" for f in ("ns_vp", "eo_vp", "winner", "by_last_move")]
    rows = Table.objects.values_list("turno__tournament__slug", "turno__number", "number", *fields)
    return {(slug, turno, number): tuple(values) for slug, turno, number, *values in rows}


def tournaments(director) -> list[Tournament]:
    pairs = make_tournament(owner=director, name="Serata a coppie")
    make_pairs(pairs, 6)
    make_turno(pairs, 1, [(1, 2), (3, 4), (5, 6)], totals=[(1250, 830), (900, 900), (0, 0)])
    turno = make_turno(pairs, 2, [(1, 3), (2, 5), (4, 6)])
    table = Table.objects.get(turno=turno, number=1)
    table_record_forfeit(table=table, user=director, absent="eo", version=table.version)
    ko = ko_tournament(director, pairs=4)
    start(ko, director)
    win(ko, director, 1, 1, "eo")
    play(ko, director, 1, 2, ko_deal(100, 200, "eo"), ko_deal(400, 300, "ns"))
    final = match(ko, 2, 1)
    table_record_totals(
        table=final, user=director, ns_mp=700, eo_mp=700, last_move="eo", version=final.version
    )
    return [pairs, ko]


def test_every_table_gets_a_match_with_its_values_and_the_archive_stays_the_same(director):
    played = tournaments(director)
    archives = [archive_json(tournament_export(t)) for t in played]
    now = latest()
    on_matches = stored(migrate(now), through_match=True)
    # What the tables held: pairs VP 14-6 by forfeit, 10-10 for a tie; KO winners, one by the
    # last move of a tie entered as totals only.
    assert on_matches[(played[0].slug, 2, 1)] == (14, 6, "", False)
    assert on_matches[(played[0].slug, 1, 2)] == (10, 10, "", False)
    assert on_matches[(played[1].slug, 1, 2)] == (None, None, "eo", True)
    assert on_matches[(played[1].slug, 2, 1)] == (None, None, "ns", True)
    try:
        on_tables = stored(migrate(BEFORE), through_match=False)
        assert on_tables == on_matches
    finally:
        again = stored(migrate(now), through_match=True)
    assert again == on_matches
    assert [archive_json(tournament_export(Tournament.objects.get(pk=t.pk))) for t in played] == (
        archives
    )
