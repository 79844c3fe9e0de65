"""The one bridge between the stored tournament and the pairing engine (``rules/pairing``).

It reads what a movement needs from the database — the active pairs, the meetings, opponents and
riposi of the earlier turni, the standings — calls the engine, and returns the engine's ``Draw``
with the options and the explanation in a form that can be stored as JSON. It never writes:
``services/turni.py`` stores the draft turno and records the change.

Conventions a director can rely on (shown on the turni page):

- The *active* pairs of a turno are the registered pairs that have not withdrawn, in pair number
  order, less the late pairs that join in a later turno. A late pair joining in this turno gets a
  note (``pair_joins``), and the turni it missed count as riposi in the balance of riposi, so
  that it does not rest as soon as it arrives.
- Mitchell seats the active pairs in pair number order: the first half (rounded up) sits NS at
  tables 1, 2, ... and stays, the others sit EO and move. The Mitchell *round* is 1 + the number of
  earlier Mitchell turni drawn on the same pairs, so a Mitchell interrupted by a Danese turno
  carries on its rotation. A withdrawal changes the pairs and starts a new rotation.
- All'italiana uses the same order; its turno of the calendar is 1 + the earlier all'italiana
  turni on the same pairs.
- Danese ranks the active pairs by the standings after the previous turno.
- Riposi: every movement is given how often each pair has rested so far, in any movement.

The Mitchell steps offered for a turno (``mitchell_step_options``) are weighed against every
meeting already played in the tournament, whatever its movement: how many tables of the turno
would meet again, and how many turni from it on are free of rematches. The engine marks the best
step. The Mitchell draw is told the same meetings and notes the tables that repeat one.

Besides the engine's notes, the manager adds two of its own, for any movement: ``rematch`` (two
pairs meet again; the engine's own Danese notes already explain some, those are not repeated) and
``bye_again`` (a pair rests although another has rested fewer times: only a manual seating or a
change of movement can cause it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q

from burraco_tourney.rules.errors import RuleError, RuleViolation
from burraco_tourney.rules.pairing import (
    Draw,
    DrawNote,
    MitchellOption,
    danese_draw,
    italiana_draw,
    italiana_turni,
    manual_draw,
    mitchell_draw,
    mitchell_options,
    mitchell_rematch_free_turni,
)

from .gironi_draw import gironi_plan, phase_of
from .models import Bye, Movement, Table, Tournament, Turno
from .selectors.standings import standings

# The movements a director can draw (a KO round is not drawn here).
DRAWN_MOVEMENTS: tuple[str, ...] = (
    Movement.MITCHELL,
    Movement.DANESE,
    Movement.ITALIANA,
    Movement.MANUAL,
)
MITCHELL_STEPS: tuple[int, ...] = (1, 2, 3)
# Notes added by the manager (the engine's own are rules.pairing.NOTE_CODES).
MANAGER_NOTE_CODES: tuple[str, ...] = ("rematch", "bye_again", "pair_joins")
# Engine notes that already explain a repeated meeting of two pairs.
_REMATCH_EXPLAINED = ("rematch_unavoidable", "rematch_allowed")


@dataclass(frozen=True)
class DrawRequest:
    """What the director asked for: the movement and its options.

    ``last_turno`` None means "decide from the planned number of turni".
    """

    movement: str
    step: int = 1
    mode: str = "modificato"
    last_turno: bool | None = None
    seats: tuple[tuple[int, int], ...] = ()
    byes: tuple[int, ...] = ()
    # The seed of an individual partner rotation (``formats/individual/draw_manager.py``).
    seed: int = 0


@dataclass(frozen=True)
class History:
    """What happened in the turni before the one being drawn."""

    # Each couple of pairs that met -> the turni they met in.
    meetings: Mapping[frozenset[int], tuple[int, ...]] = field(default_factory=dict)
    # Pair -> its opponent in the turno just before.
    previous: Mapping[int, int] = field(default_factory=dict)
    # Pair -> how many times it rested.
    bye_counts: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class DrawPlan:
    """A draw ready to be stored: the engine's draw, its options and its notes as JSON."""

    number: int
    movement: str
    draw: Draw
    options: dict[str, Any]
    notes: list[dict[str, Any]]


def active_pairs(tournament: Tournament, number: int) -> tuple[int, ...]:
    """The numbers of the pairs playing in turno ``number``, in pair number order."""
    playing = tournament.entrants.filter(withdrawn=False).filter(
        Q(joined_turno__isnull=True) | Q(joined_turno__lte=number)
    )
    return tuple(playing.order_by("number").values_list("number", flat=True))


