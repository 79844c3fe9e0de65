"""The round trip of tournaments the site itself brought to every state a director reaches:
drafts, withdrawals, forfeits, corrections, penalties, rule options, the number draw, a KO with a
third-place match, a round of its own length and a tie entered as totals with its last move.

Each is built through the services, as the pages do; its export imported and exported again is
the same file but for the import's log entry, and the copy is the same tournament.
"""

from __future__ import annotations

import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.room_state import ROOM_KEYS
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Table, Tournament
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.anomalies import anomaly_dismiss
from burraco_tourney.tournaments.services.clock import tournament_clock_set, turno_clock_start
from burraco_tourney.tournaments.services.entrants import (
    entrant_create,
    entrant_numbers_draw,
    entrant_set_withdrawn,
)
from burraco_tourney.tournaments.services.ko import ko_set_third_place
from burraco_tourney.tournaments.services.late_pairs import MissedChoice
from burraco_tourney.tournaments.services.penalties import penalty_add
from burraco_tourney.tournaments.services.scores import (
    table_record_forfeit,
    table_record_smazzate,
    table_record_totals,
)
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.factories import make_pairs, make_tournament
from tests.tournaments.ko_support import ko_tournament, start, win

from .compare import assert_same_but_the_import_entry

pytestmark = pytest.mark.django_db


def closing(cards_ns: int, cards_eo: int) -> SmazzataEntry:
    return SmazzataEntry(
        ns=LineEntry(cards_ns, pulito=1, chiusura=True),
        eo=LineEntry(cards_eo, sporco=1),
        end="chiusura",
    )


def table(tournament: Tournament, turno: int, number: int) -> Table:
    return Table.objects.get(turno__tournament=tournament, turno__number=turno, number=number)


def pairs_tournament(director) -> Tournament:
    rules = get_ruleset("classic", chiusura_bonus=150, bonuses={"pulito": 250}).to_dict()
    tournament = make_tournament(owner=director, rules=rules, planned_turni=4, forfeit_loser_vp=2)
    tournament.directors.add(director)
    make_pairs(tournament, 7)
    entrant_numbers_draw(tournament=tournament, user=director, seed="fa1r")
    first = turno_draw(tournament=tournament, user=director, request=DrawRequest("mitchell"))
    turno_publish(turno=first, user=director)
    current = table(tournament, 1, 1)
    table_record_smazzate(
        table=current, user=director, smazzate=[closing(150, 40)], version=current.version
    )
    current = table(tournament, 1, 1)  # a correction, with its reason
    table_record_smazzate(
        table=current,
        user=director,
        smazzate=[closing(150, 40), closing(60, -20)],
        version=current.version,
        reason="Errore di somma",
    )
    current = table(tournament, 1, 2)
    table_record_totals(table=current, user=director, ns_mp=900, eo_mp=450, version=current.version)
    current = table(tournament, 1, 3)
    table_record_forfeit(table=current, user=director, absent="eo", version=current.version)
    penalty_add(
        tournament=tournament,
        user=director,
        entrant=tournament.entrants.get(number=2),
        turno=tournament.turni.get(number=1),
        vp=-1,
        mp=-100,
        reason="Ritardo oltre 5 minuti",
    )
    entrant_set_withdrawn(
        entrant=tournament.entrants.get(number=5), user=director, withdrawn=True, reason="Malore"
    )
    # The turno clock, started; an anomaly (2 smazzate of 3) dismissed with a note.
    tournament_clock_set(
        tournament=tournament, user=director, turno_minutes=70, last_smazzata_minutes=12
    )
    turno_clock_start(turno=tournament.turni.get(number=1), user=director)
    anomaly_dismiss(
        table=table(tournament, 1, 1), user=director, code="smazzate_count", note="Tempo scaduto"
    )
    turno_draw(tournament=tournament, user=director, request=DrawRequest("danese"))  # a draft
    return tournament


def ko_with_options(director) -> Tournament:
    tournament = ko_tournament(
        director, pairs=8, ko_rounds=[{"round": 3, "mode": "punti", "target": 505}]
    )
    start(tournament, director, third_place=True)
    for number in (1, 2, 3):
        win(tournament, director, 1, number)
    current = table(tournament, 1, 4)  # a tie entered as totals: NS made the last move, EO wins
    table_record_totals(
        table=current, user=director, ns_mp=400, eo_mp=400, version=current.version, last_move="ns"
    )
    ko_set_third_place(tournament=tournament, user=director, third_place=True)
    return tournament


