"""The "where do I sit" lists of a turno: by table, and by player in alphabetical order.

Player names are written surname first, as on Italian tournament lists ("Rossi Anna"), so the
alphabetical list sorts the whole name, ignoring case and accents. Reads only.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..models import Entrant, Table, Turno


@dataclass(frozen=True)
class PlayerSeat:
    """One player's place in a turno: the table and line, or None when the pair rests."""

    player: str
    pair: Entrant
    table: int | str | None
    line: str  # "ns", "eo", or "" for a riposo


@dataclass(frozen=True)
class Seating:
    tables: list[Table]
    byes: list[Entrant]
    players: list[PlayerSeat]


def name_key(name: str) -> str:
    """Sort key of a name: accents removed, case folded ("D'Angelo" near "Dangelo")."""
    plain = unicodedata.normalize("NFKD", name)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


SURNAME_PARTICLES = frozenset(
    [
        "d'",
        "da",
        "dal",
        "dall'",
        "dalla",
        "de",
        "dei",
        "del",
        "dell'",
        "della",
        "delle",
        "dello",
        "degli",
        "di",
        "la",
        "le",
        "li",
        "lo",
    ]
)


def surname_key(name: str) -> str:
    """Sort key of a name written first name first, as an individual tournament's players are
    ("Anna De Luca"): the surname with its particles ("de luca"), then the first names. Players
    look for their surname on a list sorted by it."""
    words = name_key(name).split()
    start = len(words) - 1
    while start > 1 and words[start - 1] in SURNAME_PARTICLES:
        start -= 1
    return " ".join(words[start:] + words[:start])


def turno_seating(*, turno: Turno) -> Seating:
    """The tables (with their pairs), the resting pairs and every player alphabetically."""
    tables = list(turno.tables.select_related("ns", "eo", "match").order_by("number"))
    byes = [b.entrant for b in turno.byes.select_related("entrant").order_by("entrant__number")]
    players: list[PlayerSeat] = []
    for table in tables:
        for pair, line in ((table.ns, "ns"), (table.eo, "eo")):
            if pair is None:  # an individual table: its players are ``individual_seating``'s
                continue
            players += [PlayerSeat(name, pair, table.label, line) for name in _names(pair)]
    for pair in byes:
        players += [PlayerSeat(name, pair, None, "") for name in _names(pair)]
    players.sort(key=lambda s: (name_key(s.player), s.pair.number))
    return Seating(tables=tables, byes=byes, players=players)


def _names(pair: Entrant) -> list[str]:
    return [name for name in (pair.player1, pair.player2) if name.strip()]


@dataclass(frozen=True)
class SeatFound:
    """A player found by the seat search: the table and line, or None when the pair rests."""

    player: str
    pair: Entrant
    table: Table | None
    line: str  # "ns", "eo", or "" for a riposo
    opponent: Entrant | None


SEARCH_MIN_LENGTH = 2
SEARCH_LIMIT = 30


def latest_turno(*, tournament) -> Turno | None:
    """The turno players sit down for next: the last published one."""
    return tournament.turni.filter(published=True).order_by("-number").first()


def name_matches(name: str, query: str) -> bool:
    """Whether ``name`` holds every word of ``query``, accents and case aside, in any order
    ("anna rossi" and "nicolo" find "Rossi Anna" and "Nicolò Bianchi"). Both kinds of
    tournament's "dove mi siedo" search with it."""
    key = name_key(name)
    return all(word in key for word in name_key(query).split())


def seat_search(*, turno: Turno, query: str) -> list[SeatFound]:
    """The players of ``turno`` whose name holds every word of ``query``, accents and case
    aside, in any order ("anna rossi" finds "Rossi Anna"); at most SEARCH_LIMIT of them."""
    if len(name_key(query).strip()) < SEARCH_MIN_LENGTH:
        return []
    seating = turno_seating(turno=turno)
    tables = {t.label: t for t in seating.tables}
    found = []
    for seat in seating.players:
        if name_matches(seat.player, query):
            table = tables.get(seat.table) if seat.table else None
            opponent = None
            if table is not None:
                opponent = table.eo if seat.line == "ns" else table.ns
            found.append(SeatFound(seat.player, seat.pair, table, seat.line, opponent))
            if len(found) == SEARCH_LIMIT:
                break
    return found
