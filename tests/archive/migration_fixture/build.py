"""Writes the golden-archive migration fixture: ``rows.json`` and ``golden/<slug>.json``.

Run it only on the code of the schema the fixture belongs to (migration 0017_turno_close,
the commit that added this file), never on later code: the rows must be what that schema
stored, and the golden files what that code exported. It is not collected by the suite
(not a ``test_`` file); run it by name::

    pytest -p no:xdist tests/archive/migration_fixture/build.py

It brings tournaments of every kind through the services, as the pages do: pairs with riposi,
forfeits, penalties, a correction, late and withdrawn pairs, a draft turno and a closed one,
anomalies dismissed, the lines' phone entries and a scorecard photo, the change log, two
knock-outs with their rounds, and individual tournaments with riposi, penalties and a
withdrawn player.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.apps import apps
from django.core.files.base import ContentFile

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.tournaments.models import PlayerEntry, Table
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.archive import test_roundtrip_individual as individual
from tests.archive import test_roundtrip_room as room
from tests.archive import test_roundtrip_site as site
from tests.archive.migration_rows import dump_rows, write_rows
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments import individual_support
from tests.tournaments.ko_support import ko_tournament, start, win

HERE = Path(__file__).resolve().parent
PHOTO = b"\xff\xd8\xff\xe0 scorecard photo \xff\xd9"


def closed_pairs(director):
    """A turno closed by the director, and a result corrected after the close."""
    tournament = make_tournament(planned_turni=2, owner=director)
    tournament.directors.add(director)
    make_pairs(tournament, 4)
    one = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1250, 830), (900, 880)])
    make_turno(tournament, 2, [(1, 3), (2, 4)], totals=[(700, 750), (990, 400)])
    turno_close(turno=one, user=director)
    table = Table.objects.get(turno=one, number=2)
    table_record_totals(
        table=table, user=director, ns_mp=905, eo_mp=880, version=table.version, reason="Firma"
    )
    return tournament


def closed_individual(director):
    tournament, director = individual_support.individual_tournament(
        director=director, planned_turni=1
    )
    turno = individual_support.drawn_turno(tournament, director)
    individual_support.enter_totals(turno, director, [(1250, 830), (900, 880)])
    turno_close(turno=turno, user=director)
    return tournament


def closed_ko(director):
    tournament = ko_tournament(director, pairs=4)
    first_round = start(tournament, director)
    win(tournament, director, 1, 1)
    win(tournament, director, 1, 2)
    turno_close(turno=first_round, user=director)
    return tournament


def room_pairs_with_a_photo(director):
    tournament = room.pairs_tournament(director)
    entry = PlayerEntry.objects.get(table__turno__tournament=tournament, table__number=4, line="ns")
    entry.photo.save("t4-ns-golden.jpg", ContentFile(PHOTO), save=True)
    return tournament


BUILDERS = (
    site.pairs_tournament,
    site.late_pairs_tournament,
    site.ko_with_options,
    room_pairs_with_a_photo,
    room.ko_with_phones,
    room.individual_with_phones,
    individual.individual_tournament,
    closed_pairs,
    closed_individual,
    closed_ko,
)


@pytest.mark.django_db
def test_write_the_migration_fixture(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    director = make_director("golden")
    tournaments = [build(director) for build in BUILDERS]
    golden = HERE / "golden"
    golden.mkdir(exist_ok=True)
    for old in golden.glob("*.json"):
        old.unlink()
    for tournament in tournaments:
        text = archive_json(tournament_export(tournament))
        (golden / f"{tournament.slug}.json").write_text(text, encoding="utf-8")
    rows = dump_rows(apps)
    for block in rows:
        if block["model"] == "auth.user":
            for user in block["rows"]:
                user["password"] = "!"  # unusable: the fixture keeps no password
    write_rows(HERE / "rows.json", rows)
