"""Helpers of the team tournament tests: teams registered through the one entrants service (their
rosters become registry people), turni drawn through the turni service, line-ups and results
through their services."""

from __future__ import annotations

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Match, Table, Tournament, Turno
from burraco_tourney.tournaments.services import entrants, scores, turni
from burraco_tourney.tournaments.services.members import Place
from burraco_tourney.tournaments.services.teams import LineupChoice, lineup_set
from tests.factories import FIRST, LAST, make_tournament

TEAM_NAMES = ["Aurora", "Borgo", "Corallo", "Delfino", "Edera", "Faro", "Gabbiano", "Iris"]


def roster_names(team: int, size: int = 4) -> list[str]:
    """Distinct printed names for team ``team``'s roster."""
    return [f"{LAST[(team + i) % len(LAST)]} {FIRST[i]} {team}" for i in range(size)]


def make_teams(tournament: Tournament, count: int, *, user=None, size: int = 4) -> list:
    return [
        entrants.entrant_create(
            tournament=tournament,
            user=user,
            name=f"{TEAM_NAMES[(i - 1) % len(TEAM_NAMES)]} {i}",
            club="Circolo Aurora",
            places=[Place(n) for n in roster_names(i, size)],
        )
        for i in range(1, count + 1)
    ]


def team_tournament(director=None, teams: int = 6, **fields) -> Tournament:
    tournament = make_tournament(owner=director, kind="teams", **fields)
    make_teams(tournament, teams, user=director)
    return tournament


def draw_team_turno(tournament: Tournament, user, movement: str = "italiana", **options) -> Turno:
    turno = turni.turno_draw(
        tournament=tournament, user=user, request=DrawRequest(movement=movement, **options)
    )
    return turni.turno_publish(turno=turno, user=user)


FIRST_FOUR = LineupChoice((1, 2), (3, 4))


def set_lineups(turno: Turno, user, choice: LineupChoice = FIRST_FOUR) -> None:
    for match in Match.objects.filter(turno=turno).prefetch_related("tables"):
        for team in (match.home, match.away):
            lineup_set(match=match, team=team, choice=choice, user=user)


def room_table(turno: Turno, match: int, room: str) -> Table:
    return Table.objects.get(turno=turno, match__number=match, room=room)


def enter(table: Table, user, ns_mp: int, eo_mp: int):
    table.refresh_from_db()
    return scores.table_record_totals(
        table=table, user=user, ns_mp=ns_mp, eo_mp=eo_mp, version=table.version
    )