def joining_pairs(tournament: Tournament, number: int) -> tuple[int, ...]:
    """The late pairs whose first turno is ``number``."""
    joining = tournament.entrants.filter(withdrawn=False, joined_turno=number)
    return tuple(joining.order_by("number").values_list("number", flat=True))


def history(tournament: Tournament, *, before: int) -> History:
    """Meetings, last opponents and riposi of the turni numbered below ``before``."""
    meetings: dict[frozenset[int], list[int]] = {}
    previous: dict[int, int] = {}
    rows = (
        Table.objects.filter(turno__tournament=tournament, turno__number__lt=before)
        .order_by("turno__number", "number")
        .values_list("turno__number", "ns__number", "eo__number")
    )
    for turno, ns, eo in rows:
        meetings.setdefault(frozenset((ns, eo)), []).append(turno)
        if turno == before - 1:
            previous[ns], previous[eo] = eo, ns
    bye_counts: dict[int, int] = {}
    for pair in Bye.objects.filter(
        turno__tournament=tournament, turno__number__lt=before
    ).values_list("entrant__number", flat=True):
        bye_counts[pair] = bye_counts.get(pair, 0) + 1
    # A late pair did not play the turni before it joined: they count as its riposi.
    for pair, joined in tournament.entrants.filter(joined_turno__isnull=False).values_list(
        "number", "joined_turno"
    ):
        missed = min(joined, before) - 1
        if missed > 0:
            bye_counts[pair] = bye_counts.get(pair, 0) + missed
    return History(
        meetings={couple: tuple(turni) for couple, turni in meetings.items()},
        previous=previous,
        bye_counts=bye_counts,
    )


def missing_results(tournament: Tournament, *, before: int) -> list[tuple[int, int]]:
    """(turno, tables without a result) for the turni below ``before`` that are not complete."""
    counts: dict[int, int] = {}
    for turno in Table.objects.filter(
        turno__tournament=tournament, turno__number__lt=before, entry_mode=""
    ).values_list("turno__number", flat=True):
        counts[turno] = counts.get(turno, 0) + 1
    return sorted(counts.items())


def is_last_turno(tournament: Tournament, number: int) -> bool:
    """Whether turno ``number`` is the last planned one (False when no plan was given)."""
    return tournament.planned_turni is not None and number >= tournament.planned_turni


def mitchell_step_options(tournament: Tournament, number: int) -> tuple[MitchellOption, ...]:
    """The steps a Mitchell turno ``number`` may use, each weighed against the earlier turni.

    Empty when the active pairs are too few to draw.
    """
    order = active_pairs(tournament, number)
    past = history(tournament, before=number)
    index = _rotation_index(tournament, Movement.MITCHELL, list(order), number)
    try:
        return mitchell_options(
            order,
            index,
            steps=MITCHELL_STEPS,
            bye_counts=past.bye_counts,
            met=past.meetings.keys(),
        )
    except RuleViolation:
        return ()


def _rotation_index(
    tournament: Tournament, movement: str, order: Sequence[int], before: int
) -> int:
    """1 + the earlier turni of ``movement`` drawn on the same pairs in the same order.

    A turno whose draw was not kept (read from an archive, which carries a turno's tables, not
    how they were drawn) counts when its tables are those the movement gives at that round: an
    evening moved to another computer goes on with its Mitchell instead of starting it again,
    which would seat turno 1's meetings again."""
    earlier = list(
        Turno.objects.filter(tournament=tournament, number__lt=before, movement=movement)
        .order_by("number")
        .values_list("number", "draw_options")
    )
    unknown = [number for number, options in earlier if "order" not in options]
    seated = _meetings_by_turno(tournament, unknown) if unknown else {}
    index = 1
    for number, options in earlier:
        if options.get("order") == order or (
            number in seated and _as_drawn(movement, order, index, seated[number])
        ):
            index += 1
    return index


def _meetings_by_turno(
    tournament: Tournament, numbers: Sequence[int]
) -> dict[int, frozenset[frozenset[int]]]:
    rows = Table.objects.filter(turno__tournament=tournament, turno__number__in=numbers)
    meetings: dict[int, set[frozenset[int]]] = {}
    for turno, ns, eo in rows.values_list("turno__number", "ns__number", "eo__number"):
        meetings.setdefault(turno, set()).add(frozenset((ns, eo)))
    return {turno: frozenset(couples) for turno, couples in meetings.items()}


def _as_drawn(
    movement: str, order: Sequence[int], index: int, meetings: frozenset[frozenset[int]]
) -> bool:
    """Whether ``meetings`` are the tables of round ``index`` of ``movement`` on ``order``."""
    try:
        if movement == Movement.MITCHELL:
            return any(
                mitchell_draw(order, index, step=step).meetings() == meetings
                for step in MITCHELL_STEPS
            )
        return movement == Movement.ITALIANA and italiana_draw(order, index).meetings() == meetings
    except RuleError:  # not a round this movement has on these pairs
        return False


