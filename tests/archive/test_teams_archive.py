"""The archive kind ``teams`` (ARCHIVE.md, version 3, "Kind teams"): a hand-made file imports,
its team standings are the arithmetic of ARCHIVE.md worked out by hand below, with ``vp_sum``
and with ``mp_diff``; the riposo and forfeit defaults; and the export imported and exported
again is the same file but for the import's log entry.

The file (``teams_files.teams_file``), fibur-3 (3 smazzate):

- turno 1, team 1 (home) v team 2, team 3 rests. Aperta: team 1 (players 0, 1) NS 1200 v
  team 2 (0, 1) EO 800, difference 400 -> 14-6. Chiusa: team 2 (2, 3) NS 900 v team 1 (2, 3)
  EO 1000, difference 100 -> 11-9. Team 1: 1200 + 1000 = 2200 MP, team 2: 800 + 900 = 1700.
- turno 2, team 3 (home) v team 1, team 2 rests. Aperta: team 3 (0, 1) 1000 v team 1 (0, 2)
  1300, difference 300 -> 7-13. Chiusa: team 1 (1, 3) 650 v team 3 (2, 3) 650 -> 10-10. Team 3:
  1650 MP, team 1: 1950. Penalty: team 1, -1 VP and -100 MP.
- turno 3, team 2 (home) v team 3: team 2 forfeits ("forfeit": "away"); team 1 rests.
"""

from __future__ import annotations

import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import Lineup, Member

from .compare import assert_same_but_the_import_entry
from .teams_files import teams_file

pytestmark = pytest.mark.django_db


def _standings(archive):
    return [
        (r["rank"], r["team"], r["vp"], r["scarto"], r["mp"])
        for r in archive["results"]["standings"]
    ]


def _matches(archive):
    return [
        (turno["number"], m["home_vp"], m["away_vp"], m["home_mp"], m["away_mp"])
        for turno in archive["results"]["turni"]
        for m in turno["matches"]
    ]


def test_vp_sum_standings_are_the_hand_arithmetic():
    # vp_sum, no bye given: a riposo is twice the pairs' default, 28 VP and +710; the forfeit
    # defaults to it: team 3 gets 28 VP and +710, team 2 40 - 28 = 12 VP and -710, MP 0.
    # Team 1: VP 14 + 11 = 25 (t1), 13 + 10 = 23 (t2), riposo 28 (t3), penalty -1 -> 75;
    #         scarto +500 (t1) +300 (t2) +710 (riposo) -100 (penalty) = 1410;
    #         MP 2200 + 1950 - 100 = 4050.
    # Team 3: VP 28 (riposo t1) + 7 + 10 = 17 (t2) + 28 (forfeit t3) = 73;
    #         scarto +710 -300 +710 = 1120; MP 1650.
    # Team 2: VP 6 + 9 = 15 (t1) + 28 (riposo t2) + 12 (forfeit lost) = 55;
    #         scarto -500 +710 -710 = -500; MP 1700.
    archive = tournament_export(tournament_import(data=teams_file()))
    assert _standings(archive) == [
        (1, 1, 75, 1410, 4050),
        (2, 3, 73, 1120, 1650),
        (3, 2, 55, -500, 1700),
    ]
    assert _matches(archive) == [
        (1, 25, 15, 2200, 1700),
        (2, 17, 23, 1650, 1950),
        (3, 12, 28, 0, 0),
    ]
    aperta, chiusa = archive["results"]["turni"][0]["matches"][0]["tables"]
    assert aperta == {
        "table": 1,
        "room": "aperta",
        "ns_mp": 1200,
        "eo_mp": 800,
        "ns_vp": 14,
        "eo_vp": 6,
    }
    assert chiusa == {
        "table": 1,
        "room": "chiusa",
        "ns_mp": 900,
        "eo_mp": 1000,
        "ns_vp": 9,
        "eo_vp": 11,
    }
    assert archive["results"]["turni"][2]["matches"][0]["tables"] == []


def test_the_butler_rows_are_each_pairs_difference_within_its_team():
    # Team 1: (0, 1) +400 in the t1 aperta; (2, 3) +100 in the t1 chiusa (EO 1000 v 900);
    # (0, 2) +300 in the t2 aperta (EO 1300 v 1000); (1, 3) 0 in the t2 chiusa. Team 2 and
    # team 3 the opposite of their opponents; the forfeited match has no tables.
    archive = tournament_export(tournament_import(data=teams_file()))
    rows = [
        (r["team"], r["players"], r["tables"], r["scarto"]) for r in archive["results"]["butler"]
    ]
    assert rows == [
        (1, [0, 1], 1, 400),
        (1, [0, 2], 1, 300),
        (1, [1, 3], 1, 0),
        (1, [2, 3], 1, 100),
        (2, [0, 1], 1, -400),
        (2, [2, 3], 1, -100),
        (3, [0, 1], 1, -300),
        (3, [2, 3], 1, 0),
    ]


