"""The state of the room in an archive: what the site keeps about a tournament's turni besides
seating and results, in ``tournament.settings`` (docs/archive.md "The room").

Each key is a ``Part`` that says how it is written from the database (``export``), read and
checked from the file (``read``; then ``check``, against the turni once the reader has them) and
written into a new tournament (``write``, once the tournament's results are computed, so a
dismissal holds for the result as imported). ``PARTS`` lists them: keeping one more thing in the
archive is writing one more part (with its key in ``archive.schema.json`` and docs/archive.md).

- ``turni`` (``room_turni``): each turno's publish time, whether it is closed to the players'
  phones, and the explanation of its draw;
- ``player_entries`` (``room_entries``): what each line entered from its phones;
- ``anomaly_dismissals`` (``room_dismissals``): the anomalies the director let stand, with the
  note saying why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from django.utils.translation import gettext as _

from burraco_tourney.tournaments.models import Table, Tournament

from .checks import SMALL_MAX, at, json_choice, json_int
from .records import ArchiveError, ArchiveTable, ArchiveTurno

SETTINGS_PATH = "tournament.settings"


class Part(Protocol):
    key: str

    def export(self, tournament: Tournament) -> list[dict[str, Any]]:
        """The key's items, in a fixed order (empty: the key is left out)."""

    def read(self, value: Any, path: str) -> tuple[Any, ...]:
        """The key's items as checked values, in the file's order."""

    def check(self, items: tuple[Any, ...], path: str, turni: Mapping[int, ArchiveTurno]) -> None:
        """Refuse an item that does not fit the file's turni and tables."""

    def write(self, tournament: Tournament, items: tuple[Any, ...]) -> None:
        """Write the items into the new ``tournament`` (its turni and tables are written)."""


def room_parts() -> tuple[Part, ...]:
    from .room_dismissals import DISMISSALS
    from .room_entries import ENTRIES
    from .room_turni import TURNI

    return (TURNI, ENTRIES, DISMISSALS)


ROOM_KEYS = ("turni", "player_entries", "anomaly_dismissals")


def room_json(tournament: Tournament) -> dict[str, list[dict[str, Any]]]:
    """The room's keys of ``tournament.settings`` that have anything to say."""
    room = {}
    for part in room_parts():
        items = part.export(tournament)
        if items:
            room[part.key] = items
    return room


def read_room(settings: Mapping[str, Any], path: str) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The room's keys of ``settings`` (already an object) as (key, items)."""
    return tuple(
        (part.key, part.read(settings[part.key], at(path, part.key)))
        for part in room_parts()
        if part.key in settings
    )


def check_room(room: Sequence[tuple[str, tuple[Any, ...]]], turni: Sequence[ArchiveTurno]) -> None:
    """Refuse room items naming a turno or table the file does not have (or cannot have)."""
    by_number = {turno.number: turno for turno in turni}
    given = dict(room)
    for part in room_parts():
        if part.key in given:
            part.check(given[part.key], at(SETTINGS_PATH, part.key), by_number)


def write_room(tournament: Tournament, room: Sequence[tuple[str, tuple[Any, ...]]]) -> None:
    given = dict(room)
    for part in room_parts():
        if given.get(part.key):
            part.write(tournament, given[part.key])


# -- shared by the parts ----------------------------------------------------------------------


def archive_table(
    turni: Mapping[int, ArchiveTurno], turno: int, table: int, path: str
) -> ArchiveTable:
    """The table ``table`` of turno ``turno`` in the file; ``ArchiveError`` when there is none."""
    if turno not in turni:
        raise ArchiveError(
            at(path, "turno"), _("there is no turno %(turno)s in turni") % {"turno": turno}
        )
    for candidate in turni[turno].all_tables:  # a team turno's by their number in the turno
        if candidate.number == table:
            return candidate
    raise ArchiveError(
        at(path, "table"),
        _("turno %(turno)s has no table %(table)s") % {"turno": turno, "table": table},
    )


def stored_tables(tournament: Tournament) -> dict[tuple[int, int], Table]:
    """The tournament's tables as stored now, by (turno number, table number)."""
    tables = Table.objects.filter(turno__tournament=tournament).select_related("turno")
    return {(table.turno.number, table.number): table for table in tables}


def read_place(
    obj: Mapping[str, Any],
    where: str,
    key: str,
    choices: Sequence[str],
    seen: set[tuple[int, int, str]],
    twice: str,
) -> tuple[int, int, str]:
    """An item's table (``turno``, ``table``) and its ``key`` among ``choices``; each of these
    at most once in the list (``seen`` so far; ``twice``: the sentence otherwise, with the
    turno and table as %(turno)s and %(table)s)."""
    turno = json_int(obj["turno"], at(where, "turno"), minimum=1, maximum=SMALL_MAX)
    table = json_int(obj["table"], at(where, "table"), minimum=1, maximum=SMALL_MAX)
    value = json_choice(obj[key], at(where, key), choices)
    if (turno, table, value) in seen:
        raise ArchiveError(at(where, key), twice % {"turno": turno, "table": table})
    seen.add((turno, table, value))
    return turno, table, value
