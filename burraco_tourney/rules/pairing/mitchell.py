"""The Mitchell movement: NS pairs stay at their table, EO pairs move by a fixed step each turno.

The schedule depends on nothing but the seating order, so it is known before play starts.

Worked example, six pairs seated in order 1..6, step 1. There are T = 3 tables; pairs 1, 2, 3 sit
NS at tables 1, 2, 3 and stay; pairs 4, 5, 6 are EO pairs 1, 2, 3 and move one table up each turno
(from the last table back to table 1)::

    turno    table 1   table 2   table 3
      1      1 v 4     2 v 5     3 v 6
      2      1 v 6     2 v 4     3 v 5
      3      1 v 5     2 v 6     3 v 4
      4      1 v 4     ...                 <- turno 1 again: meetings repeat

``mitchell_rematch_free_turni(6, 1)`` is 3. With ``step=2`` the EO pairs jump two tables (turno 2:
1 v 5, 2 v 6, 3 v 4); the arbitro uses a bigger step so that two friends seated NS and EO never
meet within the evening. A step sharing a divisor g with T brings the EO pairs back after T / g
turni (T = 4, step 2: two turni), which ``mitchell_rematch_free_turni`` reports so the web page can
warn.

Odd number of pairs, seven pairs 1..7: T = 4, pairs 1-4 sit NS, pairs 5, 6, 7 are EO pairs 1-3 and a
phantom takes the place of EO pair 4. Whoever sits with the phantom rests: turno 1 pair 4 (table
4), turno 2 pair 1, turno 3 pair 2, turno 4 pair 3. Within the rematch-free turni the phantom
visits distinct tables, so nobody rests twice. When the rotation comes round (turno 5 here) the
phantom's opponent, pair 4, has already rested while pairs 5, 6, 7 have not: then the nearest pair
by table with the fewest byes rests instead (table 1's EO pair), and its opponent (pair 1) moves to
the phantom's table to play pair 4. A "bye" and a "bye_moved" note say so.

The turni already played (perhaps a Danese, a seating by hand, or a Mitchell with another step)
are given as data, the couples of pairs that met. ``mitchell_draw`` then notes how many tables
repeat one of those meetings ("mitchell_rematches", left out past the rotation, where
"mitchell_repeat" already says pairs meet again), and ``mitchell_options`` tells, for each
step, how many tables of the turno being drawn would meet again and how many turni from it on
are free of any rematch; it marks the best step. Six pairs that played a Danese turno 1 as
1 v 2, 3 v 4, 5 v 6: a Mitchell from turno 2 repeats nothing at once, but 3 v 4 comes back in
round 3 with step 1 and in round 2 with step 2, so step 1 gives two turni without a rematch and
step 2 one (not three each). Had turno 1 been seated by hand as 1 v 4, 2 v 6, 3 v 5, round 1
(1 v 4, 2 v 5, 3 v 6, whatever the step) would repeat one table at once.

This module never imports Django or any app.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from math import gcd

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing.byes import bye_note, fewest_byes, may_rest
from burraco_tourney.rules.pairing.draw import (
    PAIRS_CODES,
    Draw,
    DrawNote,
    Seat,
    check_turno,
    validate_pairs,
)

CODES: tuple[str, ...] = (*PAIRS_CODES, "invalid_step", "turno_out_of_range")


def mitchell_tables(n_pairs: int) -> int:
    """The number of tables of a Mitchell: one per NS pair, ceil(n / 2)."""
    return (n_pairs + 1) // 2


def _check_step(n_pairs: int, step: int) -> int:
    """Validate the number of pairs and the step; return the number of tables."""
    if n_pairs < 2:
        raise RuleViolation(
            "too_few_pairs", "At least two pairs are needed to draw a turno", count=n_pairs
        )
    tables = mitchell_tables(n_pairs)
    # With a single table nobody moves, so any step is harmless.
    if step < 1 or (tables > 1 and step >= tables):
        raise RuleViolation(
            "invalid_step",
            f"The Mitchell step must be at least 1 and less than the {tables} tables",
            step=step,
            tables=tables,
        )
    return tables


def mitchell_rematch_free_turni(n_pairs: int, step: int = 1) -> int:
    """How many turni are played before an EO pair meets an NS pair again: T / gcd(step, T)."""
    tables = _check_step(n_pairs, step)
    return tables // gcd(step, tables)


def _eo_table(k: int, turno: int, step: int, tables: int) -> int:
    """The table of EO pair k (1-based) in a turno."""
    return (k - 1 + (turno - 1) * step) % tables + 1


@dataclass(frozen=True)
class MitchellOption:
    """What one step gives for the turno being drawn, against the meetings already played."""

    step: int
    # Tables of the turno being drawn whose two pairs already met.
    rematches: int
    # Turni from the one being drawn on (at most a full rotation) before two pairs meet again.
    rematch_free_turni: int
    # The step with the fewest rematches now, then the most turni without one (False for every
    # step when they all give the same).
    best: bool = False


def mitchell_draw(
    pairs: Sequence[int],
    turno: int,
    *,
    step: int = 1,
    bye_counts: Mapping[int, int] | None = None,
    met: Iterable[Collection[int]] = (),
) -> Draw:
    """Seat one turno of a Mitchell.

    ``pairs`` in seating order: the first ceil(n / 2) sit NS at tables 1.. and stay, the others sit
    EO and move ``step`` tables each turno. ``bye_counts`` (pair -> past byes) is the real history
    of byes; when omitted, the byes of turni 1..turno-1 of this same Mitchell are used. ``met``
    holds the couples of pairs that already met in the tournament: they steer who rests, and a
    "mitchell_rematches" note counts the tables repeating one of them, unless the
    "mitchell_repeat" note already says the rotation has come round.
    """
    order = validate_pairs(pairs)
    tables = _check_step(len(order), step)
    check_turno(turno)
    played = _couples(met)
    draw = next(_rounds(order, turno, step, tables, bye_counts, played))
    rematches = len(draw.meetings() & played)
    if not rematches or draw.notes_with("mitchell_repeat"):
        return draw
    note = DrawNote("mitchell_rematches", {"rematches": rematches, "tables": tables})
    return Draw(draw.seats, draw.byes, (*draw.notes, note))


def mitchell_options(
    pairs: Sequence[int],
    turno: int,
    *,
    steps: Iterable[int] = (1, 2, 3),
    bye_counts: Mapping[int, int] | None = None,
    met: Iterable[Collection[int]] = (),
) -> tuple[MitchellOption, ...]:
    """For each of ``steps`` possible with these pairs (in the order given): the rematches of
    round ``turno`` against ``met``, the turni without a rematch from it on, and the best step.

    Only ``met`` counts as played: with no meetings given, a round beyond the first is judged on
    its own and the rounds after it.
    """
    order = validate_pairs(pairs)
    check_turno(turno)
    played = _couples(met)
    options = []
    for step in steps:
        try:
            tables = _check_step(len(order), step)
        except RuleViolation:
            continue
        options.append(_option(order, turno, step, tables, bye_counts, played))
    key = {o.step: (o.rematches, -o.rematch_free_turni) for o in options}
    top = min(key.values(), default=None)
    if len(set(key.values())) > 1:
        options = [replace(o, best=key[o.step] == top) for o in options]
    return tuple(options)


def _option(
    order: tuple[int, ...],
    turno: int,
    step: int,
    tables: int,
    bye_counts: Mapping[int, int] | None,
    played: frozenset[frozenset[int]],
) -> MitchellOption:
    rounds = _rounds(order, turno, step, tables, bye_counts, played)
    draw = next(rounds)
    rematches = len(draw.meetings() & played)
    # Go on drawing as the director would until a table repeats a meeting, a played one or one
    # of the rounds drawn since: at most a full rotation.
    free = 0
    ahead = set(played)
    cycle = tables // gcd(step, tables)
    while not rematches and free < cycle and not draw.meetings() & ahead:
        free += 1
        ahead |= draw.meetings()
        draw = next(rounds)
    return MitchellOption(step=step, rematches=rematches, rematch_free_turni=free)


def _couples(met: Iterable[Collection[int]]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(couple) for couple in met)


class _Either:
    """Membership in any of some sets, without copying them."""

    def __init__(self, *sets: set[frozenset[int]]) -> None:
        self.sets = sets

    def __contains__(self, couple: object) -> bool:
        return any(couple in s for s in self.sets)


def _rounds(
    order: tuple[int, ...],
    turno: int,
    step: int,
    tables: int,
    bye_counts: Mapping[int, int] | None,
    played: frozenset[frozenset[int]],
) -> Iterator[Draw]:
    """Rounds ``turno``, ``turno`` + 1, ... each as ``mitchell_draw`` seats it when told the
    meetings and byes of the rounds before it.

    The rounds of this same Mitchell are replayed from round 1 alongside: they give the byes
    (when ``bye_counts`` is not given) and, with the meetings already played, steer the choice of
    who rests when the phantom's opponent may not.
    """
    replay_counts = dict.fromkeys(order, 0)
    replay_met: set[frozenset[int]] = set()
    real = None if bye_counts is None else {p: bye_counts.get(p, 0) for p in order}
    ahead = set(played)
    steer = _Either(replay_met, ahead)
    for current in itertools.count(1):
        if current >= turno:
            draw = _mitchell_turno(
                order, current, step, tables, replay_counts if real is None else real, steer
            )
            yield draw
            ahead |= draw.meetings()
            for pair in draw.byes if real is not None else ():
                real[pair] += 1
        replayed = _mitchell_turno(order, current, step, tables, replay_counts, replay_met)
        for pair in replayed.byes:
            replay_counts[pair] += 1
        replay_met.update(replayed.meetings())


def _mitchell_turno(
    order: tuple[int, ...],
    turno: int,
    step: int,
    tables: int,
    counts: Mapping[int, int],
    met: Container[frozenset[int]],
) -> Draw:
    ns_pairs = order[:tables]
    eo_pairs = order[tables:]
    # eo_at[table] is the EO pair at that table, None for the phantom (odd number of pairs).
    eo_at: dict[int, int | None] = {}
    for k in range(1, tables + 1):
        eo_at[_eo_table(k, turno, step, tables)] = eo_pairs[k - 1] if k <= len(eo_pairs) else None
    free_turni = tables // gcd(step, tables)
    notes = [
        DrawNote(
            "mitchell",
            {
                "turno": turno,
                "step": step,
                "tables": tables,
                # An odd number of pairs: one of the tables is the phantom, where a pair rests.
                "phantom": len(eo_pairs) < tables,
                "rematch_free_turni": free_turni,
            },
        )
    ]
    if turno > free_turni:
        notes.append(
            DrawNote("mitchell_repeat", {"turno": turno, "rematch_free_turni": free_turni})
        )
    seats = {t: (ns_pairs[t - 1], eo) for t, eo in eo_at.items() if eo is not None}
    if len(seats) == tables:
        return Draw(_seats(seats), (), tuple(notes))

    phantom_table = next(t for t, eo in eo_at.items() if eo is None)
    alone = ns_pairs[phantom_table - 1]
    if may_rest(alone, order, counts):
        notes.append(bye_note(alone, "phantom_opponent", counts, table=phantom_table))
        return Draw(_seats(seats), (alone,), tuple(notes))

    # The phantom's opponent has rested more than some other pair: one of the pairs with the
    # fewest byes rests instead, and its opponent comes to the phantom's table. Prefer an opponent
    # the lonely pair has not met, then the nearest table after the phantom's, then a resting EO
    # pair (so the mover is an NS pair, who never met the lonely NS pair in the rotation).
    def cost(candidate: int) -> tuple[bool, int, int]:
        table, mover, is_ns = _whereabouts(candidate, seats)
        return (
            frozenset((alone, mover)) in met,
            (table - phantom_table) % tables,
            1 if is_ns else 0,
        )

    resting = min(fewest_byes(order, counts), key=cost)
    from_table, mover, _ = _whereabouts(resting, seats)
    del seats[from_table]
    seats[phantom_table] = (alone, mover)
    notes.append(bye_note(resting, "fewest_byes", counts, instead_of=alone))
    notes.append(
        DrawNote(
            "bye_moved",
            {"pair": mover, "from_table": from_table, "table": phantom_table, "opponent": alone},
        )
    )
    return Draw(_seats(seats), (resting,), tuple(notes))


def _whereabouts(pair: int, seats: Mapping[int, tuple[int, int]]) -> tuple[int, int, bool]:
    """The table of a seated pair, its opponent, and whether the pair sits NS."""
    for table, (ns, eo) in seats.items():
        if pair == ns:
            return table, eo, True
        if pair == eo:
            return table, ns, False
    raise LookupError(pair)


def _seats(seats: Mapping[int, tuple[int, int]]) -> tuple[Seat, ...]:
    return tuple(Seat(t, ns, eo) for t, (ns, eo) in sorted(seats.items()))
