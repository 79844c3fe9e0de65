"""The archive kind ``individual`` (ARCHIVE.md "Kind individual"): an individual tournament the
site brought to every state (smazzate, totals, a forfeit, a riposo, a penalty per player, a
withdrawn player, a draft turno) exports with players, lines of two player numbers and standings
by player, and its export imported and exported again is the same file but for the import's log
entry."""

from __future__ import annotations

import copy

import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Movement
from burraco_tourney.tournaments.selectors.standings import standings as individual_standings
from burraco_tourney.tournaments.services.entrants import entrant_create, entrant_set_withdrawn
from burraco_tourney.tournaments.services.penalties import penalty_add
from burraco_tourney.tournaments.services.scores import (
    table_record_forfeit,
    table_record_smazzate,
    table_record_totals,
)
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.factories import make_tournament

from .compare import assert_same_but_the_import_entry

pytestmark = pytest.mark.django_db

NAMES = ["Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Russo", "Elena Ferrari"]
NAMES += ["Fabio Esposito", "Giulia Romano", "Luca Colombo", "Marta Ricci"]


def closing(cards_ns: int, cards_eo: int) -> SmazzataEntry:
    return SmazzataEntry(
        ns=LineEntry(cards_ns, pulito=1, chiusura=True),
        eo=LineEntry(cards_eo, sporco=1),
        end="chiusura",
    )


def individual_tournament(director):
    tournament = make_tournament(kind="individual", tiebreaks=["scarto", "mp"])
    for name in NAMES:
        entrant_create(tournament=tournament, user=director, name=name, club="Circolo Aurora")
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest(Movement.ROTATION))
    turno = turno_publish(turno=turno, user=director)
    first, second = turno.tables.order_by("number")
    table_record_smazzate(
        table=first, user=director, smazzate=[closing(300, 45), closing(120, 200)], version=0
    )
    table_record_forfeit(table=second, user=director, absent="eo", version=0)
    penalty_add(
        tournament=tournament,
        user=director,
        entrant=tournament.entrants.get(number=2),
        turno=turno,
        vp=-1,
        mp=-50,
        reason="Ritardo",
    )
    entrant_set_withdrawn(
        entrant=tournament.entrants.get(number=9), user=director, withdrawn=True, reason="Malore"
    )
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest(Movement.ROTATION))
    turno = turno_publish(turno=turno, user=director)
    table = turno.tables.order_by("number").first()
    table_record_totals(table=table, user=director, ns_mp=1105, eo_mp=700, version=0)
    turno_draw(tournament=tournament, user=director, request=DrawRequest(Movement.ROTATION))
    return tournament


def test_an_individual_tournament_round_trips(director):
    original = individual_tournament(director)
    first = tournament_export(original)
    assert first["tournament"]["kind"] == "individual"
    assert "pairs" not in first and "tiebreaks" not in first["tournament"]
    assert first["players"][0] == {"number": 1, "name": "Anna Rossi", "club": "Circolo Aurora"}
    assert first["players"][8]["withdrawn"] == {"after_turno": 1, "reason": "Malore"}
    table = first["turni"][0]["tables"][0]
    assert len(table["ns"]) == 2 and len(table["eo"]) == 2 and len(table["smazzate"]) == 2
    assert first["turni"][0]["byes"] and first["turni"][2]["published"] is False
    assert first["penalties"][0]["player"] == 2
    assert set(first["results"]["standings"][0]) == {"rank", "player", "vp", "scarto", "mp"}

    imported = tournament_import(data=first, owner=director)
    second = tournament_export(imported)
    assert_same_but_the_import_entry(first, second)
    assert [(r.player.name, r.vp, r.scarto) for r in individual_standings(tournament=imported)] == [
        (r.player.name, r.vp, r.scarto) for r in individual_standings(tournament=original)
    ]


def test_a_player_seated_twice_in_a_turno_is_refused_with_its_place(director):
    data = tournament_export(individual_tournament(director))
    broken = copy.deepcopy(data)
    table = broken["turni"][0]["tables"][0]
    table["eo"][0] = table["ns"][0]
    with pytest.raises(ArchiveError) as error:
        read_archive(broken)
    assert error.value.path == "turni[0].tables[0].eo[0]"


def test_head_to_head_is_refused_for_individuals(director):
    data = tournament_export(individual_tournament(director))
    data["tournament"]["tiebreaks"] = ["head_to_head", "mp"]
    with pytest.raises(ArchiveError) as error:
        read_archive(data)
    assert error.value.path == "tournament.tiebreaks[0]"


@pytest.mark.usefixtures("english_messages")
def test_a_player_withdrawn_then_seated_is_refused_with_its_place(director):
    data = tournament_export(individual_tournament(director))
    broken = copy.deepcopy(data)
    seated = broken["turni"][0]["tables"][0]["ns"][0]
    index = next(i for i, p in enumerate(broken["players"]) if p["number"] == seated)
    broken["players"][index]["withdrawn"] = {"after_turno": 0}
    with pytest.raises(ArchiveError) as error:
        read_archive(broken)
    assert error.value.path == f"players[{index}].withdrawn.after_turno"
    assert f"player {seated} withdrew after turno 0 but plays in turno 1" in str(error.value)