def test_mp_diff_standings_are_the_hand_arithmetic():
    # Team VP table: difference <= 100 -> 20-20, <= 400 -> 24-16, more -> 30-10; riposo 26/+300,
    # forfeit 30/+500 (both required with mp_diff).
    # t1: 2200 v 1700, difference 500 -> team 1 30, team 2 10. t2: 1650 v 1950, difference 300
    # -> team 1 24, team 3 16. t3: team 3 wins by forfeit: 30 VP +500; team 2 40 - 30 = 10, -500.
    # Team 1: 30 + 24 + 26 (riposo) - 1 = 79; scarto 500 + 300 + 300 - 100 = 1000; MP 4050.
    # Team 3: 26 (riposo) + 16 + 30 = 72; scarto 300 - 300 + 500 = 500; MP 1650.
    # Team 2: 10 + 26 (riposo) + 10 = 46; scarto -500 + 300 - 500 = -700; MP 1700.
    archive = tournament_export(tournament_import(data=teams_file("mp_diff")))
    assert _standings(archive) == [
        (1, 1, 79, 1000, 4050),
        (2, 3, 72, 500, 1650),
        (3, 2, 46, -700, 1700),
    ]
    assert _matches(archive) == [
        (1, 30, 10, 2200, 1700),
        (2, 16, 24, 1650, 1950),
        (3, 10, 30, 0, 0),
    ]
    assert archive["tournament"]["team_scoring"] == "mp_diff"


def test_a_forfeit_defaults_to_the_riposo_given_and_loser_vp_is_the_absent_teams():
    data = teams_file()
    data["tournament"]["bye"] = {"vp": 30, "mp": 800}
    archive = tournament_export(tournament_import(data=data))
    # Team 3: riposo 30/+800 (t1), 17/-300 (t2), forfeit = riposo 30/+800 (t3): 77, 1300.
    # Team 2: 15/-500 (t1), riposo 30/+800 (t2), 40 - 30 = 10 / -800 (t3): 55, -500.
    standings = {row[1]: row[2:4] for row in _standings(archive)}
    assert standings[3] == (77, 1300)
    assert standings[2] == (55, -500)
    data["tournament"]["forfeit"] = {"vp": 24, "mp": 600, "loser_vp": 4}
    archive = tournament_export(tournament_import(data=data))
    assert _matches(archive)[2] == (3, 4, 24, 0, 0)
    standings = {row[1]: row[2:4] for row in _standings(archive)}
    assert standings[3] == (30 + 17 + 24, 800 - 300 + 600)
    assert standings[2] == (15 + 30 + 4, -500 + 800 - 600)


def test_the_import_keeps_rosters_and_line_ups():
    tournament = tournament_import(data=teams_file())
    team_1 = tournament.entrants.get(number=1)
    roster = list(Member.objects.filter(entrant=team_1).order_by("position"))
    assert [m.printed for m in roster] == [
        "Anna Rossi",
        "Bruno Bianchi",
        "Carla Verdi",
        "Dario Russo",
        "Elena Ferrari",
    ]
    assert roster[0].person.card == "RM12345"
    lineup = Lineup.objects.get(match__turno__number=2, team=team_1)
    # Team 1 is away in turno 2: EO (0, 2) in the aperta, NS (1, 3) in the chiusa.
    assert [m.position for m in (lineup.aperta1, lineup.aperta2)] == [1, 3]
    assert [m.position for m in (lineup.chiusa1, lineup.chiusa2)] == [2, 4]


@pytest.mark.parametrize("scoring", ["vp_sum", "mp_diff"])
def test_a_teams_file_round_trips_exactly(scoring):
    first = tournament_export(tournament_import(data=teams_file(scoring)))
    assert first["teams"][0]["players"][0] == {"name": "Anna Rossi", "card": "RM12345", "sex": "F"}
    assert first["turni"][0]["matches"][0]["tables"][1] == {
        "table": 1,
        "room": "chiusa",
        "ns_players": [2, 3],
        "eo_players": [2, 3],
        "totals": {"ns": 900, "eo": 1000},
    }
    assert first["turni"][2]["matches"][0] == {"match": 1, "home": 2, "away": 3, "forfeit": "away"}
    second = tournament_export(tournament_import(data=first))
    assert_same_but_the_import_entry(first, second)


def test_a_team_tournament_played_on_the_site_round_trips(director):
    """Five teams (one rests each turno), two turni drawn all'italiana, line-ups set, both
    rooms' results entered, turno 1 closed, a penalty; in turno 2 one match still has its
    chiusa to play; turno 3 drawn, its line-ups not set yet. Its export, imported and exported
    again, is the same file."""
    from burraco_tourney.tournaments.services.closing import turno_close
    from burraco_tourney.tournaments.services.penalties import penalty_add
    from tests.tournaments.teams_support import (
        draw_team_turno,
        enter,
        room_table,
        set_lineups,
        team_tournament,
    )

    tournament = team_tournament(director, teams=5)
    first = draw_team_turno(tournament, director)
    set_lineups(first, director)
    for match in (1, 2):
        enter(room_table(first, match, "aperta"), director, 1200, 800 + 100 * match)
        enter(room_table(first, match, "chiusa"), director, 700, 950)
    turno_close(turno=first, user=director)
    second = draw_team_turno(tournament, director)
    set_lineups(second, director)
    enter(room_table(second, 1, "aperta"), director, 1000, 1000)
    enter(room_table(second, 1, "chiusa"), director, 655, 900)
    enter(room_table(second, 2, "aperta"), director, 1500, 400)
    penalty_add(
        tournament=tournament,
        user=director,
        entrant=tournament.entrants.get(number=2),
        turno=second,
        vp=-1,
        mp=-50,
        reason="Ritardo",
    )
    draw_team_turno(tournament, director)  # turno 3: drawn, no line-up set yet
    original = tournament_export(tournament)
    assert [len(t["matches"]) for t in original["turni"]] == [2, 2, 2]
    assert "ns_players" not in original["turni"][2]["matches"][0]["tables"][0]
    assert len(original["results"]["turni"][1]["matches"]) == 1  # match 2 still being played
    copy = tournament_export(tournament_import(data=original))
    assert_same_but_the_import_entry(original, copy)
