"""The "where do I sit" lists of a turno: by table, and by player in alphabetical order.

Player names are written surname first, as on Italian tournament lists ("Rossi Anna"), so the
alphabetical list sorts the whole name, ignoring case and accents. Reads only.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..models import Pair, Table, Turno


@dataclass(frozen=True)
class PlayerSeat:
    """One player's place in a turno: the table and line, or None when the pair rests."""

    player: str
    pair: Pair
    table: int | None
    line: str  # "ns", "eo", or "" for a riposo


@dataclass(frozen=True)
class Seating:
    tables: list[Table]
    byes: list[Pair]
    players: list[PlayerSeat]


def name_key(name: str) -> str:
    """Sort key of a name: accents removed, case folded ("D'Angelo" near "Dangelo")."""
    plain = unicodedata.normalize("NFKD", name)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def turno_seating(*, turno: Turno) -> Seating:
    """The tables (with their pairs), the resting pairs and every player alphabetically."""
    tables = list(turno.tables.select_related("ns", "eo").order_by("number"))
    byes = [b.pair for b in turno.byes.select_related("pair").order_by("pair__number")]
    players: list[PlayerSeat] = []
    for table in tables:
        for pair, line in ((table.ns, "ns"), (table.eo, "eo")):
            players += [PlayerSeat(name, pair, table.number, line) for name in _names(pair)]
    for pair in byes:
        players += [PlayerSeat(name, pair, None, "") for name in _names(pair)]
    players.sort(key=lambda s: (name_key(s.player), s.pair.number))
    return Seating(tables=tables, byes=byes, players=players)


def _names(pair: Pair) -> list[str]:
    return [name for name in (pair.player1, pair.player2) if name.strip()]
