"""The gironi of an individual tournament: the players cut four to a table, the Danese
individuale drawn inside each girone with up to three players resting in the last girone, each
girone's standings, and the archive's exact round trip."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import Movement, TableSeat
from burraco_tourney.tournaments.selectors.gironi import girone_standings
from burraco_tourney.tournaments.services.turni import turno_publish
from tests.archive.compare import assert_same_but_the_import_entry
from tests.tournaments.gironi_support import start
from tests.tournaments.individual_support import drawn_turno, enter_totals, individual_tournament

pytestmark = pytest.mark.django_db

NAMES = [f"Giocatore {chr(65 + i // 10)}{i % 10}" for i in range(27)]


def _lines(turno):
    lines: dict[int, dict[str, set[int]]] = {}
    for table, girone, line, number in TableSeat.objects.filter(table__turno=turno).values_list(
        "table__number", "table__girone", "line", "entrant__number"
    ):
        lines.setdefault(table, {"girone": girone, "ns": set(), "eo": set()})[line].add(number)
    return lines


def test_individual_gironi_draw_rank_and_round_trip(client):
    tournament, director = individual_tournament(names=NAMES, planned_turni=4)
    for _turno in (1, 2):
        turno = drawn_turno(tournament, director)
        enter_totals(turno, director, [(900 + 10 * t, 400) for t in range(6)])
    third = start(tournament, director, sizes=(3, 3))
    girone = dict(tournament.entrants.values_list("number", "girone"))
    assert sorted(girone.values()).count("A") == 12
    assert sorted(girone.values()).count("B") == 15
    labels = [t.label for t in third.tables.order_by("number")]
    assert labels == ["A1", "A2", "A3", "B1", "B2", "B3"]
    for table in _lines(third).values():
        assert {girone[p] for p in table["ns"] | table["eo"]} == {table["girone"]}
    resting = list(third.byes.values_list("entrant__number", flat=True))
    assert len(resting) == 3 and {girone[p] for p in resting} == {"B"}
    client.force_login(director)
    url = reverse("manage:turno_preview", args=[tournament.slug, 3])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ">A1</td>" in page and ">B3</td>" in page
    turno_publish(turno=third, user=director)
    enter_totals(third, director, [(1000, 300)] * 6)
    fourth = drawn_turno(tournament, director, movement=Movement.DANESE)
    for table in _lines(fourth).values():
        assert {girone[p] for p in table["ns"] | table["eo"]} == {table["girone"]}
    enter_totals(fourth, director, [(700, 600)] * 6)
    gironi = girone_standings(tournament=tournament)
    assert [(g.name, len(g.rows)) for g in gironi] == [("A", 12), ("B", 15)]
    assert all(g.rows[0].rank == 1 for g in gironi)

    first = tournament_export(tournament)
    assert first["turni"][2]["gironi"][0] == {
        "name": "A",
        "players": sorted(n for n, g in girone.items() if g == "A"),
    }
    assert [t["girone"] for t in first["turni"][3]["tables"]] == ["A"] * 3 + ["B"] * 3
    assert {g["name"] for g in first["results"]["gironi"]} == {"A", "B"}
    copy_ = tournament_import(data=json.dumps(first))
    assert_same_but_the_import_entry(first, tournament_export(copy_))
