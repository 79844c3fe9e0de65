"""The all'italiana movement (round robin): everyone meets everyone once, on a fixed calendar.

Circle method: the first pair stays put, the others turn one place each turno around it; the pairs
facing each other across the circle meet. With n pairs (n even) the calendar has n - 1 turni. With
n odd a phantom joins the circle, the calendar has n turni, and the pair facing the phantom rests:
each pair rests exactly once.

Worked example, six pairs 1..6 (five turni; the first pair named sits NS)::

    turno 1:  1 v 6   2 v 5   3 v 4
    turno 2:  5 v 1   6 v 4   2 v 3
    turno 3:  1 v 4   5 v 3   6 v 2
    turno 4:  3 v 1   4 v 2   5 v 6
    turno 5:  1 v 2   3 v 6   4 v 5

Pair 1 alternates NS and EO; the others sit NS on one half of the circle and EO on the other, so
over the calendar every pair sits NS and EO equally often, give or take one (exactly equally with
an odd number of pairs, who each play an even number of turni).

Five pairs 1..5: the phantom takes the sixth place of the circle and whoever faces it rests::

    turno 1:  2 v 5   3 v 4   rests 1
    turno 2:  5 v 1   2 v 3   rests 4
    turno 3:  1 v 4   5 v 3   rests 2
    turno 4:  3 v 1   4 v 2   rests 5
    turno 5:  1 v 2   4 v 5   rests 3

This module never imports Django or any app.
"""

from __future__ import annotations

from collections.abc import Sequence

from burraco_tourney.rules.pairing.byes import bye_note
from burraco_tourney.rules.pairing.draw import (
    PAIRS_CODES,
    Draw,
    DrawNote,
    Seat,
    check_turno,
    validate_pairs,
)

CODES: tuple[str, ...] = (*PAIRS_CODES, "turno_out_of_range")


def italiana_turni(n_pairs: int) -> int:
    """The number of turni of the calendar: n - 1 for n even, n for n odd."""
    return n_pairs - 1 if n_pairs % 2 == 0 else n_pairs


def italiana_schedule(pairs: Sequence[int]) -> list[Draw]:
    """The whole calendar for ``pairs`` (in the order they were registered or drawn)."""
    order = validate_pairs(pairs)
    circle: list[int | None] = [*order, None] if len(order) % 2 else list(order)
    size = len(circle)
    turni = size - 1
    fixed, moving = circle[0], circle[1:]
    schedule = []
    for index in range(turni):
        # Turn the circle `index` places: the last pair of the previous turno comes first.
        turned = moving[len(moving) - index :] + moving[: len(moving) - index]
        ring = [fixed, *turned]
        seats: list[Seat] = []
        byes: tuple[int, ...] = ()
        for i in range(size // 2):
            upper, lower = ring[i], ring[size - 1 - i]
            if i == 0 and index % 2 == 1:
                # The fixed pair would always sit on the same side: alternate it.
                upper, lower = lower, upper
            if upper is None or lower is None:
                byes = (lower if upper is None else upper,)  # type: ignore[assignment]
                continue
            seats.append(Seat(len(seats) + 1, upper, lower))
        notes = [DrawNote("italiana", {"turno": index + 1, "turni": turni})]
        if byes:
            notes.append(bye_note(byes[0], "calendar", {}))
        schedule.append(Draw(tuple(seats), byes, tuple(notes)))
    return schedule


def italiana_draw(pairs: Sequence[int], turno: int) -> Draw:
    """One turno (1-based) of the calendar; a turno beyond it is refused."""
    order = validate_pairs(pairs)
    check_turno(turno, italiana_turni(len(order)))
    return italiana_schedule(order)[turno - 1]
