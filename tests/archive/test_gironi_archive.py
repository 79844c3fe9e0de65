"""The gironi in the archive (ARCHIVE.md "Version 3", Gironi): written and read back exactly,
``results.gironi`` agreeing with the file's own arithmetic, and every error of the contract
refused with its place, writing nothing."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.gironi import girone_standings
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.scores import table_record_totals
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.factories import make_director
from tests.module_data import module_data
from tests.tournaments.gironi_support import enter, gironi_played, pairs_evening

from .compare import assert_same_but_the_import_entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


def _play_the_evening() -> tuple[int, int]:
    """15 pairs: turni 1-2 by hand, turni 3-4 in gironi (A 3 tables, B 4 and a riposo), the
    girone standings over the phase only, the overall standings by VP; played by its director.
    Built in English, as the tests run."""
    with translation.override("en"):
        director = make_director()
        tournament = pairs_evening(director)
        gironi_played(tournament, director, standings="phase_only", overall="by_vp")
        four = turno_draw(tournament=tournament, user=director, request=DrawRequest("danese"))
        turno_publish(turno=four, user=director)
        enter(four, lambda t: (1000, 300) if t.girone_number % 2 else (500, 600))
    return tournament.pk, director.pk


@pytest.fixture(scope="module")
def _evening_keys(request, django_db_setup, django_db_blocker):
    """The evening, played once for the module (tests/module_data.py)."""
    yield from module_data(request, django_db_blocker, _play_the_evening)


@pytest.fixture
def director(_evening_keys, db):
    """The evening's director."""
    return get_user_model().objects.get(pk=_evening_keys[1])


@pytest.fixture
def evening(_evening_keys, db) -> Tournament:
    """The evening, read again for each test: its changes roll back before the next one."""
    return Tournament.objects.get(pk=_evening_keys[0])


def test_round_trip_is_exact_and_the_copy_is_the_same_tournament(evening):
    first = tournament_export(evening)
    assert first["version"] == 3
    assert first["tournament"]["gironi_standings"] == "phase_only"
    assert first["tournament"]["gironi_overall"] == "by_vp"
    assert "gironi" not in first["turni"][1]
    assert [g["name"] for g in first["turni"][2]["gironi"]] == ["A", "B"]
    assert first["turni"][2]["gironi"] == first["turni"][3]["gironi"]
    tables = first["turni"][2]["tables"]
    assert [(t["girone"], t["table"]) for t in tables] == [("A", 1), ("A", 2), ("A", 3)] + [
        ("B", n) for n in range(1, 5)
    ]
    copy_ = tournament_import(data=json.dumps(first))
    assert_same_but_the_import_entry(first, tournament_export(copy_))
    assert copy_.gironi_from == 3
    same = [
        (g.name, [(r.rank, r.entrant.number, r.vp) for r in g.rows])
        for g in girone_standings(tournament=copy_)
    ]
    assert same == [
        (g.name, [(r.rank, r.entrant.number, r.vp) for r in g.rows])
        for g in girone_standings(tournament=evening)
    ]
    assert [t.label for t in copy_.turni.get(number=4).tables.order_by("number")][:4] == [
        "A1",
        "A2",
        "A3",
        "B1",
    ]


def test_results_gironi_agree_with_the_files_own_arithmetic(evening):
    """Phase only: a girone's VP are its entrants' table VP and riposi of turni 3 and 4."""
    data = tournament_export(evening)
    vp: dict[int, int] = {}
    results = {r["number"]: r for r in data["results"]["turni"]}
    for turno in data["turni"][2:]:
        rows = {(r["girone"], r["table"]): r for r in results[turno["number"]]["tables"]}
        for table in turno["tables"]:
            row = rows[table["girone"], table["table"]]
            vp[table["ns"]] = vp.get(table["ns"], 0) + row["ns_vp"]
            vp[table["eo"]] = vp.get(table["eo"], 0) + row["eo_vp"]
        for pair in turno.get("byes", []):
            vp[pair] = vp.get(pair, 0) + 14  # fibur-3's riposo
    for girone in data["results"]["gironi"]:
        members = next(
            g["pairs"] for g in data["turni"][2]["gironi"] if g["name"] == girone["name"]
        )
        assert sorted(r["pair"] for r in girone["standings"]) == sorted(members)
        assert {r["pair"]: r["vp"] for r in girone["standings"]} == {p: vp[p] for p in members}
        assert girone["standings"][0]["rank"] == 1
        listed = [r["vp"] for r in girone["standings"]]
        assert listed == sorted(listed, reverse=True)
    # by_vp: the overall standings are everyone by total VP, as without gironi.
    overall = [r["vp"] for r in data["results"]["standings"]]
    assert overall == sorted(overall, reverse=True)


def _spoil(data, change):
    spoilt = json.loads(json.dumps(data))  # as a file: no list shared between turni
    change(spoilt)
    return spoilt


