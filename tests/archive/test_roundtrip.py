"""Export, import the file, export again: the same file but for the one log entry the import
adds (ARCHIVE.md "Version 2", round trip), results included.

The demo and the generated tournaments are written in the exporter's canonical form, so the
export must also give back exactly the file that was imported (plus ``results`` and the import's
log entry). A version 1 file imports as it always did: its export is the same file in version 3
(a version 2 file's too: only the version number differs, ``as_version_2``).
"""

from __future__ import annotations

import copy
import random

import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import

from .compare import assert_same_but_the_import_entry, without_import_entry
from .factory import random_archive, random_archive_v2

pytestmark = pytest.mark.django_db

SEEDS = range(60)


def without_results(archive: dict) -> dict:
    return {key: value for key, value in archive.items() if key != "results"}


def as_version_1(archive: dict) -> dict:
    """An export of a version 1 file without what version 2 added on the way: the version, the
    log (the import's entry alone), the turni planned, the third place and the closed turni (its
    complete ones, closed to the phones too) the import inferred."""
    data = copy.deepcopy(without_results(archive))
    data["version"] = 1
    assert [entry["action"] for entry in data.pop("log")] == ["tournament_import"]
    data["tournament"].pop("planned_turni", None)
    data["tournament"].get("ko", {}).pop("third_place", None)
    settings = data["tournament"].get("settings", {})
    settings.pop("closed_turni", None)
    turni = [
        {key: value for key, value in item.items() if key != "players_closed"}
        for item in settings.pop("turni", [])
    ]
    if any(set(item) != {"number"} for item in turni):
        settings["turni"] = turni
    if "settings" in data["tournament"] and not settings:
        del data["tournament"]["settings"]
    return data


def as_version_2(archive: dict) -> dict:
    """An export of a version 2 file: the same file but for its version, 3 now (the names of a
    version 2 file make people who know nothing more, so no PERSON is written)."""
    assert archive["version"] == 3
    return {**archive, "version": 2}


def round_trip(data) -> tuple[dict, dict]:
    first = tournament_export(tournament_import(data=data))
    second = tournament_export(tournament_import(data=first))
    return first, second


def test_demo_round_trip(demo, demo_bytes):
    first, second = round_trip(demo_bytes)
    assert_same_but_the_import_entry(first, second)
    assert as_version_1(first) == demo
    assert first["tournament"]["planned_turni"] == 3  # every turno played: the plan is done
    # Its standings were final before turni were closed: every complete turno is.
    closed = first["tournament"]["settings"]["closed_turni"]
    assert [item["turno"] for item in closed] == [1, 2, 3]
    assert [row["pair"] for row in first["results"]["standings"]][:1] == [2]


@pytest.mark.parametrize("seed", SEEDS)
def test_generated_version_1_round_trip(seed):
    data = random_archive(seed)
    first, second = round_trip(copy.deepcopy(data))
    assert as_version_1(first) == data
    assert_same_but_the_import_entry(first, second)
    played = [t for turno in first["results"]["turni"] for t in turno["tables"]]
    assert len(played) == sum(
        1 for turno in data["turni"] for table in turno["tables"] if table.get("smazzate") != []
    )
    if data["tournament"]["kind"] == "pairs":
        assert len(first["results"]["standings"]) == len(data["pairs"])
        assert "ko" not in first["results"]
    else:
        assert "standings" not in first["results"]
        matches = first["results"]["ko"]["matches"]
        assert len(matches) == sum(len(t["tables"]) for t in data["turni"])


@pytest.mark.parametrize("seed", SEEDS)
def test_generated_version_2_round_trip(seed):
    data = random_archive_v2(seed)
    first, second = round_trip(copy.deepcopy(data))
    assert as_version_2(without_import_entry(without_results(first))) == data
    assert_same_but_the_import_entry(first, second)


def test_generator_covers_the_cases():
    """The seeds above include every shape of tournament the round trip must survive."""
    archives = [random_archive(seed) for seed in SEEDS]
    tables = [t for a in archives for turno in a["turni"] for t in turno["tables"]]
    assert any(a["tournament"]["kind"] == "ko" for a in archives)
    assert any(
        a["tournament"]["ko"]["mode"] == "punti" for a in archives if "ko" in a["tournament"]
    )
    assert any(isinstance(a["tournament"]["vp_table"], list) for a in archives)
    assert {a["tournament"]["ruleset"] for a in archives} == {"classic", "reale", "internazionale"}
    assert any(a["tournament"].get("semipulito") is False for a in archives)
    assert any(len(a["pairs"]) % 2 for a in archives) and any(
        len(a["pairs"]) % 2 == 0 for a in archives
    )
    assert any(turno.get("byes") for a in archives for turno in a["turni"])
    assert any("totals" in t for t in tables) and any("forfeit" in t for t in tables)
    assert any(t.get("smazzate") == [] for t in tables)
    assert any(a["penalties"] for a in archives)
    assert any("tiebreaks" in a["tournament"] for a in archives)


def test_generator_covers_version_2():
    archives = [random_archive_v2(seed) for seed in SEEDS]
    tournaments = [a["tournament"] for a in archives]
    tables = [t for a in archives for turno in a["turni"] for t in turno["tables"]]
    assert any(turno.get("published") is False for a in archives for turno in a["turni"])
    assert any("withdrawn" in pair for a in archives for pair in a["pairs"])
    assert any("loser_vp" in t.get("forfeit", {}) for t in tournaments)
    assert any(t.get("ko", {}).get("third_place") for t in tournaments)
    assert {r["mode"] for t in tournaments for r in t.get("ko", {}).get("rounds", [])} == {
        "punti",
        "smazzate",
    }
    assert any("last_move" in t.get("totals", {}) for t in tables)
    assert any("given_by" in p for a in archives for p in a["penalties"])
    assert any("number_draw" in t for t in tournaments)
    assert any("settings" in t for t in tournaments)
    assert any(len(a["log"]) >= 3 for a in archives)


def test_loose_file_exports_in_canonical_form(demo):
    """A valid file written by hand (any order, defaults left out) exports canonically."""
    loose = copy.deepcopy(demo)
    random.Random(7).shuffle(loose["pairs"])
    for turno in loose["turni"]:
        turno["tables"].reverse()
        turno["byes"] = list(reversed(turno["byes"]))
        for table in turno["tables"]:
            for smazzata in table.get("smazzate", []):
                for line in ("ns", "eo"):
                    for key in ("pulito", "semipulito", "sporco", "chiusura"):
                        if not smazzata[line][key]:
                            del smazzata[line][key]
    loose["tournament"]["semipulito"] = True
    loose["results"] = {"anything": "is ignored"}
    first, second = round_trip(loose)
    assert as_version_1(first) == demo
    assert_same_but_the_import_entry(first, second)


def test_tournament_without_turni_round_trips():
    data = random_archive(3)
    data["turni"], data["penalties"] = [], []
    first, second = round_trip(copy.deepcopy(data))
    assert as_version_1(first) == data
    assert first["results"]["turni"] == []
    assert_same_but_the_import_entry(first, second)


def test_export_query_count_does_not_grow_with_the_tournament(
    demo_bytes, django_assert_max_num_queries
):
    tournament = tournament_import(data=demo_bytes)
    # A fixed number of queries per part of the file (the room and the closed turni read two
    # each, the entrants' people one), never one per pair, table or smazzata.
    with django_assert_max_num_queries(19):
        tournament_export(tournament)
