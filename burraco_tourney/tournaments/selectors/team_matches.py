"""A team tournament's matches as played: each match's two tables with the line-ups seated
there, and the Butler view (RULES.md section 11) built from them. Reads only.

``match_lineups(tables)`` gives, for each table of a team match, the roster indexes (from 0, the
roster's order) of the two players on each line, from the teams' ``Lineup`` of the match: in the
sala aperta the home team's aperta pair sits NS and the away team's EO, in the sala chiusa the
away team's chiusa pair NS and the home team's EO. A table whose match has no line-up yet (or a
forfeited match) has none. ``butler_view(tournament)`` is the engine's ``rules.butler`` over
every table; the archive's ``results.butler``, the Butler page, PDF and sheet all read it.
"""

from __future__ import annotations

from collections.abc import Iterable

from burraco_tourney.rules.butler import Butler, ButlerTable, butler

from ..models import Lineup, Room, Table, Tournament

Pair = tuple[int, int]


def _index(member) -> int:
    return member.position - 1


def match_lineups(tables: Iterable[Table]) -> dict[int, tuple[Pair | None, Pair | None]]:
    """Table id -> (the NS line's roster indexes, the EO line's), each None while that team's
    line-up for the match is not set; tables of no team match are left out. ``tables`` carry
    ``match_id``, ``ns_id``, ``eo_id`` and ``room``."""
    tables = list(tables)
    lineups = {
        (lineup.match_id, lineup.team_id): lineup
        for lineup in Lineup.objects.filter(match_id__in={t.match_id for t in tables})
        .select_related("aperta1", "aperta2", "chiusa1", "chiusa2")
        .order_by("pk")
    }
    seated: dict[int, tuple[Pair | None, Pair | None]] = {}
    for table in tables:
        if not table.room:
            continue
        ns, eo = (lineups.get((table.match_id, team)) for team in (table.ns_id, table.eo_id))
        seated[table.pk] = (_pair(ns, table.room), _pair(eo, table.room))
    return seated


def _pair(lineup: Lineup | None, room: str) -> Pair | None:
    if lineup is None:
        return None
    first, second = (_index(m) for m in lineup.room_pair(room))
    return first, second


def seated_names(table: Table) -> dict[str, str]:
    """The line-up's two players on each line of a team table, as printed ("Rossi – Verdi"),
    by line ("ns", "eo"); empty for a table of no team match or a line whose line-up is not
    set."""
    if not table.room:
        return {}
    lineups = {
        lineup.team_id: lineup
        for lineup in Lineup.objects.filter(match_id=table.match_id).select_related(
            "aperta1", "aperta2", "chiusa1", "chiusa2"
        )
    }
    names = {}
    for line, team in (("ns", table.ns_id), ("eo", table.eo_id)):
        lineup = lineups.get(team)
        if lineup is not None:
            names[line] = " – ".join(m.printed for m in lineup.room_pair(table.room))
    return names


def butler_view(tournament: Tournament) -> Butler:
    """Each pair's MP difference per table and in all, within its team."""
    tables = list(
        Table.objects.filter(turno__tournament=tournament, room__in=[Room.APERTA, Room.CHIUSA])
        .select_related("turno", "match", "ns", "eo")
        .order_by("turno__number", "number", "room")
    )
    seated = match_lineups(tables)
    both = {pk for pk, (ns, eo) in seated.items() if ns is not None and eo is not None}
    return butler(
        ButlerTable(
            turno=table.turno.number,
            match=table.match.number,
            room=table.room,
            ns_team=table.ns.number,
            ns_players=seated[table.pk][0],  # type: ignore[arg-type]
            eo_team=table.eo.number,
            eo_players=seated[table.pk][1],  # type: ignore[arg-type]
            ns_mp=table.ns_mp if table.has_result else None,
            eo_mp=table.eo_mp if table.has_result else None,
        )
        for table in tables
        if table.pk in both and table.turno.published
    )
