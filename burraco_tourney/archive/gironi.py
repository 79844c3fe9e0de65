"""The gironi of an archive (ARCHIVE.md "Version 3", Gironi) on import and on export, read
through ``reader_gironi.py``.

The site numbers every table of a turno on through the turno (``Table.number``, what addresses
use: girone A's tables first, then B's …) and keeps each table's girone and its number inside
it, which is the file's ``table``; each entrant keeps its girone for the phase
(``Entrant.girone``) and the tournament the phase's first turno (``gironi_from``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from burraco_tourney.tournaments.models import Entrant, Tournament

from .records import Archive, ArchiveTable, ArchiveTurno


def gironi_numbered(turno: ArchiveTurno) -> list[tuple[int, ArchiveTable]]:
    """The turno's tables with the number the site gives them: the file's own outside gironi,
    else on through the turno in the gironi's order, then each girone's table order."""
    if not turno.gironi:
        return [(table.table, table) for table in turno.tables]
    order = {name: place for place, (name, _members) in enumerate(turno.gironi)}
    ranked = sorted(turno.tables, key=lambda t: (order[t.girone], t.table))
    return list(enumerate(ranked, start=1))


def gironi_apply(tournament: Tournament, archive: Archive, entrants: dict[int, Entrant]) -> None:
    """Store the phase: the settings, its first turno and each entrant's girone. Runs inside
    the import's transaction."""
    info = archive.tournament
    tournament.gironi_standings = info.gironi_standings
    tournament.gironi_overall = info.gironi_overall
    first = next((t for t in archive.turni if t.gironi), None)
    if first is not None:
        tournament.gironi_from = first.number
        for name, members in first.gironi:
            for number in members:
                entrants[number].girone = name
        Entrant.objects.bulk_update(list(entrants.values()), ["girone"])
    tournament.save(update_fields=["gironi_standings", "gironi_overall", "gironi_from"])


def tournament_gironi_keys(tournament: Tournament) -> dict[str, Any]:
    """``tournament.gironi_standings`` and ``gironi_overall`` when the tournament is played in
    gironi or either differs from its default."""
    keys = {"gironi_standings": tournament.gironi_standings}
    keys["gironi_overall"] = tournament.gironi_overall
    if tournament.gironi_from is None and keys == {
        "gironi_standings": "since_turno_1",
        "gironi_overall": "by_girone",
    }:
        return {}
    return keys


def turno_gironi(tournament: Tournament, entrants: Any, key: str) -> Callable[[int], list]:
    """Turno number -> its ``turni[].gironi``: each girone's entrants by number (``key``:
    "pairs", "players") from turno ``gironi_from`` on, none before it."""
    members: dict[str, list[int]] = {}
    for entrant in entrants:
        if entrant.girone:
            members.setdefault(entrant.girone, []).append(entrant.number)
    gironi = [{"name": name, key: sorted(m)} for name, m in sorted(members.items())]
    start = tournament.gironi_from

    def of(number: int) -> list[dict[str, Any]]:
        if start is None or number < start:
            return []
        return [{"name": g["name"], key: list(g[key])} for g in gironi]

    return of


def table_key(table: Any) -> dict[str, Any]:
    """A ``results.turni`` row's table: its number, or in gironi its number inside its girone
    and the girone."""
    if table.girone:
        return {"table": table.girone_number, "girone": table.girone}
    return {"table": table.number}
