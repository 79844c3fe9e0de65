"""Individual movements drawn in advance: the published 8-player schedule and a partner rotation.

RULES.md section 10. Partners change every turno; a table is two lines of two players.

**Eight players** play the published club schedule (``SCHEDULE_8``), positions 1..8 being the
players in the order given: in 7 turni every player partners every other exactly once and meets
every other as an opponent exactly twice. Turno 1 of players 11..18 is
``11-12 v 13-14`` at table 1 and ``15-16 v 17-18`` at table 2.

**Any other number** (or 8 players whose past turni are not the schedule's, e.g. after a change):
turno k is drawn from the turni already played, so a withdrawn or late player changes nothing but
the following turni. In order:

1. *Riposo*: n mod 4 players rest (0 to 3): those with the fewest byes so far, the highest
   numbers first among equals. Nobody rests twice while another has not rested.
2. *Partners*: the players present are put in a seeded order and split by the "circle" rotation
   (a 1-factorization: player 0 fixed, the others turning round him); the first round of it that
   repeats no partner is taken. With the same players every turno (n a multiple of 4) that gives
   n - 1 turni without a repeated partner, the most possible. Otherwise (rests, a withdrawal) a
   maximum matching on "may partner" (``matching.py``) gives the fewest repeated partners
   possible given the turni played, and none at all while the turno k <= (n - r) / 2 (each
   player then has at most k - 1 former partners among at least 2k present players: Dirac).
3. *Tables*: the lines, in a seeded order, each take the free line whose players they met least
   as opponents; then tables with a repeated opponent try swaps (whole lines after a rotation
   round, single players after a matching, never adding a repeated partner) while one lowers the
   number of repeated oppositions.

Worked example, 9 players 1..9, turno 1, seed 0: player 9 rests (highest number, no byes yet);
players 1..8 are split by the rotation's round 0 into four lines that seat two tables; the notes
say "individual_rotation" (method "factorization"), "players_resting" (players (9,)),
"repeated_partners" (count 0, minimum 0) and "repeated_opponents" (count 0). Same input, same
seed: same draw.

This module never imports Django or any app.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from burraco_tourney.rules.pairing.byes import choose_resting
from burraco_tourney.rules.pairing.draw import DrawNote, check_turno
from burraco_tourney.rules.pairing.individual_draw import (
    PLAYERS_CODES,
    IndividualDraw,
    IndividualHistory,
    IndividualSeat,
    individual_history,
    repeats_notes,
    resting_note,
    validate_players,
)
from burraco_tourney.rules.pairing.individual_tables import seat_lines
from burraco_tourney.rules.pairing.matching import FREE, RestrictedMatcher

Table8 = tuple[tuple[int, int], tuple[int, int]]

# RULES.md section 10, exactly as printed: per turno, table 1 then table 2, (NS line, EO line).
SCHEDULE_8: tuple[tuple[Table8, Table8], ...] = (
    (((1, 2), (3, 4)), ((5, 6), (7, 8))),
    (((2, 4), (6, 7)), ((1, 3), (5, 8))),
    (((1, 4), (6, 8)), ((2, 3), (5, 7))),
    (((2, 5), (4, 8)), ((1, 6), (3, 7))),
    (((1, 5), (2, 6)), ((3, 8), (4, 7))),
    (((1, 8), (2, 7)), ((3, 5), (4, 6))),
    (((1, 7), (4, 5)), ((2, 8), (3, 6))),
)

CODES: tuple[str, ...] = (*PLAYERS_CODES, "turno_out_of_range")


def schedule_8_draw(players: Sequence[int], turno: int) -> IndividualDraw:
    """Turno ``turno`` (1..7) of the published 8-player schedule; ``players`` are positions 1..8."""
    order = validate_players(players)
    if len(order) != 8:
        raise ValueError("the published schedule is for exactly 8 players")
    check_turno(turno, len(SCHEDULE_8))
    seats = tuple(
        IndividualSeat(
            table,
            (order[ns[0] - 1], order[ns[1] - 1]),
            (order[eo[0] - 1], order[eo[1] - 1]),
        )
        for table, (ns, eo) in enumerate(SCHEDULE_8[turno - 1], start=1)
    )
    note = DrawNote(
        "individual_schedule", {"players": order, "turno": turno, "turni": len(SCHEDULE_8)}
    )
    return IndividualDraw(seats, (), (note,))


def _follows_schedule(order: tuple[int, ...], played: Sequence[IndividualDraw]) -> bool:
    """True when the turni played are the schedule's first turni for these positions."""
    if len(played) >= len(SCHEDULE_8):
        return False
    for turno, draw in enumerate(played, start=1):
        expected = schedule_8_draw(order, turno)
        if set(draw.partnerships()) != set(expected.partnerships()) or draw.byes:
            return False
        if sorted(map(sorted, draw.oppositions())) != sorted(map(sorted, expected.oppositions())):
            return False
    return True


