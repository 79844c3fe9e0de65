"""Writing a team tournament's archive (ARCHIVE.md, version 3, "Kind teams"): the parts the
teams kind's section hands to the one writer (``export.py``).

- ``team_json``: a team — number, name, club, roster (names, or PERSONs where the site knows
  more), withdrawal;
- ``tournament_keys_json``: ``team_scoring`` and ``team_vp_table``, written when they depart
  from the default (``vp_sum``, no team VP table);
- ``matches_json``: a turno's matches — home, away, and the two tables (aperta first) with
  their line-ups' roster indexes, or ``"forfeit": "home"``/``"away"`` for a match both of
  whose tables were forfeited to the same team;
- ``teams_results``: ``results.turni[].matches[]`` (each match with a result: its VP and MP
  from the home and away side, and its tables' rows with their room), ``results.standings``
  by team and ``results.butler``.

Reads only.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.tournaments.models import Entrant, Room, Table, Tournament, Turno
from burraco_tourney.tournaments.results_bridge import tournament_vp_table
from burraco_tourney.tournaments.selectors.team_matches import butler_view, match_lineups

from .export import result_json
from .json_order import vp_table_json
from .persons import printed_people
from .standings_json import standings_results

ROOMS = (Room.APERTA, Room.CHIUSA)


def team_json(team: Entrant, turni: list[Turno]) -> dict[str, Any]:
    data: dict[str, Any] = {"number": team.number, "name": team.name}
    if team.club:
        data["club"] = team.club
    data["players"] = printed_people(team)
    if team.withdrawn:
        data["withdrawn"] = {"after_turno": team.withdrawn_after_turno or 0}
        if team.withdrawn_reason:
            data["withdrawn"]["reason"] = team.withdrawn_reason
    return data


def tournament_keys_json(tournament: Tournament) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if tournament.team_scoring != "vp_sum":
        data["team_scoring"] = tournament.team_scoring
    if tournament.team_scoring == "mp_diff" and tournament.team_vp_table:
        data["team_vp_table"] = vp_table_json(tournament.team_vp_table)
    return data


def _by_match(turno: Turno) -> list[list[Table]]:
    """The turno's tables grouped by match (match order), each match's aperta first."""
    grouped: dict[int, list[Table]] = defaultdict(list)
    for table in turno.tables.all():
        grouped[table.match_id].append(table)
    matches = sorted(grouped.values(), key=lambda tables: tables[0].match.number)
    return [sorted(tables, key=lambda t: ROOMS.index(t.room)) for tables in matches]


def _forfeit(tables: list[Table]) -> str | None:
    """The team that won a forfeited match ("home", "away"): both tables forfeited to the
    line where it sits (home: NS in the aperta, EO in the chiusa)."""
    if len(tables) != len(ROOMS) or any(t.entry_mode != "forfeit" for t in tables):
        return None
    aperta, chiusa = tables
    if aperta.forfeit_winner == chiusa.forfeit_winner:
        return None  # not one team's forfeit: each table is written as it is
    return "home" if aperta.forfeit_winner == "ns" else "away"


def matches_json(turno: Turno, numbers: dict[int, int], ruleset: Ruleset) -> list[dict[str, Any]]:
    seated = match_lineups(turno.tables.all())
    matches = []
    for tables in _by_match(turno):
        aperta = tables[0]
        data: dict[str, Any] = {
            "match": aperta.match.number,
            "home": numbers[aperta.ns_id],
            "away": numbers[aperta.eo_id],
        }
        forfeit = _forfeit(tables)
        if forfeit is not None:
            data["forfeit"] = forfeit
        else:
            data["tables"] = [
                _table(table, aperta.number, seated.get(table.pk), ruleset) for table in tables
            ]
        matches.append(data)
    return matches


def _table(table: Table, number: int, seated: Any, ruleset: Ruleset) -> dict[str, Any]:
    """A team TABLE: ``number`` is its match's table number in both rooms (the aperta's)."""
    data: dict[str, Any] = {"table": number, "room": table.room}
    # A line's players, once its team's line-up for the match is set.
    for line, pair in zip(("ns_players", "eo_players"), seated or (None, None), strict=True):
        if pair is not None:
            data[line] = list(pair)
    return {**data, **result_json(table, ruleset)}


def teams_results(
    tournament: Tournament, turni: list[Turno], numbers: dict[int, int]
) -> dict[str, Any]:
    vp = tournament_vp_table(tournament)
    results_turni = []
    for turno in turni:
        rows = []
        for tables in _by_match(turno):
            if not all(t.has_result for t in tables):
                continue  # a match counts once both its tables have a result
            aperta, chiusa = tables
            match = aperta.match
            row: dict[str, Any] = {
                "match": match.number,
                "home_vp": match.ns_vp,
                "away_vp": match.eo_vp,
                "home_mp": (aperta.ns_mp or 0) + (chiusa.eo_mp or 0),
                "away_mp": (aperta.eo_mp or 0) + (chiusa.ns_mp or 0),
                "tables": [],
            }
            if _forfeit(tables) is None:
                row["tables"] = [_table_row(table, aperta.number, vp) for table in tables]
            rows.append(row)
        results_turni.append({"number": turno.number, "matches": rows})
    butler = [
        {"team": r.team, "players": list(r.players), "tables": r.tables, "scarto": r.scarto}
        for r in butler_view(tournament).rows
    ]
    return {
        "turni": results_turni,
        "standings": standings_results(tournament),
        "butler": butler,
    }


def _table_row(table: Table, number: int, vp: Any) -> dict[str, Any]:
    """A table's row as for pairs, with its room; its own VP from the VP table."""
    ns_vp, eo_vp = vp.split(table.ns_mp, table.eo_mp)
    return {
        "table": number,
        "room": table.room,
        "ns_mp": table.ns_mp,
        "eo_mp": table.eo_mp,
        "ns_vp": ns_vp,
        "eo_vp": eo_vp,
    }
