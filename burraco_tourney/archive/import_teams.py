"""Importing a team tournament's matches (ARCHIVE.md, "Kind teams"): the part of the import
service (``services.py``) that writes what only a teams file holds.

A match of the file becomes one ``Match`` with its two ``Table`` rows (one per room; in the
aperta the home team sits NS, in the chiusa the away team; the aperta's table is numbered as the
file's ``table``, the chiusa's after every aperta table of the turno) and one ``Lineup`` per
team: the roster members of its pair in each room, in the file's order. A forfeited match
(``"forfeit": "home"``) is stored as the site stores a team forfeit: both tables forfeited to
the winning team's line, without line-ups. Never reads the file
again: it takes the ``Archive`` the reader checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from burraco_tourney.tournaments.models import Entrant, Lineup, Match, Member, Table, Turno

from .reader_teams import turno_offset
from .records import ArchiveMatch, ArchiveTable, ArchiveTurno

ROOM_LINES = {"aperta": ("home", "away"), "chiusa": ("away", "home")}


def forfeit_tables(match: ArchiveMatch, offset: int) -> tuple[ArchiveTable, ...]:
    """A forfeited match's two tables as the site keeps them: each forfeited to the line where
    the winning team sits, numbered as the match (the chiusa's after the turno's ``offset``)."""
    tables = []
    for room, (ns, eo) in ROOM_LINES.items():
        teams = {"home": match.home, "away": match.away}
        winner = "ns" if ns == match.forfeit else "eo"
        tables.append(
            ArchiveTable(
                table=match.match,
                ns=teams[ns],
                eo=teams[eo],
                forfeit=winner,
                room=room,
                site=match.match + (offset if room == "chiusa" else 0),
            )
        )
    return tuple(tables)


def match_tables(
    turno: ArchiveTurno, row: Turno, table_row
) -> list[tuple[Table, ArchiveTable, ArchiveMatch]]:
    """The unsaved table rows of a turno's matches, two per match sharing one ``Match``;
    ``table_row(turno_row, table)`` builds one as for a pairs table."""
    rows = []
    # A turno's table numbers run across both rooms: the chiusa's follow the aperta's (match
    # k of n at table k and n + k); in the file each room numbers its own.
    offset = turno_offset(turno.matches)
    for match in turno.matches:
        shared = Match(turno=row, number=match.match)
        for table in match.tables or forfeit_tables(match, offset):
            table_row_ = table_row(row, table)
            table_row_.match = shared
            table_row_.room = table.room
            table_row_.number = table.number
            rows.append((table_row_, table, match))
    return rows


def lineups_create(
    rows: Iterable[tuple[Table, ArchiveTable, ArchiveMatch]],
    entrants: Mapping[int, Entrant],
    members: Iterable[Member],
) -> None:
    """Each played match's two line-ups, from the roster indexes of its tables' lines."""
    member = {(m.entrant_id, m.position - 1): m for m in members}
    by_match: dict[int, dict[str, ArchiveTable]] = {}
    matches: dict[int, tuple[Table, ArchiveMatch]] = {}
    for row, table, match in rows:
        if match.forfeit is None:
            by_match.setdefault(id(match), {})[table.room] = table
            matches[id(match)] = (row, match)
    lineups = []
    for key, rooms in by_match.items():
        row, match = matches[key]
        aperta, chiusa = rooms["aperta"], rooms["chiusa"]
        for team, open_pair, closed_pair in (
            (match.home, aperta.ns_players, chiusa.eo_players),
            (match.away, aperta.eo_players, chiusa.ns_players),
        ):
            if open_pair is None or closed_pair is None:
                continue  # the team's line-up is not set yet (the reader checked: in neither)
            entrant = entrants[team]
            a1, a2 = (member[(entrant.pk, i)] for i in open_pair)
            c1, c2 = (member[(entrant.pk, i)] for i in closed_pair)
            lineups.append(
                Lineup(
                    match_id=row.match_id,
                    team=entrant,
                    aperta1=a1,
                    aperta2=a2,
                    chiusa1=c1,
                    chiusa2=c2,
                )
            )
    Lineup.objects.bulk_create(lineups)