def individual_rotation_draw(
    players: Sequence[int],
    *,
    turno: int,
    played: Sequence[IndividualDraw] = (),
    seed: int = 0,
) -> IndividualDraw:
    """Draw turno ``turno`` of a rotation for ``players`` given the turni ``played`` before it.

    ``players`` are those present now (withdrawn ones left out); ``played`` may name others.
    Deterministic: the same players, history and ``seed`` give the same draw.
    """
    order = validate_players(players)
    check_turno(turno)
    played = tuple(played)
    if len(order) == 8 and turno == len(played) + 1 and _follows_schedule(order, played):
        return schedule_8_draw(order, turno)
    history = individual_history(played)
    rng = random.Random(f"individual-rotation:{seed}:{turno}")
    count = len(order) % 4
    resting = choose_resting(sorted(order, reverse=True), history.byes, count)
    present = sorted(set(order) - set(resting))
    shuffled = random.Random(f"individual-rotation:{seed}").sample(present, len(present))
    lines = _factorization_round(shuffled, history)
    method = "factorization"
    minimum = 0
    if lines is None:
        method = "matching"
        lines, minimum = fewest_repeats_lines(rng.sample(present, len(present)), history)
    seats = seat_lines(lines, history, rng, lines_fixed=method == "factorization")
    notes = [DrawNote("individual_rotation", {"turno": turno, "seed": seed, "method": method})]
    if resting:
        notes.append(resting_note(resting, "fewest_byes_highest_number", history.byes))
    notes.extend(repeats_notes(seats, history, minimum))
    return IndividualDraw(seats, tuple(sorted(resting)), tuple(notes))


def _factorization_round(
    players: Sequence[int], history: IndividualHistory
) -> list[tuple[int, int]] | None:
    """The first round of the circle rotation of ``players`` that repeats no partner, or None.

    Round r pairs the fixed player 0 with r + 1 and, around the circle of the others,
    (r + 1 - i) with (r + 1 + i): every couple appears in exactly one round."""
    m = len(players)
    others = m - 1
    for r in range(others):
        lines = [(players[0], players[1 + r])]
        for i in range(1, m // 2):
            a = players[1 + (r - i) % others]
            b = players[1 + (r + i) % others]
            lines.append((a, b))
        if not any(history.partners.get(frozenset(line), 0) for line in lines):
            return lines
    return None


def fewest_repeats_lines(
    players: Sequence[int], history: IndividualHistory
) -> tuple[list[tuple[int, int]], int]:
    """Split ``players`` (even count) into lines with as few former partners as possible.

    Returns the lines and that number: a maximum matching on "never partnered" covers all but
    2k players, and those k lines are the fewest repeats any split can have. The leftover
    players are paired so that the couples who partnered least often go together."""
    index = {p: i for i, p in enumerate(players)}
    forbidden: list[set[int]] = [set() for _ in players]
    for couple, times in history.partners.items():
        if times:
            a, b = couple
            if a in index and b in index:
                forbidden[index[a]].add(index[b])
                forbidden[index[b]].add(index[a])
    matcher = RestrictedMatcher(forbidden)
    matcher.maximise()
    lines = []
    left = []
    for v in range(matcher.n):
        mate = matcher.mate[v]
        if mate == FREE:
            left.append(players[v])
        elif v < mate:
            lines.append((players[v], players[mate]))
    while left:
        first = left.pop(0)
        partner = min(left, key=lambda p: history.partners.get(frozenset((first, p)), 0))
        left.remove(partner)
        lines.append((first, partner))
    return lines, (len(players) - 2 * matcher.size) // 2
