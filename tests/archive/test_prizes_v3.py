"""Version 3 of the archive: ``tournament.prizes`` read, kept and written back, ``results.prizes``
given by RULES.md §13 from the file's own standings, and every fault ARCHIVE.md lists refused
with its place, nothing written."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.schema import SCHEMA_PATH
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import PrizeList

from .compare import assert_same_but_the_import_entry
from .conftest import row_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]

PRIZES = {
    "cumulative": False,
    "fund": {"fee": "15.00", "percent": 60, "minimum": "20.00", "round": "euro"},
    "categories": [
        {
            "name": "Assoluta",
            "places": [
                {"place": 1, "percent": 50},
                {"place": 2, "amount": "10.00"},
                {"place": 3, "object": "Coppa"},
            ],
        },
        {
            "name": "Ultima coppia",
            "eligible": {"last": True},
            "places": [{"place": 1, "object": "Cucchiaio di legno"}],
        },
    ],
}


@pytest.fixture
def v3(demo) -> dict:
    demo["version"] = 3
    demo["tournament"]["prizes"] = copy.deepcopy(PRIZES)
    return demo


def test_the_prize_list_round_trips_and_gives_the_prizes(v3):
    tournament = tournament_import(data=copy.deepcopy(v3))
    first = tournament_export(tournament)
    assert first["tournament"]["prizes"] == PRIZES
    jsonschema.validate(first, json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    # The prizes by hand from the file's own standings: fund 15 x pairs x 60 %, the overall's
    # half of it to the first, 10 euro to the second, the cup to the third, the spoon to the last.
    standings = first["results"]["standings"]
    assert len({row["rank"] for row in standings[:3]}) == 3, "the demo has no tie at the top"
    assert standings[-1]["rank"] != standings[-2]["rank"]
    fund = 15 * len(v3["pairs"]) * 60 // 100
    assert first["results"]["prizes"] == [
        {
            "category": "Assoluta",
            "place": 1,
            "pair": standings[0]["pair"],
            "amount": f"{fund * 50 // 100}.00",
        },
        {"category": "Assoluta", "place": 2, "pair": standings[1]["pair"], "amount": "10.00"},
        {"category": "Assoluta", "place": 3, "pair": standings[2]["pair"], "object": "Coppa"},
        {
            "category": "Ultima coppia",
            "place": 1,
            "pair": standings[-1]["pair"],
            "object": "Cucchiaio di legno",
        },
    ]
    second = tournament_export(tournament_import(data=first))
    assert_same_but_the_import_entry(first, second)


def test_a_version_2_file_has_no_prizes(v3):
    v3["version"] = 2
    with pytest.raises(ArchiveError) as caught:
        tournament_import(data=v3)
    assert "prizes" in str(caught.value)


def _spoil(path, value):
    def spoil(data):
        target = data["tournament"]["prizes"]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return spoil


CASES = [
    (
        _spoil(["categories", 0, "places", 1, "amount"], "10"),
        "tournament.prizes.categories[0].places[1].amount",
        "two decimals",
    ),
    (
        _spoil(["categories", 0, "places", 1, "place"], 3),
        "tournament.prizes.categories[0].places[1].place",
        "places run",
    ),
    (
        _spoil(["categories", 0, "places", 0, "percent"], 101),
        "tournament.prizes.categories[0].places[0].percent",
        "",
    ),
    (
        _spoil(["categories", 1, "places"], [{"place": 1, "percent": 60}]),
        "tournament.prizes",
        "more than 100",
    ),
    (_spoil(["fund"], None), "tournament.prizes.fund", ""),
    (
        _spoil(["categories", 1, "eligible", "sex"], "X"),
        "tournament.prizes.categories[1].eligible.sex",
        "",
    ),
    (
        _spoil(["categories", 1, "eligible", "age"], 70),
        "tournament.prizes.categories[1].eligible.age",
        "",
    ),
    (
        _spoil(["categories", 0, "places", 2, "amount"], "5.00"),
        "tournament.prizes.categories[0].places[2]",
        "one of",
    ),
    (
        _spoil(["categories", 1, "eligible", "last"], False),
        "tournament.prizes.categories[1].eligible.last",
        "true",
    ),
]


@pytest.mark.parametrize(("spoil", "where", "says"), CASES)
def test_a_bad_prize_list_is_refused_with_its_place_and_nothing_written(v3, spoil, where, says):
    spoil(v3)
    before = row_counts()
    with pytest.raises(ArchiveError) as caught:
        tournament_import(data=v3)
    assert caught.value.path == where
    assert says in str(caught.value)
    assert row_counts() == before
    assert not PrizeList.objects.exists()


def test_a_percent_place_needs_a_fund(v3):
    del v3["tournament"]["prizes"]["fund"]
    with pytest.raises(ArchiveError) as caught:
        tournament_import(data=v3)
    assert caught.value.path == "tournament.prizes.categories[0].places[0]"
    assert "needs a fund" in str(caught.value)
