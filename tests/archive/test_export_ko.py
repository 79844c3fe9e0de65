"""KO tournaments in the archive: each match's winner, the last-move rule, the final."""

from __future__ import annotations

import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import

from .compare import assert_same_but_the_import_entry
from .conftest import row_counts

pytestmark = pytest.mark.django_db


def deal(ns_cards: int, eo_cards: int, closer: str | None, last_move: str) -> dict:
    def line(cards: int, closes: bool) -> dict:
        return {"cards": cards, "sporco": 1 if closes else 0, "chiusura": closes, "pozzetto": True}

    return {
        "ns": line(ns_cards, closer == "ns"),
        "eo": line(eo_cards, closer == "eo"),
        "end": "chiusura" if closer else "tallone",
        "last_move": last_move,
    }


def ko_archive(ko: dict, first_table: list[dict]) -> dict:
    return {
        "format": "burraco-archive",
        "version": 1,
        "tournament": {
            "name": "Coppa KO",
            "date": "2025-01-12",
            "kind": "ko",
            "ruleset": "classic",
            "ko": ko,
        },
        "pairs": [{"number": n, "players": [f"A{n}", f"B{n}"], "seed": n} for n in (1, 2, 3, 4)],
        "turni": [
            {
                "number": 1,
                "movement": "ko",
                "tables": [
                    {"table": 1, "ns": 1, "eo": 2, "smazzate": first_table},
                    # 300 each after the smazzata: a tie; NS made the last move, so EO wins.
                    {"table": 2, "ns": 3, "eo": 4, "smazzate": [deal(300, 300, None, "ns")]},
                ],
            },
            {
                "number": 2,
                "movement": "ko",
                "tables": [{"table": 1, "ns": 1, "eo": 4, "forfeit": "eo"}],
            },
        ],
    }


def test_ko_results_winners_last_move_and_final():
    # Pair 1 (NS) totals 200 + 100 (sporco) + 100 (chiusura) = 400 against 150.
    data = ko_archive({"mode": "smazzate", "smazzate": 1}, [deal(200, 150, "ns", "ns")])
    exported = tournament_export(tournament_import(data=data))
    assert exported["results"]["ko"] == {
        "matches": [
            {"turno": 1, "table": 1, "winner": 1, "by_last_move": False},
            {"turno": 1, "table": 2, "winner": 4, "by_last_move": True},
            {"turno": 2, "table": 1, "winner": 4, "by_last_move": False},
        ],
        "winner": 4,
    }
    assert "standings" not in exported["results"]
    table_1 = exported["results"]["turni"][0]["tables"][0]
    assert (table_1["ns_mp"], table_1["eo_mp"]) == (400, 150)


def test_ko_defaults_are_written_and_round_trip():
    data = ko_archive({"mode": "punti", "target": 505}, [deal(400, 100, "ns", "ns")])
    first = tournament_export(tournament_import(data=data))
    # Optional for KO; the export writes the stored values so the file says what was used.
    assert first["tournament"]["smazzate_per_turno"] == 3
    assert first["tournament"]["vp_table"] == "fibur-3"
    assert first["tournament"]["ko"] == {"mode": "punti", "target": 505}
    second = tournament_export(tournament_import(data=first))
    assert_same_but_the_import_entry(first, second)
    # 400 + 200 = 600 reaches the target 505 in the first smazzata.
    assert first["results"]["ko"]["matches"][0]["winner"] == 1


def test_ko_unfinished_match_has_no_winner():
    data = ko_archive({"mode": "smazzate", "smazzate": 2}, [deal(200, 150, "ns", "ns")])
    data["turni"][0]["tables"][1]["smazzate"].append(deal(0, 0, None, "eo"))
    exported = tournament_export(tournament_import(data=data))
    first = exported["results"]["ko"]["matches"][0]
    assert first == {"turno": 1, "table": 1, "winner": None, "by_last_move": False}


def test_ko_punti_smazzate_after_the_end_are_refused():
    data = ko_archive(
        {"mode": "punti", "target": 505},
        [deal(400, 100, "ns", "ns"), deal(100, 100, None, "eo")],
    )
    with pytest.raises(ArchiveError) as caught:
        tournament_import(data=data)
    assert caught.value.path == "turni[0].tables[0].smazzate[1]"
    assert row_counts() == dict.fromkeys(row_counts(), 0)
