"""Drawing a team turno (RULES.md section 11): the engine's team movements
(``rules.team_draw``: all'italiana for teams, Danese for teams, modificato by default) or a
draw by hand, read from the stored tournament like the pairs' (``tournaments.draw_manager``:
the active entrants, the meetings, riposi and standings of the earlier turni), and planned as
two tables a match: match *k* of *n* is table *k* in the sala aperta (home team NS) and table
*n+k* in the sala chiusa (away team NS), number *k* in each room (``Table.room_number``).
``services.turni`` stores the plan as every kind's. Reads only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from burraco_tourney.rules.pairing import manual_draw
from burraco_tourney.rules.team_draw import (
    TeamDraw,
    TeamMatch,
    team_danese_draw,
    team_italiana_draw,
    team_italiana_turni,
)

from ...models import Movement, Room

TEAM_MOVEMENTS = (Movement.ITALIANA, Movement.DANESE, Movement.MANUAL)


@dataclass(frozen=True)
class TeamSeat:
    """One table of a team match as ``services.turni.turno_store_seating`` stores it."""

    table: int
    room: str
    match: int
    ns: int
    eo: int


@dataclass(frozen=True)
class TeamTurnoDraw:
    """A team draw as the turni services read a draw: its tables (two a match), riposi and
    notes."""

    seats: tuple[TeamSeat, ...]
    byes: tuple[int, ...]
    notes: tuple[Any, ...]


def team_seats(matches: tuple[TeamMatch, ...]) -> tuple[TeamSeat, ...]:
    """Each match's two tables: the home team NS in the aperta, the away team NS in the
    chiusa; the aperta's tables first (``Table.room``)."""
    n = len(matches)
    aperta = tuple(TeamSeat(m.match, Room.APERTA, m.match, m.home, m.away) for m in matches)
    chiusa = tuple(TeamSeat(n + m.match, Room.CHIUSA, m.match, m.away, m.home) for m in matches)
    return aperta + chiusa


def home_counts(tournament: Any, *, before: int) -> dict[int, int]:
    """Team -> the matches it played at home (NS in the sala aperta) before turno ``before``."""
    from ...models import Table

    counts: dict[int, int] = {}
    for number in Table.objects.filter(
        turno__tournament=tournament, turno__number__lt=before, room=Room.APERTA
    ).values_list("ns__number", flat=True):
        counts[number] = counts.get(number, 0) + 1
    return counts


def draw_team_turno(*, tournament: Any, number: int, request: Any) -> Any:
    """The ``DrawPlan`` of team turno ``number``. Raises the engine's RuleError."""
    from ...draw_manager import (
        DrawPlan,
        _rotation_index,
        active_pairs,
        danese_ranking,
        history,
        note_json,
    )

    order = list(active_pairs(tournament, number))
    past = history(tournament, before=number)
    options: dict[str, Any]
    if request.movement == Movement.ITALIANA:
        index = _rotation_index(tournament, Movement.ITALIANA, order, number)
        draw: TeamDraw = team_italiana_draw(order, index)
        options = {"index": index, "turni": team_italiana_turni(len(order)), "order": order}
    elif request.movement == Movement.DANESE:
        ranking, last, options = danese_ranking(tournament, number, order, request)
        draw = team_danese_draw(
            ranking,
            met=past.meetings.keys(),
            previous=past.previous,
            bye_counts=past.bye_counts,
            home_counts=home_counts(tournament, before=number),
            mode=request.mode,
            last_turno=last,
        )
    elif request.movement == Movement.MANUAL:
        # By hand: one match a line, the home team then the away team.
        typed = manual_draw(request.seats, pairs=order, byes=request.byes)
        draw = TeamDraw(tuple(TeamMatch(s.table, s.ns, s.eo) for s in typed.seats), typed.byes, ())
        options = {"seats": [list(s) for s in request.seats], "byes": list(request.byes)}
    else:
        raise ValueError(f"movement {request.movement!r} cannot be drawn for teams")
    plan = TeamTurnoDraw(team_seats(draw.matches), tuple(draw.byes), tuple(draw.notes))
    return DrawPlan(
        number=number,
        movement=request.movement,
        draw=plan,
        options=options,
        notes=[note_json(n) for n in draw.notes],
    )
