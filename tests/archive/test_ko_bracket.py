"""A KO bracket played on the pages, exported and imported: the same bracket and results.ko."""

from __future__ import annotations

import pytest

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.selectors.ko import ko_bracket
from tests.factories import make_director
from tests.tournaments.ko_support import deal, ko_tournament, play, start, win

from .compare import assert_same_but_the_import_entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(db):
    return make_director()


def places(tournament) -> list[tuple[int, int, bool]]:
    return [(p.place, p.pair.number, p.shared) for p in ko_bracket(tournament=tournament).places]


def played_bracket(director, *, seeds, third_place=True):
    """Six pairs whose seeds are not their numbers, so the byes must come back by seed."""
    tournament = ko_tournament(director, pairs=6)
    start(tournament, director, seeds=seeds, third_place=third_place)
    # Round 1 table 1: a tie 500-500, the NS line made the last move: EO goes on.
    play(tournament, director, 1, 1, deal(100, 200, "eo"), deal(400, 300, "ns"))
    win(tournament, director, 1, 2, "ns")
    win(tournament, director, 2, 1, "eo")
    win(tournament, director, 2, 2, "ns")
    win(tournament, director, 3, 1, "ns")
    if third_place:
        win(tournament, director, 3, 2, "eo")
    return tournament


SEEDS = {6: 1, 2: 2, 5: 3, 1: 4, 4: 5, 3: 6}


def test_results_ko_names_every_match_the_last_move_and_the_champion(director):
    tournament = played_bracket(director, seeds=SEEDS)
    exported = tournament_export(tournament)
    ko = exported["results"]["ko"]
    # Round 1: seed 4 (pair 1) v seed 5 (pair 4) tied, pair 1 made the last move: 4 goes on.
    assert ko["matches"][0] == {"turno": 1, "table": 1, "winner": 4, "by_last_move": True}
    assert [m["turno"] for m in ko["matches"]] == [1, 1, 2, 2, 3, 3]
    assert not any(m["by_last_move"] for m in ko["matches"][1:])
    champion = ko_bracket(tournament=tournament).champion
    assert ko["winner"] == champion.number
    # The final is table 1 of round 3, not the third-place match at table 2.
    assert ko["matches"][4]["winner"] == champion.number != ko["matches"][5]["winner"]
    assert "standings" not in exported["results"]
    assert {p["number"]: p["seed"] for p in exported["pairs"]} == SEEDS


def test_a_played_bracket_round_trips_with_its_seeds_byes_and_third_place(director):
    tournament = played_bracket(director, seeds=SEEDS)
    first = tournament_export(tournament)
    imported = tournament_import(data=archive_json(first).encode())
    assert_same_but_the_import_entry(first, tournament_export(imported))
    assert imported.ko_third_place is True
    assert places(imported) == places(tournament)
    original, copy = ko_bracket(tournament=tournament), ko_bracket(tournament=imported)
    assert [[(m.slot.ns, m.slot.eo) for m in r.matches] for r in copy.rounds] == [
        [(m.slot.ns, m.slot.eo) for m in r.matches] for r in original.rounds
    ]
    assert not copy.strays and copy.ready == 0


def test_a_bracket_in_progress_goes_on_after_the_import(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "ns")
    imported = tournament_import(data=tournament_export(tournament), owner=director)
    assert imported.ko_third_place is False
    win(imported, director, 1, 2, "eo")
    final = imported.turni.get(number=2).tables.get()
    assert (final.ns.number, final.eo.number) == (1, 3)


def test_a_file_whose_first_round_is_no_bracket_imports_without_a_champion(director):
    data = {
        "format": "burraco-archive",
        "version": 1,
        "tournament": {
            "name": "Coppa strana",
            "date": "2025-02-02",
            "kind": "ko",
            "ruleset": "classic",
            "ko": {"mode": "smazzate", "smazzate": 1},
        },
        "pairs": [{"number": n, "players": [f"A{n}", f"B{n}"]} for n in range(1, 7)],
        "turni": [
            {
                "number": 1,
                "movement": "manual",
                "tables": [
                    {"table": t, "ns": 2 * t - 1, "eo": 2 * t, "smazzate": []} for t in (1, 2, 3)
                ],
            }
        ],
    }
    imported = tournament_import(data=data)
    assert tournament_export(imported)["results"]["ko"] == {
        "matches": [
            {"turno": 1, "table": t, "winner": None, "by_last_move": False} for t in (1, 2, 3)
        ],
        "winner": None,
    }
    page = ko_bracket(tournament=imported)
    assert "3" in page.error and page.rounds == []
