"""Reading an archive's entrants and where they sit: the part of the one reader (``reader.py``)
that a kind's archive section (``tournament.fmt.archive``, ``formats/archive.py``) shapes.

The section names the file's list of entrants (``pairs``; ``players`` in an individual file),
reads one entrant of it (``read_pair``, ``read_player`` below) and says how many entrants sit in
one line of a table: a pair (its number), or two players (a list of their numbers). The words of
a fault are the kind's (``fmt.archive.faults``). Everything else
— numbering, a number listed twice or unknown, an entrant seated twice in a turno — is read the
same way for every kind. Never touches the database.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from .checks import at, json_int, json_list, json_object, json_text
from .reader_v2 import read_withdrawn
from .records import ArchiveError, ArchivePair, ArchivePlayer

PLAYER_MAX = 120


class EntrantsSection:
    """The entrants of a file and their seats; ``section`` is the kind's archive section,
    ``entrant_key`` the kind's word for an entrant, ``_v2`` the keys version 2 adds."""

    section: Any
    entrant_key: str

    def _entrants(self, raw: Any) -> tuple[Any, ...]:
        key = self.section.entrants_key
        entrants: list[Any] = []
        self.pair_index: dict[int, int] = {}
        for index, item in enumerate(json_list(raw, key)):
            path = at(key, index)
            entrants.append(
                self.section.read_entrant(item, path, self._v2("pair"), self._number, self.people)
            )
            self.pair_index[entrants[-1].number] = index
        return tuple(entrants)

    def _number(self, obj: dict[str, Any], path: str) -> int:
        """An entrant's ``number``, listed once in the file."""
        number = json_int(obj["number"], at(path, "number"), minimum=1)
        if number in self.pair_index:
            raise ArchiveError(
                at(path, "number"),
                self.section.faults.listed_twice
                % {"number": number, "index": self.pair_index[number]},
            )
        return number

    def _seat(self, value: Any, path: str, seated: dict[int, str], where: str) -> Any:
        """Check who sits in a table's line (or rests) and note where; return the entrant's
        number, or the numbers of a line's players as a tuple."""
        seats = self.section.line_seats
        if seats == 1 or not isinstance(value, list):
            return self._seat_one(value, path, seated, where)
        if len(value) != seats:
            raise ArchiveError(
                path, _("a line holds two players, not %(count)s") % {"count": len(value)}
            )
        return tuple(
            self._seat_one(item, at(path, index), seated, where) for index, item in enumerate(value)
        )

    def _seat_one(self, value: Any, path: str, seated: dict[int, str], where: str) -> int:
        number = json_int(value, path, minimum=1)
        self._known_pair(number, path)
        if number in seated:
            raise ArchiveError(
                path,
                self.section.faults.seated_twice
                % {"pair": number, "player": number, "team": number, "where": seated[number]},
            )
        seated[number] = where
        return number

    def _known_pair(self, number: int, path: str) -> None:
        if number not in self.pair_index:
            unknown = self.section.faults.unknown
            raise ArchiveError(path, unknown % {"pair": number, "player": number, "team": number})

    def _v2(self, where: str) -> tuple[str, ...]:
        raise NotImplementedError


def _club(obj: dict[str, Any], path: str) -> str:
    return json_text(obj.get("club", ""), at(path, "club"), max_length=PLAYER_MAX, blank=True)


def _withdrawal(obj: dict[str, Any], path: str) -> tuple[int | None, str]:
    """The last turno played and why, of a withdrawn entrant; (None, "") when it is not."""
    if "withdrawn" in obj:
        return read_withdrawn(obj["withdrawn"], at(path, "withdrawn"))
    return None, ""


# ``number(obj, path)`` reads an entrant's number and refuses one listed before.
Number = Callable[[dict[str, Any], str], int]


def read_pair(
    item: Any, path: str, v2_keys: tuple[str, ...], number: Number, people: Any
) -> ArchivePair:
    """One item of ``pairs``: its number, two players (names, or PERSONs in a version 3 file,
    read by ``people``), club, seed, withdrawal."""
    obj = json_object(item, path, ("number", "players"), ("club", "seed", *v2_keys))
    pair = number(obj, path)
    players = json_list(obj["players"], at(path, "players"))
    if len(players) != 2:
        raise ArchiveError(
            at(path, "players"),
            _("must hold exactly two player names, not %(count)s") % {"count": len(players)},
        )
    (first, person1), (second, person2) = (
        people.read(name, at(at(path, "players"), i)) for i, name in enumerate(players)
    )
    club, seed = _club(obj, path), None
    if "seed" in obj:
        seed = json_int(obj["seed"], at(path, "seed"), minimum=1)
    after, reason = _withdrawal(obj, path)
    return ArchivePair(pair, (first, second), club, seed, after, reason, (person1, person2))


def read_player(
    item: Any, path: str, v2_keys: tuple[str, ...], number: Number, people: Any
) -> ArchivePlayer:
    """One item of an individual file's ``players``: number, name (or a PERSON in a version 3
    file, read by ``people``), club, withdrawal (a version 2 key: an individual file is of
    version 2 or later)."""
    obj = json_object(item, path, ("number", "name"), ("club", "withdrawn"))
    player = number(obj, path)
    name, person = people.read(obj["name"], at(path, "name"))
    club = _club(obj, path)
    after, reason = _withdrawal(obj, path)
    return ArchivePlayer(player, name, club, after, reason, person)
