"""A bad teams file (ARCHIVE.md, "Kind teams") is refused with the place and the reason, and
an import of it writes nothing. Each case spoils one thing of the hand-made file."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.utils import translation

from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import

from .conftest import row_counts
from .teams_files import teams_file

pytestmark = pytest.mark.usefixtures("english_messages")

M = "turni[0].matches[0]"


def _match(d: dict) -> dict:
    return d["turni"][0]["matches"][0]


def _aperta(d: dict) -> dict:
    return _match(d)["tables"][0]


def _chiusa(d: dict) -> dict:
    return _match(d)["tables"][1]


def _set(getter: Callable[[dict], dict], **values: Any) -> Callable[[dict], None]:
    return lambda d: getter(d).update(values)


def _tournament(**values: Any) -> Callable[[dict], None]:
    return _set(lambda d: d["tournament"], **values)


def _pop(getter: Callable[[dict], dict], key: str) -> Callable[[dict], None]:
    return lambda d: getter(d).pop(key)


def _mp_diff_without(key: str) -> Callable[[dict], None]:
    def spoil(d: dict) -> None:
        d.update(teams_file("mp_diff"))
        d["tournament"].pop(key)

    return spoil


def _players(team: int, count: int) -> Callable[[dict], None]:
    return lambda d: d["teams"][team].update(players=[f"Giocatore {i}" for i in range(count)])


def _unplayed(d: dict) -> None:
    """Match 1 of turno 1 not played yet: its tables have an empty list of smazzate."""
    for table in _match(d)["tables"]:
        table.pop("totals")
        table["smazzate"] = []


CASES = [
    ("version 2", lambda d: d.update(version=2), "tournament.kind", "needs version 3"),
    (
        "no smazzate per turno",
        _pop(lambda d: d["tournament"], "smazzate_per_turno"),
        "tournament.smazzate_per_turno",
        "is required for a tournament of kind “teams”",
    ),
    (
        "team VP table with vp_sum",
        _tournament(team_vp_table=[{"max": None, "vp": [20, 20]}]),
        "tournament.team_vp_table",
        'only with "team_scoring": "mp_diff"',
    ),
    (
        "mp_diff without team VP table",
        _tournament(team_scoring="mp_diff"),
        "tournament.team_vp_table",
        "is required",
    ),
    (
        "team scoring unknown",
        _tournament(team_scoring="somma"),
        "tournament.team_scoring",
        "must be one of",
    ),
    (
        "forfeit over the match total",
        _tournament(forfeit={"vp": 41, "mp": 700}),
        "tournament.forfeit.vp",
        "0 to 40 VP",
    ),
    (
        "loser VP over the match total",
        _tournament(forfeit={"vp": 28, "mp": 700, "loser_vp": 41}),
        "tournament.forfeit.loser_vp",
        "",
    ),
    ("three players", _players(1, 3), "teams[1].players", "4 to 8 players, not 3"),
    ("nine players", _players(1, 9), "teams[1].players", "4 to 8 players, not 9"),
    (
        "team number twice",
        lambda d: d["teams"][2].update(number=2),
        "teams[2].number",
        "team 2 is already listed at teams[1]",
    ),
    ("team without a name", _pop(lambda d: d["teams"][0], "name"), "teams[0].name", "is missing"),
    (
        "a card in two teams",
        lambda d: d["teams"][1]["players"].__setitem__(0, {"name": "Anna R.", "card": "RM12345"}),
        "teams[1].players[0].card",
        "already given",
    ),
    (
        "tables in place of matches",
        lambda d: d["turni"][0].update(tables=[]),
        "turni[0].tables",
        "unknown key",
    ),
    ("home v home", _set(_match, away=1), f"{M}.away", "two different teams"),
    ("unknown team", _set(_match, away=9), f"{M}.away", "there is no team 9 in teams"),
    (
        "a team plays and rests",
        lambda d: d["turni"][0].update(byes=[2]),
        "turni[0].byes[0]",
        "team 2 appears twice in this turno (it already plays match 1)",
    ),
    (
        "match number twice",
        lambda d: d["turni"][0]["matches"].append(dict(_match(d))),
        "turni[0].matches[1].match",
        "match 1 is already listed",
    ),
    (
        "tables and forfeit",
        _set(_match, forfeit="home"),
        f"{M}.forfeit",
        "not both",
    ),
    ("neither tables nor forfeit", _pop(_match, "tables"), M, "needs its two tables"),
    (
        "one table",
        lambda d: _match(d)["tables"].pop(),
        f"{M}.tables",
        "two tables, one in each room (aperta, chiusa), not 1",
    ),
    ("two aperte", _set(_chiusa, room="aperta"), f"{M}.tables[1].room", "already given"),
    ("no such room", _set(_chiusa, room="sala"), f"{M}.tables[1].room", "must be one of"),
    (
        "rooms with different numbers",
        _set(_chiusa, table=2),
        f"{M}.tables[1].table",
        "the match's table number: 1, not 2",
    ),
    (
        "a player beyond the roster",
        _set(_aperta, eo_players=[0, 4]),
        f"{M}.tables[0].eo_players[1]",
        "team 2 has 4 players (indexes 0 to 3): there is no player 4",
    ),
    (
        "a player in both rooms",
        _set(_chiusa, eo_players=[1, 3]),
        f"{M}.tables[1].eo_players[0]",
        "player 1 of team 1 already plays in the aperta of this match",
    ),
    (
        "one player on a line",
        _set(_aperta, ns_players=[0]),
        f"{M}.tables[0].ns_players",
        "two players of its team's roster, not 1",
    ),
    (
        "players missing at a table with a result",
        _pop(_aperta, "eo_players"),
        f"{M}.tables[0].eo_players",
        "is missing: a table with a result names the players of both lines",
    ),
    (
        "a line-up in one room only",
        lambda d: (_unplayed(d), _chiusa(d).pop("eo_players")),
        f"{M}.tables[1].eo_players",
        "team 1's line-up names its pair of one room only",
    ),
    (
        "the wrong team on a line",
        _set(_aperta, ns=2),
        f"{M}.tables[0].ns",
        "in the aperta team 1 sits NS (the home team), not 2",
    ),
    (
        "a table forfeit",
        lambda d: (_aperta(d).pop("totals"), _aperta(d).update(forfeit="ns")),
        f"{M}.tables[0].forfeit",
        "unknown key",
    ),
    (
        "no result",
        _pop(_aperta, "totals"),
        f"{M}.tables[0]",
        "needs its result: smazzate (an empty list while it is being played) or totals",
    ),
    (
        "totals not a multiple of 5",
        _set(_aperta, totals={"ns": 1201, "eo": 800}),
        f"{M}.tables[0].totals.ns",
        "multiple of 5",
    ),
    (
        "a draft turno with a result",
        lambda d: d["turni"][2].update(published=False),
        "turni[2].matches[0]",
        "a draft turno has no results yet",
    ),
    (
        "riposo without value (custom VP table)",
        _tournament(
            vp_table=[{"max": 100, "vp": [10, 10]}, {"max": None, "vp": [12, 8]}],
        ),
        "turni[0].byes[0]",
        "a riposo needs its value",
    ),
    ("mp_diff without riposo", _mp_diff_without("bye"), "turni[0].byes[0]", "a riposo needs"),
    (
        "mp_diff without forfeit",
        _mp_diff_without("forfeit"),
        "turni[2].matches[0].forfeit",
        "a forfeit needs the value of a forfeit win",
    ),
    (
        "forfeit not a side",
        lambda d: d["turni"][2]["matches"][0].update(forfeit="ns"),
        "turni[2].matches[0].forfeit",
        "must be one of",
    ),
    (
        "penalty of an unknown team",
        lambda d: d["penalties"][0].update(team=7),
        "penalties[0].team",
        "there is no team 7 in teams",
    ),
    (
        "penalty of a pair",
        lambda d: d["penalties"][0].update(pair=d["penalties"][0].pop("team")),
        "penalties[0].pair",
        "unknown key",
    ),
    (
        "a withdrawn team seated after it left",
        lambda d: d["teams"][0].update(withdrawn={"after_turno": 1}),
        "teams[0].withdrawn.after_turno",
        "team 1 withdrew after turno 1 but plays in turno 2",
    ),
]


@pytest.mark.parametrize(
    ("spoil", "path", "reason"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_bad_teams_file_is_refused_at_its_place(spoil, path, reason):
    data = teams_file()
    spoil(data)
    with pytest.raises(ArchiveError) as caught:
        read_archive(data)
    assert caught.value.path == path, caught.value
    assert reason in caught.value.message


def test_a_match_whose_line_ups_are_not_set_yet_is_read():
    data = teams_file()
    _unplayed(data)
    for table in _match(data)["tables"]:
        table.pop("ns_players"), table.pop("eo_players")
    (match,) = read_archive(data).turni[0].matches
    seen = [(t.ns_players, t.eo_players, t.entry_mode) for t in match.tables]
    assert seen == [(None, None, "")] * 2


def test_team_keys_are_unknown_in_a_pairs_file(demo):
    demo["tournament"]["team_scoring"] = "vp_sum"
    with pytest.raises(ArchiveError) as caught:
        read_archive(demo)
    assert caught.value.path == "tournament.team_scoring"


@pytest.mark.django_db
def test_a_refused_teams_file_writes_nothing():
    data = teams_file()
    _set(_chiusa, eo_players=[1, 3])(data)
    before = row_counts()
    with pytest.raises(ArchiveError):
        tournament_import(data=data)
    assert row_counts() == before


def test_the_refusal_reads_in_italian():
    data = teams_file()
    _players(1, 3)(data)
    with translation.override("it"), pytest.raises(ArchiveError) as caught:
        read_archive(data)
    assert str(caught.value) == "teams[1].players: una squadra ha da 4 a 8 giocatori, non 3"
