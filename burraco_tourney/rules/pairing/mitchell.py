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

This module never imports Django or any app.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def mitchell_draw(
    pairs: Sequence[int],
    turno: int,
    *,
    step: int = 1,
    bye_counts: Mapping[int, int] | None = None,
) -> Draw:
    """Seat one turno of a Mitchell.

    ``pairs`` in seating order: the first ceil(n / 2) sit NS at tables 1.. and stay, the others sit
    EO and move ``step`` tables each turno. ``bye_counts`` (pair -> past byes) is the real history
    of byes; when omitted, the byes of turni 1..turno-1 of this same Mitchell are used.
    """
    order = validate_pairs(pairs)
    tables = _check_step(len(order), step)
    check_turno(turno)
    # Replay the earlier turni: they give the byes (when not supplied) and the meetings, which
    # steer the choice of who rests when the phantom's opponent may not.
    counts = dict.fromkeys(order, 0)
    met: set[frozenset[int]] = set()
    for earlier in range(1, turno):
        draw = _mitchell_turno(order, earlier, step, tables, counts, met)
        for pair in draw.byes:
            counts[pair] += 1
        met.update(draw.meetings())
    if bye_counts is not None:
        counts = {p: bye_counts.get(p, 0) for p in order}
    return _mitchell_turno(order, turno, step, tables, counts, met)


def _mitchell_turno(
    order: tuple[int, ...],
    turno: int,
    step: int,
    tables: int,
    counts: Mapping[int, int],
    met: set[frozenset[int]],
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
            {"turno": turno, "step": step, "tables": tables, "rematch_free_turni": free_turni},
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