CASES = {
    "version 2": (
        lambda d: d.update(version=2),
        "tournament.gironi_standings",
        "unknown key",
    ),
    "twice": (
        lambda d: d["turni"][2]["gironi"][1]["pairs"].append(
            d["turni"][2]["gironi"][0]["pairs"][0]
        ),
        "turni[2].gironi[1].pairs[9]",
        "already in girone A",
    ),
    "missing": (
        lambda d: d["turni"][2]["gironi"][1]["pairs"].pop(),
        "turni[2].gironi",
        "is not in any girone",
    ),
    "membership changes": (
        lambda d: (
            d["turni"][3]["gironi"].reverse()
            or [g.update(name=n) for g, n in zip(d["turni"][3]["gironi"], "AB", strict=True)]
        ),
        "turni[3].gironi",
        "same entrants in every turno",
    ),
    "phase stops": (
        lambda d: d["turni"][3].pop("gironi"),
        "turni[3].gironi",
        "run to the last turno",
    ),
    "table without girone": (
        lambda d: d["turni"][2]["tables"][0].pop("girone"),
        "turni[2].tables[0].girone",
        "names its girone",
    ),
    "unknown girone": (
        lambda d: d["turni"][2]["tables"][0].update(girone="Z"),
        "turni[2].tables[0].girone",
        "no girone Z",
    ),
    "girone outside the phase": (
        lambda d: d["turni"][1]["tables"][0].update(girone="A"),
        "turni[1].tables[0].girone",
        "not played in gironi",
    ),
    "same table twice": (
        lambda d: d["turni"][2]["tables"][1].update(table=1),
        "turni[2].tables[1].table",
        "table A1 is already listed",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_errors_are_refused_with_their_place(evening, case):
    change, path, reason = CASES[case]
    data = _spoil(tournament_export(evening), change)
    before = Tournament.objects.count()
    with pytest.raises(ArchiveError) as refused:
        tournament_import(data=json.dumps(data))
    assert refused.value.path == path, str(refused.value)
    assert reason in str(refused.value)
    assert Tournament.objects.count() == before


def test_a_line_outside_the_tables_girone_and_a_second_riposo_are_refused(evening):
    data = tournament_export(evening)
    b = next(g for g in data["turni"][2]["gironi"] if g["name"] == "B")
    a_table = data["turni"][2]["tables"][0]
    # Swap an A pair at table A1 with a B pair resting: the line is then not in girone A.
    resting = data["turni"][2]["byes"][0]
    spoilt = _spoil(data, lambda d: d["turni"][2]["tables"][0].update(ns=resting))
    spoilt["turni"][2]["byes"] = [a_table["ns"]]
    with pytest.raises(ArchiveError, match="is not in girone A"):
        read_archive(json.dumps(spoilt))
    assert b["pairs"]
    # Two pairs of B resting in the same turno.
    two = _spoil(data, lambda d: None)
    table = next(t for t in two["turni"][2]["tables"] if t["girone"] == "B")
    two["turni"][2]["tables"].remove(table)
    two["turni"][2]["byes"] = sorted([*two["turni"][2]["byes"], table["ns"], table["eo"]])
    with pytest.raises(ArchiveError, match="already has its riposo"):
        read_archive(json.dumps(two))


def test_gironi_are_an_error_for_a_knock_out(demo):
    demo["version"] = 3
    demo["tournament"]["kind"] = "ko"
    demo["tournament"]["ko"] = {"mode": "smazzate", "smazzate": 2}
    demo["tournament"]["gironi_overall"] = "by_vp"
    with pytest.raises(ArchiveError) as refused:
        read_archive(json.dumps(demo))
    assert refused.value.path == "tournament.gironi_overall"
    assert "not played in gironi" in str(refused.value)


def test_the_overall_standings_by_girone_come_from_the_file(evening):
    data = tournament_export(evening)
    data["tournament"]["gironi_overall"] = "by_girone"
    copy_ = tournament_import(data=json.dumps(data))
    rows = standings(tournament=copy_)
    assert [r.girone for r in rows] == ["A"] * 6 + ["B"] * 9


def test_a_result_corrected_after_the_close_in_girone_b_round_trips(evening, director):
    """The room's parts of the file name a table by the site's number (B1 is table 4 of turno
    3): a correction of B1 after its turno was closed imports and exports the same."""
    three = evening.turni.get(number=3)
    turno_close(turno=three, user=director)
    b1 = three.tables.get(girone="B", girone_number=1)
    table_record_totals(
        table=b1, user=director, ns_mp=800, eo_mp=700, version=b1.version, reason="Errore"
    )
    first = tournament_export(evening)
    assert first["tournament"]["settings"]["corrected_results"][0]["table"] == b1.number
    copy_ = tournament_import(data=json.dumps(first))
    assert_same_but_the_import_entry(first, tournament_export(copy_))
    corrected = copy_.turni.get(number=3).tables.get(corrected_at__isnull=False)
    assert corrected.label == "B1"
