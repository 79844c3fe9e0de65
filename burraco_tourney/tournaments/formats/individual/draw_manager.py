"""The bridge between a stored individual tournament and the individual movements of the
pairing engine (``rules/pairing/individual*.py``), as ``draw_manager`` is for pairs.

It reads the active players, the turni already drawn (as the engine's ``IndividualDraw``: who
partnered whom, who met whom, who rested) and, for a Danese individuale, the standings by player;
calls the engine and returns a ``DrawPlan`` whose draw has ``seats`` of player numbers. It never
writes: ``services/turni.py`` stores the draft.

Conventions shown to the director with the draw:

- The active players of a turno are the registered players who have not withdrawn, in number
  order.
- "Rotation" is the published 8-player schedule when exactly eight players play from turno 1
  and every turno so far followed it; otherwise the partner rotation drawn from the turni already
  played (seeded by the request's ``seed``, 0 unless the director sets one).
- Danese individuale ranks the active players by the standings after the previous turno.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from burraco_tourney.rules.pairing import (
    IndividualDraw,
    IndividualSeat,
    individual_danese_draw,
    individual_manual_draw,
    individual_rotation_draw,
)

from ...draw_manager import DrawPlan, DrawRequest, note_json
from ...gironi_draw import gironi_plan, phase_of
from ...models import Bye, Movement, TableSeat, Tournament

# The movements a director can draw for an individual tournament.
INDIVIDUAL_MOVEMENTS: tuple[str, ...] = (Movement.ROTATION, Movement.DANESE, Movement.MANUAL)


def active_players(tournament: Tournament) -> tuple[int, ...]:
    """The numbers of the players who have not withdrawn, in number order."""
    playing = tournament.entrants.filter(withdrawn=False).order_by("number")
    return tuple(playing.values_list("number", flat=True))


def played_draws(tournament: Tournament, *, before: int) -> list[IndividualDraw]:
    """The turni numbered below ``before`` as the engine's draws (their seats and riposi)."""
    lines: dict[int, dict[int, dict[str, list[int]]]] = {}
    seats = TableSeat.objects.filter(
        table__turno__tournament=tournament, table__turno__number__lt=before
    ).order_by("table__turno__number", "table__number", "line", "seat")
    for turno, table, line, player in seats.values_list(
        "table__turno__number", "table__number", "line", "entrant__number"
    ):
        lines.setdefault(turno, {}).setdefault(table, {"ns": [], "eo": []})[line].append(player)
    byes: dict[int, list[int]] = {}
    for turno, player in Bye.objects.filter(
        turno__tournament=tournament, turno__number__lt=before
    ).values_list("turno__number", "entrant__number"):
        byes.setdefault(turno, []).append(player)
    numbers = tournament.turni.filter(number__lt=before).order_by("number")
    return [
        IndividualDraw(
            tuple(
                IndividualSeat(table, tuple(line["ns"]), tuple(line["eo"]))
                for table, line in sorted(lines.get(turno, {}).items())
            ),
            tuple(sorted(byes.get(turno, []))),
        )
        for turno in numbers.values_list("number", flat=True)
    ]


def check_danese_has_standings(number: int, request: DrawRequest) -> None:
    """A Danese individuale ranks the players by the standings after the previous turno: the
    first turno has none, so drawing it that way would only seat them by number."""
    if request.movement == Movement.DANESE and number == 1:
        raise ValidationError(
            _(
                "The Danese individuale seats the players by the standings, and before turno 1 "
                "there are none: draw turno 1 with the rotation or by hand, then use the Danese "
                "individuale from turno 2."
            ),
            code="danese_first_turno",
        )


def draw_individual_turno(*, tournament: Tournament, number: int, request: DrawRequest) -> DrawPlan:
    """Draw turno ``number`` of an individual tournament. Raises the engine's RuleError."""
    from ...selectors.standings import standings

    players = active_players(tournament)
    played = played_draws(tournament, before=number)
    options: dict[str, Any] = {}
    gironi = phase_of(tournament, number)
    if gironi is not None:
        draw, options = gironi_plan(
            tournament=tournament,
            gironi=gironi,
            number=number,
            request=request,
            active=players,
            draw_one=lambda ranking: individual_danese_draw(ranking, played=played),
        )
    elif request.movement == Movement.ROTATION:
        seed = request.seed
        draw = individual_rotation_draw(players, turno=number, played=played, seed=seed)
        options = {"seed": seed, "order": list(players)}
    elif request.movement == Movement.DANESE:
        active = set(players)
        rows = standings(tournament=tournament, after_turno=number - 1)
        ranked = [s for s in rows if s.player.number in active]
        draw = individual_danese_draw([s.player.number for s in ranked], played=played)
        options = {
            "after_turno": number - 1,
            "standings": [[s.player.number, s.rank, s.vp, s.scarto] for s in ranked],
        }
    elif request.movement == Movement.MANUAL:
        draw = individual_manual_draw(request.seats, players=players, byes=request.byes)
        options = {"seats": [[list(line) for line in s] for s in request.seats]}
        options["byes"] = list(request.byes)
    else:
        raise ValueError(f"movement {request.movement!r} cannot be drawn for individuals")
    return DrawPlan(
        number=number,
        movement=request.movement,
        draw=draw,
        options=options,
        notes=[note_json(n) for n in draw.notes],
    )