def danese_ranking(
    tournament: Tournament, number: int, order: Sequence[int], request: DrawRequest
) -> tuple[list[int], bool, dict[str, Any]]:
    """What a Danese turno ``number`` is drawn from, for every kind of entrant: the active
    entrants ranked by the standings after the turno before, whether it is the last turno, and
    the options stored with the draw (the ranking shown beside it)."""
    active = set(order)
    rows = standings(tournament=tournament, after_turno=number - 1)
    ranked = [s for s in rows if s.entrant.number in active]
    last = is_last_turno(tournament, number) if request.last_turno is None else request.last_turno
    options = {
        "mode": request.mode,
        "last_turno": last,
        "last_turno_auto": request.last_turno is None,
        "after_turno": number - 1,
        "standings": [[s.entrant.number, s.rank, s.vp, s.scarto] for s in ranked],
    }
    return [s.entrant.number for s in ranked], last, options


def draw_turno(*, tournament: Tournament, number: int, request: DrawRequest) -> DrawPlan:
    """Draw turno ``number`` as ``request`` says. Raises the engine's RuleError."""
    order = list(active_pairs(tournament, number))
    past = history(tournament, before=number)
    options: dict[str, Any] = {}
    gironi = phase_of(tournament, number)
    if gironi is not None:
        last = (
            is_last_turno(tournament, number) if request.last_turno is None else request.last_turno
        )
        draw, options = gironi_plan(
            tournament=tournament,
            gironi=gironi,
            number=number,
            request=request,
            active=order,
            draw_one=lambda ranking: danese_draw(
                ranking,
                met=past.meetings.keys(),
                previous=past.previous,
                bye_counts=past.bye_counts,
                mode=request.mode,
                last_turno=last,
            ),
        )
        options.update(mode=request.mode, last_turno=last)
    elif request.movement == Movement.MITCHELL:
        index = _rotation_index(tournament, Movement.MITCHELL, order, number)
        draw = mitchell_draw(
            order, index, step=request.step, bye_counts=past.bye_counts, met=past.meetings.keys()
        )
        options = {
            "step": request.step,
            "round": index,
            "rematch_free_turni": mitchell_rematch_free_turni(len(order), request.step),
            "order": order,
        }
    elif request.movement == Movement.DANESE:
        ranking, last, options = danese_ranking(tournament, number, order, request)
        draw = danese_draw(
            ranking,
            met=past.meetings.keys(),
            previous=past.previous,
            bye_counts=past.bye_counts,
            mode=request.mode,
            last_turno=last,
        )
    elif request.movement == Movement.ITALIANA:
        index = _rotation_index(tournament, Movement.ITALIANA, order, number)
        draw = italiana_draw(order, index)
        options = {"index": index, "turni": italiana_turni(len(order)), "order": order}
    elif request.movement == Movement.MANUAL:
        draw = manual_draw(request.seats, pairs=order, byes=request.byes)
        options = {"seats": [list(s) for s in request.seats], "byes": list(request.byes)}
    else:
        raise ValueError(f"movement {request.movement!r} cannot be drawn")
    notes = [*draw.notes, *_history_notes(draw, past, order)]
    joining = joining_pairs(tournament, number)
    if joining:
        notes.insert(0, DrawNote("pair_joins", {"pairs": joining}))
    return DrawPlan(
        number=number,
        movement=request.movement,
        draw=draw,
        options=options,
        notes=[note_json(n) for n in notes],
    )


def _history_notes(draw: Draw, past: History, order: Sequence[int]) -> list[DrawNote]:
    explained = {
        frozenset((n.params["pair"], n.params["opponent"]))
        for n in draw.notes
        if n.code in _REMATCH_EXPLAINED
    }
    notes = []
    for seat in draw.seats:
        couple = frozenset((seat.ns, seat.eo))
        if couple in past.meetings and couple not in explained:
            params = {"pair": seat.ns, "opponent": seat.eo, "turni": past.meetings[couple]}
            notes.append(DrawNote("rematch", params))
    if draw.byes:
        fewest = min(past.bye_counts.get(p, 0) for p in order)
        for pair in draw.byes:
            before = past.bye_counts.get(pair, 0)
            if before > fewest:
                notes.append(
                    DrawNote("bye_again", {"pair": pair, "byes_before": before, "fewest": fewest})
                )
    return notes


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def note_json(note: DrawNote) -> dict[str, Any]:
    """A note as stored in ``Turno.draw_notes``: {"code": ..., "params": {...}}."""
    return {"code": note.code, "params": _plain(note.params)}
