"""Reads of a team tournament (RULES.md section 11): a turno's matches with both rooms and who
sits where (the line-ups), a team's matches, and "where do I sit" by a player's name. Reads
only; a few queries per page whatever the number of matches."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from burraco_tourney.people.names import words_key

from ..models import Entrant, Lineup, Match, Member, Room, Turno


@dataclass
class RoomLine:
    """One line of one table of a match: the team and the two players its line-up seats."""

    team: Entrant
    players: list[str]
    mp: int | None


@dataclass
class RoomTable:
    table: Any
    room: str
    room_label: str
    number: int
    ns: RoomLine
    eo: RoomLine


@dataclass
class TeamMatchView:
    match: Match
    home: Entrant
    away: Entrant
    tables: list[RoomTable] = field(default_factory=list)
    lineups: dict[int, Lineup] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return self.match.ns_vp is not None

    @property
    def lineups_missing(self) -> list[Entrant]:
        return [t for t in (self.home, self.away) if t.pk not in self.lineups]


def _names(lineup: Lineup | None, room: str) -> list[str]:
    if lineup is None:
        return []
    return [m.printed for m in lineup.room_pair(room)]


def turno_matches(*, turno: Turno) -> list[TeamMatchView]:
    """The turno's matches, match 1 first, each with its two tables (aperta first) and who
    sits in each line."""
    matches = (
        Match.objects.filter(turno=turno)
        .order_by("number")
        .prefetch_related("tables__ns", "tables__eo")
    )
    lineups: dict[tuple[int, int], Lineup] = {
        (lu.match_id, lu.team_id): lu
        for lu in Lineup.objects.filter(match__turno=turno).select_related(
            "aperta1", "aperta2", "chiusa1", "chiusa2"
        )
    }
    views = []
    for match in matches:
        tables = sorted(match.tables.all(), key=lambda t: t.number)
        if not tables or not tables[0].room:
            continue
        view = TeamMatchView(match=match, home=match.home, away=match.away)
        view.lineups = {
            team.pk: lineups[(match.pk, team.pk)]
            for team in (view.home, view.away)
            if (match.pk, team.pk) in lineups
        }
        for table in tables:
            ns_lineup = view.lineups.get(table.ns_id)
            eo_lineup = view.lineups.get(table.eo_id)
            view.tables.append(
                RoomTable(
                    table=table,
                    room=table.room,
                    room_label=str(Room(table.room).label),
                    number=match.number,
                    ns=RoomLine(table.ns, _names(ns_lineup, table.room), table.ns_mp),
                    eo=RoomLine(table.eo, _names(eo_lineup, table.room), table.eo_mp),
                )
            )
        views.append(view)
    return views


@dataclass(frozen=True)
class TeamPlace:
    """Where a player sits in a turno: room, table, line, team-mates and opponents."""

    name: str
    team: Entrant
    room_label: str
    table: int
    line: str
    partner: str
    opponents: list[str]
    opponent_team: Entrant


def find_team_places(*, turno: Turno | None, query: str) -> list[TeamPlace]:
    """Every player of ``turno`` whose name has the words of ``query`` (any order, accents
    aside), with where the line-ups seat them; a player not in a line-up is not listed."""
    key = words_key(query)
    if turno is None or not key:
        return []
    words = key.split()
    places = []
    for view in turno_matches(turno=turno):
        for room_table in view.tables:
            for line, other in (("ns", "eo"), ("eo", "ns")):
                mine, theirs = getattr(room_table, line), getattr(room_table, other)
                for i, name in enumerate(mine.players):
                    if all(w in words_key(name).split() for w in words):
                        places.append(
                            TeamPlace(
                                name=name,
                                team=mine.team,
                                room_label=room_table.room_label,
                                table=room_table.number,
                                line=line,
                                partner=mine.players[1 - i],
                                opponents=theirs.players,
                                opponent_team=theirs.team,
                            )
                        )
    return places


@dataclass
class TeamTurno:
    turno: int
    match: TeamMatchView | None
    home: bool
    vp: int | None
    opp_vp: int | None
    mp: int | None
    opp_mp: int | None
    rests: bool = False


def team_turni(*, team: Entrant) -> list[TeamTurno]:
    """The team's published turni: its match (both rooms, its line-up) or its riposo."""
    rows = []
    turni = team.tournament.turni.filter(published=True).order_by("number")
    resting = set(team.byes.values_list("turno__number", flat=True))
    for turno in turni:
        if turno.number in resting:
            rows.append(TeamTurno(turno.number, None, False, None, None, None, None, rests=True))
            continue
        for view in turno_matches(turno=turno):
            if team.pk in (view.home.pk, view.away.pk):
                home = view.home.pk == team.pk
                m = view.match
                vp, opp_vp = (m.ns_vp, m.eo_vp) if home else (m.eo_vp, m.ns_vp)
                mp, opp_mp = (m.ns_mp, m.eo_mp) if home else (m.eo_mp, m.ns_mp)
                rows.append(TeamTurno(turno.number, view, home, vp, opp_vp, mp, opp_mp))
    return rows


def team_roster(*, team: Entrant) -> list[Member]:
    return list(team.members.order_by("position").select_related("person"))
