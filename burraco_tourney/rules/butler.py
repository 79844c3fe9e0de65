"""The Butler view of a team tournament (RULES.md section 11): each pair's MP difference, per
table and in all, within its team — so a captain sees which line-up worked.

A team's **pair** here is two players of its roster who sat together on one line of a table,
named by their two roster keys in ascending order (in the archive the roster indexes from 0;
the site may pass any sortable ints). At a table the NS pair's difference is NS MP − EO MP and
the EO pair's the opposite. A match counts only once both its tables have a result (ARCHIVE.md,
kind ``teams``): the tables of a match still being played, and a forfeited match (it has no
tables), are left out. Team penalties belong to the team, not to a pair: they are not here.

Interface::

    butler(tables: Iterable[ButlerTable]) -> Butler
    Butler.rows     -> tuple[ButlerRow, ...]    # per pair: team, players, tables, scarto;
                                                # by team, then players (``results.butler``)
    Butler.entries  -> tuple[ButlerEntry, ...]  # per pair per table: turno, match, room, line,
                                                # opponent team, MP, difference; by team,
                                                # players, turno, match
    Butler.team_rows(team) / Butler.team_entries(team)

``ButlerTable(turno, match, room, ns_team, ns_players, eo_team, eo_players, ns_mp, eo_mp)``:
one table of a match (``room`` "aperta" or "chiusa"; ``ns_mp``/``eo_mp`` None while it has no
result). Worked example, turno 1, match 1, team 1 home v team 2::

    aperta: team 1 (0, 1) NS 1200 v team 2 (2, 3) EO 800
    chiusa: team 2 (0, 1) NS 900  v team 1 (3, 2) EO 1000

    rows: team 1 (0, 1) 1 table +400, team 1 (2, 3) 1 table +100,
          team 2 (0, 1) 1 table −100, team 2 (2, 3) 1 table −400

This module never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

TEAM_TABLES = 2  # a match is played in the sala aperta and the sala chiusa


@dataclass(frozen=True)
class ButlerTable:
    """One table of a team match, as played."""

    turno: int
    match: int
    room: str
    ns_team: int
    ns_players: tuple[int, int]
    eo_team: int
    eo_players: tuple[int, int]
    ns_mp: int | None
    eo_mp: int | None


@dataclass(frozen=True)
class ButlerEntry:
    """One pair at one table: its MP, the opponents' MP and the difference."""

    team: int
    players: tuple[int, int]
    turno: int
    match: int
    room: str
    line: str
    opponent: int
    mp: int
    opponent_mp: int

    @property
    def scarto(self) -> int:
        return self.mp - self.opponent_mp


@dataclass(frozen=True)
class ButlerRow:
    """One pair of a team over the tournament: the tables it played and its total difference."""

    team: int
    players: tuple[int, int]
    tables: int
    scarto: int


@dataclass(frozen=True)
class Butler:
    rows: tuple[ButlerRow, ...]
    entries: tuple[ButlerEntry, ...]

    def team_rows(self, team: int) -> tuple[ButlerRow, ...]:
        return tuple(row for row in self.rows if row.team == team)

    def team_entries(self, team: int) -> tuple[ButlerEntry, ...]:
        return tuple(entry for entry in self.entries if entry.team == team)


def _pair(players: Iterable[int]) -> tuple[int, int]:
    first, second = sorted(players)
    return (first, second)


def butler(tables: Iterable[ButlerTable]) -> Butler:
    """The Butler view of the tables given (those of unfinished matches are left out)."""
    by_match: dict[tuple[int, int], list[ButlerTable]] = defaultdict(list)
    for table in tables:
        by_match[(table.turno, table.match)].append(table)
    entries: list[ButlerEntry] = []
    for played in by_match.values():
        if len(played) != TEAM_TABLES or any(t.ns_mp is None or t.eo_mp is None for t in played):
            continue
        for t in played:
            ns_mp, eo_mp = int(t.ns_mp), int(t.eo_mp)  # type: ignore[arg-type]
            for line, team, players, opponent, mp, other in (
                ("ns", t.ns_team, t.ns_players, t.eo_team, ns_mp, eo_mp),
                ("eo", t.eo_team, t.eo_players, t.ns_team, eo_mp, ns_mp),
            ):
                entries.append(
                    ButlerEntry(
                        team, _pair(players), t.turno, t.match, t.room, line, opponent, mp, other
                    )
                )
    entries.sort(key=lambda e: (e.team, e.players, e.turno, e.match))
    totals: dict[tuple[int, tuple[int, int]], list[int]] = {}
    for entry in entries:
        total = totals.setdefault((entry.team, entry.players), [0, 0])
        total[0] += 1
        total[1] += entry.scarto
    rows = tuple(
        ButlerRow(team, players, count, scarto)
        for (team, players), (count, scarto) in sorted(totals.items())
    )
    return Butler(rows, tuple(entries))
