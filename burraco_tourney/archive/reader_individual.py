"""Reading an archive of kind ``individual`` (ARCHIVE.md "Kind individual").

The reader of pairs (``reader._Reader``) with the individual tournament's differences: ``players``
replaces ``pairs``, a table's ``ns`` and ``eo`` are lists of two player numbers, ``byes`` lists
players, ``penalties[].player`` replaces ``pair`` (``entrant_key``: the penalties are read by
the pairs' reader). Everything else — the tournament object, every smazzata against the rules
engine, drafts, the log — is read exactly as for pairs.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from .checks import at, json_int, json_list, json_object, json_text
from .closing import check_closing
from .persons import PersonReader
from .reader import PLAYER_MAX, _Reader
from .reader_v2 import check_withdrawals, read_log, read_withdrawn
from .records import Archive, ArchiveError, ArchivePlayer
from .room_state import check_room
from .schema import check_structure

PLAYER_KEYS = ("club", "withdrawn")


class IndividualReader(_Reader):
    """One pass over a decoded individual archive."""

    entrant_key = "player"

    def read_root(self, root: Any, version: int) -> Archive:
        self.version = version
        check_structure(root)
        json_object(
            root,
            "",
            ("format", "version", "tournament", "players", "turni"),
            ("penalties", "results", *self._v2("")),
        )
        tournament = self._tournament(root["tournament"])
        self.people = PersonReader(version=version, year=tournament.date.year)
        players = self._players(root["players"])
        turni = self._turni(root["turni"])
        check_withdrawals(players, self.seated, self.entrant_key)
        check_room(tournament.room, turni)
        check_closing(tournament.closed_turni, tournament.corrected_results, turni)
        penalties = self._penalties(root.get("penalties", []))
        log = read_log(root["log"]) if "log" in root else ()
        return Archive(
            tournament=tournament,
            pairs=(),
            players=players,
            turni=turni,
            penalties=penalties,
            version=version,
            log=log,
        )

    def _players(self, raw: Any) -> tuple[ArchivePlayer, ...]:
        players: list[ArchivePlayer] = []
        self.pair_index: dict[int, int] = {}
        for index, item in enumerate(json_list(raw, "players")):
            path = at("players", index)
            obj = json_object(item, path, ("number", "name"), PLAYER_KEYS)
            number = json_int(obj["number"], at(path, "number"), minimum=1)
            if number in self.pair_index:
                raise ArchiveError(
                    at(path, "number"),
                    _("player %(number)s is already listed at players[%(index)s]")
                    % {"number": number, "index": self.pair_index[number]},
                )
            self.pair_index[number] = index
            name, person = self.people.read(obj["name"], at(path, "name"))
            club = json_text(
                obj.get("club", ""), at(path, "club"), max_length=PLAYER_MAX, blank=True
            )
            after, reason = None, ""
            if "withdrawn" in obj:
                after, reason = read_withdrawn(obj["withdrawn"], at(path, "withdrawn"))
            players.append(ArchivePlayer(number, name, club, after, reason, person))
        return tuple(players)

    def _seat(self, value: Any, path: str, seated: dict[int, str], where: str) -> Any:
        """A table's line (a list of two players) or a resting player: check each player and
        note where he sits; return the line as a tuple, or the player's number."""
        if not isinstance(value, list):
            return self._seat_player(value, path, seated, where)
        if len(value) != 2:
            raise ArchiveError(
                path, _("a line holds two players, not %(count)s") % {"count": len(value)}
            )
        first, second = (
            self._seat_player(item, at(path, index), seated, where)
            for index, item in enumerate(value)
        )
        return (first, second)

    def _seat_player(self, value: Any, path: str, seated: dict[int, str], where: str) -> int:
        number = json_int(value, path, minimum=1)
        self._known_pair(number, path)
        if number in seated:
            raise ArchiveError(
                path,
                _("player %(player)s appears twice in this turno (he already %(where)s)")
                % {"player": number, "where": seated[number]},
            )
        seated[number] = where
        return number

    def _known_pair(self, number: int, path: str) -> None:
        if number not in self.pair_index:
            raise ArchiveError(
                path, _("there is no player %(player)s in players") % {"player": number}
            )
