"""Reading a team tournament's archive (ARCHIVE.md, version 3, "Kind teams"): the part of the
one reader (``reader.py``) that the teams kind's archive section hands out.

- ``read_team_settings``: ``tournament.team_scoring`` (``"vp_sum"`` by default, or
  ``"mp_diff"``) and ``tournament.team_vp_table`` (bands, required with ``mp_diff``, an error
  with ``vp_sum``);
- ``read_team``: one item of ``teams`` — number, name, club, 4 to 8 players (names or PERSONs),
  withdrawal;
- ``MatchReader``: a turno's ``matches`` — home and away (two different teams, each seated once
  in the turno), then either its two TABLEs (one per room, the match's table number, unique in
  its room and turno; ``ns_players``/``eo_players`` two different roster indexes of the team on
  that line, the team's four players in the match all different — left out, in both rooms,
  only while the team's line-up is not set and the tables have no result; smazzate or totals
  read and scored as a pairs table's, by the same ``TableReader``) or ``"forfeit": "home"``/
  ``"away"``.

Every fault names its place in the file. Never touches the database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _

from .checks import SMALL_MAX, at, json_choice, json_int, json_list, json_object, json_text
from .reader_entrants import Number, _club, _withdrawal
from .records import ArchiveError, ArchiveMatch, ArchiveTable, ArchiveTeam
from .tables import TableReader
from .tournament_keys import read_vp_table

NAME_MAX = 120
ROSTER_MIN, ROSTER_MAX = 4, 8
ROOMS = ("aperta", "chiusa")
TEAM_SCORINGS = ("vp_sum", "mp_diff")
# The room's NS team: the home team in the sala aperta, the away team in the sala chiusa.
NS_SIDE = {"aperta": "home", "chiusa": "away"}


def read_team_settings(obj: Mapping[str, Any], path: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``ArchiveTournament`` fields and the ``build_rules`` options of a teams file."""
    scoring = "vp_sum"
    if "team_scoring" in obj:
        scoring = json_choice(obj["team_scoring"], at(path, "team_scoring"), TEAM_SCORINGS)
    bands = None
    if "team_vp_table" in obj:
        where = at(path, "team_vp_table")
        if scoring != "mp_diff":
            raise ArchiveError(
                where,
                _(
                    'is given only with "team_scoring": "mp_diff": with "vp_sum" a match is '
                    "worth its two tables' VP"
                ),
            )
        if not isinstance(obj["team_vp_table"], list):
            raise ArchiveError(where, _("must be a list of bands, like a custom vp_table"))
        bands, _table = read_vp_table(obj["team_vp_table"], where)
    elif scoring == "mp_diff":
        raise ArchiveError(
            at(path, "team_vp_table"),
            _('is required with "team_scoring": "mp_diff" (the director\'s team VP table)'),
        )
    fields = {"team_scoring": obj.get("team_scoring"), "team_vp_table": bands}
    options = {"team_scoring": scoring, "team_vp_table": bands}
    return fields, options


def turno_offset(matches: Sequence[ArchiveMatch]) -> int:
    """How far the site numbers a team turno's chiusa tables after its aperta tables: the
    highest table number of the turno's matches (a forfeited match counts as its own number),
    so that match k of n plays at tables k and n + k as the site draws them."""
    return max((m.tables[0].table if m.tables else m.match for m in matches), default=0)


def given_values(obj: Mapping[str, Any], bye: Any, forfeit: Any) -> tuple[Any, Any]:
    """The riposo and forfeit values a file's byes and forfeits may use: with ``mp_diff`` only
    those the file gives (the team VP table has no default)."""
    if obj.get("team_scoring") != "mp_diff":
        return bye, forfeit
    return (bye if "bye" in obj else None), (forfeit if "forfeit" in obj else None)


def read_team(
    item: Any, path: str, v2_keys: tuple[str, ...], number: Number, people: Any
) -> ArchiveTeam:
    """One item of ``teams``: its number, name, club, roster (4 to 8 players, names or
    PERSONs read by ``people``) and withdrawal."""
    obj = json_object(item, path, ("number", "name", "players"), ("club", "withdrawn"))
    team = number(obj, path)
    name = json_text(obj["name"], at(path, "name"), max_length=NAME_MAX)
    players = json_list(obj["players"], at(path, "players"))
    if not ROSTER_MIN <= len(players) <= ROSTER_MAX:
        raise ArchiveError(
            at(path, "players"),
            _("a team has 4 to 8 players, not %(count)s") % {"count": len(players)},
        )
    read = [people.read(player, at(at(path, "players"), i)) for i, player in enumerate(players)]
    after, reason = _withdrawal(obj, path)
    return ArchiveTeam(
        number=team,
        name=name,
        club=_club(obj, path),
        players=tuple(name for name, _person in read),
        people=tuple(person for _name, person in read),
        withdrawn_after_turno=after,
        withdrawn_reason=reason,
    )


