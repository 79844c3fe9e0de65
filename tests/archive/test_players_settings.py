"""The players' settings travel with the archive: "players enter their tables" and "accept when
both lines agree" come back exactly; an accepted table is a normal result, and the tables'
secret links are never in the file (the lines' entries are: test_roundtrip_room.py)."""

from __future__ import annotations

import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.schema import check_structure
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.services import player_entries as services
from tests.factories import make_director
from tests.tournaments.player_support import players_turno, three_smazzate

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("enter, auto_accept", [(True, False), (True, True), (False, True)])
def test_the_players_settings_come_back_exactly(enter, auto_accept):
    tournament, turno = players_turno(auto_accept=auto_accept)
    tournament.players_enter = enter
    tournament.save()
    first = tournament_export(tournament)
    check_structure(first)
    copy = tournament_import(data=first, owner=make_director())
    assert (copy.players_enter, copy.players_auto_accept) == (enter, auto_accept)
    second = tournament_export(copy)
    assert second["tournament"] == first["tournament"]


def test_an_accepted_table_is_a_normal_result_and_the_links_stay_out():
    tournament, turno = players_turno(tables=2)
    links = services.turno_links_ensure(turno=turno)
    first, second = turno.tables.order_by("number")
    for line in ("ns", "eo"):
        services.player_entry_save(
            access=links[first.pk], line=line, session=line, smazzate=three_smazzate(), version=0
        )
    services.player_entry_save(
        access=links[second.pk], line="ns", session="ns", smazzate=three_smazzate(), version=0
    )
    data = tournament_export(tournament)
    tables = data["turni"][0]["tables"]
    assert "smazzate" in tables[0]
    assert not tables[1].get("smazzate") and "totals" not in tables[1]
    text = str(data)
    assert links[first.pk].token not in text and links[second.pk].token not in text


def test_an_unknown_players_key_is_refused():
    tournament, _ = players_turno()
    data = tournament_export(tournament)
    data["tournament"]["players"] = {"enter": True, "vote": 3}
    with pytest.raises(ArchiveError):
        tournament_import(data=data, owner=make_director())