def test_a_pairs_tournament_in_play_round_trips(director):
    original = pairs_tournament(director)
    first = tournament_export(original)
    copy = tournament_import(data=first, owner=director)
    second = tournament_export(copy)
    assert_same_but_the_import_entry(first, second)

    info = first["tournament"]
    # The room's keys (published times, draw explanations, the dismissal) are
    # test_roundtrip_room.py's; here the settings of the rules and the clock.
    settings = {k: v for k, v in info["settings"].items() if k not in ROOM_KEYS}
    assert settings == {
        "chiusura_bonus": 150,
        "bonuses": {"pulito": 250},
        "turno_minutes": 70,
        "last_smazzata_minutes": 12,
    }
    assert (copy.turno_minutes, copy.last_smazzata_minutes) == (70, 12)
    assert info["planned_turni"] == 4 and info["forfeit"]["loser_vp"] == 2
    assert info["number_draw"]["seed"] == "fa1r"
    assert first["turni"][1]["published"] is False
    assert first["pairs"][4]["withdrawn"] == {"after_turno": 1, "reason": "Malore"}
    assert first["penalties"][0]["given_by"] == director.username
    actions = [entry["action"] for entry in first["log"]]
    assert "result_correct" in actions and "turno_draw" in actions
    assert {"clock_settings", "clock_start", "anomaly_dismiss"} <= set(actions)
    # The copy is the same tournament: same standings, the draft still a draft, the pair out.
    assert [(r.pair.number, r.vp, r.scarto) for r in standings(tournament=copy)] == [
        (r.pair.number, r.vp, r.scarto) for r in standings(tournament=original)
    ]
    assert not copy.turni.get(number=2).published
    assert copy.entrants.get(number=5).withdrawn


def test_a_ko_with_its_options_round_trips(director):
    original = ko_with_options(director)
    first = tournament_export(original)
    second = tournament_export(tournament_import(data=first, owner=director))
    assert_same_but_the_import_entry(first, second)
    assert first["tournament"]["ko"] == {
        "mode": "smazzate",
        "smazzate": 2,
        "third_place": True,
        "rounds": [{"round": 3, "mode": "punti", "target": 505}],
    }
    assert first["turni"][0]["tables"][3]["totals"] == {"ns": 400, "eo": 400, "last_move": "ns"}
    tie = first["results"]["ko"]["matches"][3]
    assert (tie["winner"], tie["by_last_move"]) == (first["turni"][0]["tables"][3]["eo"], True)


def late_pairs_tournament(director) -> Tournament:
    """Seven pairs; after turno 1 three pairs arrive, their missed turno counted each its own
    way (riposo, a typed value, nothing); turno 2 seats them, and is played."""
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    make_pairs(tournament, 7)
    first = turno_draw(tournament=tournament, user=director, request=DrawRequest("mitchell"))
    turno_publish(turno=first, user=director)
    for current in Table.objects.filter(turno=first):
        table_record_totals(table=current, user=director, ns_mp=900, eo_mp=600, version=0)
    for name, missed in (
        ("Neri", MissedChoice("bye")),
        ("Galli", MissedChoice("value", vp=8, mp=-50)),
        ("Conti", MissedChoice("none")),
    ):
        entrant_create(
            tournament=tournament, user=director, player1=name, player2="Ugo", missed=missed
        )
    second = turno_draw(tournament=tournament, user=director, request=DrawRequest("mitchell"))
    turno_publish(turno=second, user=director)
    for current in Table.objects.filter(turno=second):
        table_record_totals(table=current, user=director, ns_mp=700, eo_mp=800, version=0)
    return tournament


def test_late_pairs_round_trip(director):
    original = late_pairs_tournament(director)
    first = tournament_export(original)
    copy = tournament_import(data=first, owner=director)
    second = tournament_export(copy)
    assert_same_but_the_import_entry(first, second)
    assert first["tournament"]["settings"]["late_pairs"] == [
        {"pair": 8, "first_turno": 2, "missed": "bye"},
        {"pair": 9, "first_turno": 2, "missed": {"vp": 8, "mp": -50}},
        {"pair": 10, "first_turno": 2, "missed": "none"},
    ]
    seated = {n for t in first["turni"][1]["tables"] for n in (t["ns"], t["eo"])}
    assert {8, 9, 10} <= seated
    # The copy scores the missed turno the same way: same standings, row by row.
    assert [(r.pair.number, r.vp, r.scarto, r.absent) for r in standings(tournament=copy)] == [
        (r.pair.number, r.vp, r.scarto, r.absent) for r in standings(tournament=original)
    ]
    rows = {r["pair"]: r for r in first["results"]["standings"]}
    assert rows[10]["vp"] < rows[9]["vp"]  # nothing for turno 1 against 8 VP