class MatchReader:
    """Reads the matches of each turno; ``seat`` checks a team seated once in the turno (the
    one reader's), ``rosters`` gives each team's number of players."""

    def __init__(self, tables: TableReader, rosters: Mapping[int, int], forfeit: Any) -> None:
        self.tables = tables
        self.rosters = rosters
        # The value of a forfeit win (None: the file gives none and there is no default).
        self.forfeit = forfeit

    def read_turno(
        self, raw: Any, path: str, seat: Any, seated: dict[int, str], *, turno: int
    ) -> tuple[ArchiveMatch, ...]:
        self.tables.round_number = turno
        matches: list[ArchiveMatch] = []
        numbers: dict[int, int] = {}
        # (room, table number) -> the match holding it, in this turno.
        self.room_tables: dict[tuple[str, int], int] = {}
        for index, item in enumerate(json_list(raw, path)):
            matches.append(self._match(item, at(path, index), seat, seated, numbers, index))
        offset = turno_offset(matches)
        return tuple(
            replace(
                match,
                tables=tuple(
                    replace(t, site=t.table + (offset if t.room == "chiusa" else 0))
                    for t in match.tables
                ),
            )
            for match in matches
        )

    def _match(
        self,
        raw: Any,
        path: str,
        seat: Any,
        seated: dict[int, str],
        numbers: dict[int, int],
        index: int,
    ) -> ArchiveMatch:
        obj = json_object(raw, path, ("match", "home", "away"), ("tables", "forfeit"))
        number = json_int(obj["match"], at(path, "match"), minimum=1, maximum=SMALL_MAX)
        if number in numbers:
            raise ArchiveError(
                at(path, "match"),
                _("match %(match)s is already listed in this turno (matches[%(index)s])")
                % {"match": number, "index": numbers[number]},
            )
        numbers[number] = index
        if obj["home"] == obj["away"]:
            raise ArchiveError(at(path, "away"), _("home and away must be two different teams"))
        # Translators: completes "team 4 appears twice in this turno (it already …)".
        where = _("plays match %(match)s") % {"match": number}
        teams = {
            "home": seat(obj["home"], at(path, "home"), seated, where),
            "away": seat(obj["away"], at(path, "away"), seated, where),
        }
        given = [key for key in ("tables", "forfeit") if key in obj]
        if len(given) != 1:
            raise ArchiveError(
                at(path, "forfeit") if len(given) > 1 else path,
                _('needs its two tables, or a forfeit ("home" or "away"), and not both'),
            )
        if "forfeit" in obj:
            winner = json_choice(obj["forfeit"], at(path, "forfeit"), ("home", "away"))
            if self.forfeit is None:
                raise ArchiveError(
                    at(path, "forfeit"),
                    _(
                        "a forfeit needs the value of a forfeit win: set tournament.forfeit "
                        "(this tournament has no default)"
                    ),
                )
            return ArchiveMatch(number, teams["home"], teams["away"], forfeit=winner)
        tables = self._tables(obj["tables"], at(path, "tables"), number, teams)
        return ArchiveMatch(number, teams["home"], teams["away"], tables=tables)

    def _tables(
        self, raw: Any, path: str, match: int, teams: dict[str, int]
    ) -> tuple[ArchiveTable, ...]:
        items = json_list(raw, path)
        if len(items) != len(ROOMS):
            raise ArchiveError(
                path,
                _("a match has two tables, one in each room (aperta, chiusa), not %(count)s")
                % {"count": len(items)},
            )
        tables: dict[str, ArchiveTable] = {}
        positions: dict[str, int] = {}  # room -> its table's index in the file
        playing: dict[int, dict[int, str]] = {teams["home"]: {}, teams["away"]: {}}
        first_number = None
        for index, item in enumerate(items):
            table_path = at(path, index)
            obj = json_object(
                item,
                table_path,
                ("table", "room"),
                ("ns_players", "eo_players", "ns", "eo", "smazzate", "totals"),
            )
            room = json_choice(obj["room"], at(table_path, "room"), ROOMS)
            positions.setdefault(room, index)
            if room in tables:
                raise ArchiveError(
                    at(table_path, "room"),
                    _("the %(room)s is already given for this match: one table in each room")
                    % {"room": room},
                )
            number = json_int(obj["table"], at(table_path, "table"), minimum=1, maximum=SMALL_MAX)
            if first_number is not None and number != first_number:
                raise ArchiveError(
                    at(table_path, "table"),
                    _(
                        "both tables of a match have the match's table number: %(table)s, not "
                        "%(number)s"
                    )
                    % {"table": first_number, "number": number},
                )
            first_number = number
            if (room, number) in self.room_tables:
                raise ArchiveError(
                    at(table_path, "table"),
                    _("table %(table)s of the %(room)s is already match %(match)s's")
                    % {"table": number, "room": room, "match": self.room_tables[(room, number)]},
                )
            self.room_tables[(room, number)] = match
            ns_side = NS_SIDE[room]
            eo_side = "away" if ns_side == "home" else "home"
            lines = {"ns": teams[ns_side], "eo": teams[eo_side]}
            for line in ("ns", "eo"):
                if line in obj and obj[line] != lines[line]:
                    words = {
                        "home": _(
                            "in the %(room)s team %(team)s sits %(line)s (the home team), "
                            "not %(value)s"
                        ),
                        "away": _(
                            "in the %(room)s team %(team)s sits %(line)s (the away team), "
                            "not %(value)s"
                        ),
                    }[ns_side if line == "ns" else eo_side]
                    raise ArchiveError(
                        at(table_path, line),
                        words
                        % {
                            "room": room,
                            "team": lines[line],
                            "line": line.upper(),
                            "value": obj[line],
                        },
                    )
            players = {
                line: self._players(
                    obj[f"{line}_players"],
                    at(table_path, f"{line}_players"),
                    lines[line],
                    playing[lines[line]],
                    room,
                )
                if f"{line}_players" in obj
                else None
                for line in ("ns", "eo")
            }
            result = self.tables.read_result(obj, table_path, ("smazzate", "totals"))
            played = bool(result.get("smazzate")) or "totals" in result
            for line in ("ns", "eo"):
                if players[line] is None and played:
                    raise ArchiveError(
                        at(table_path, f"{line}_players"),
                        _("is missing: a table with a result names the players of both lines"),
                    )
            tables[room] = ArchiveTable(
                table=number,
                ns=lines["ns"],
                eo=lines["eo"],
                room=room,
                ns_players=players["ns"],
                eo_players=players["eo"],
                **result,
            )
        aperta, chiusa = tables["aperta"], tables["chiusa"]
        # A team's line-up is one pair in each room: given in both, or in neither yet.
        for side, open_line, closed_line in (("home", "ns", "eo"), ("away", "eo", "ns")):
            given = (
                getattr(aperta, f"{open_line}_players"),
                getattr(chiusa, f"{closed_line}_players"),
            )
            if (given[0] is None) != (given[1] is None):
                room, line = ("aperta", open_line) if given[0] is None else ("chiusa", closed_line)
                raise ArchiveError(
                    at(at(path, positions[room]), f"{line}_players"),
                    _(
                        "team %(team)s's line-up names its pair of one room only: give its "
                        "players in both rooms, or in neither while it is not set"
                    )
                    % {"team": teams[side]},
                )
        return aperta, chiusa

    def _players(
        self, raw: Any, path: str, team: int, playing: dict[int, str], room: str
    ) -> tuple[int, int]:
        """A line's two roster indexes of ``team``; none already playing in this match."""
        items = json_list(raw, path)
        if len(items) != 2:
            raise ArchiveError(
                path,
                _("a line holds two players of its team's roster, not %(count)s")
                % {"count": len(items)},
            )
        size = self.rosters[team]
        indexes = []
        for position, value in enumerate(items):
            where = at(path, position)
            index = json_int(value, where, minimum=0)
            if index >= size:
                raise ArchiveError(
                    where,
                    _(
                        "team %(team)s has %(count)s players (indexes 0 to %(last)s): there is "
                        "no player %(index)s"
                    )
                    % {"team": team, "count": size, "last": size - 1, "index": index},
                )
            if index in playing:
                raise ArchiveError(
                    where,
                    _(
                        "player %(index)s of team %(team)s already plays in the %(room)s of this "
                        "match"
                    )
                    % {"index": index, "team": team, "room": playing[index]},
                )
            playing[index] = room
            indexes.append(index)
        return indexes[0], indexes[1]
