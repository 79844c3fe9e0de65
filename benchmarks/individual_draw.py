"""Time the individual draws on a large field: 400 players after 5 turni.

The history is built the way an evening goes: three rotation turni, then two Danese individuale
turni, each table with a random but seeded result (a VP split and an MP difference per line), so
the standings, the partners and the opponents are realistic and the figures repeatable. Then the
sixth turno is drawn several times each way (rotation, rotation after a player withdrew, Danese
individuale) and the best and median times are printed, with the repeated partners (against the
fewest possible), the repeated opponents and the method of the draw. The goal: under 1 second.

Usage, from the repository root::

    python -m benchmarks.individual_draw [--players 400] [--runs 7] [--seed 2024]

Standard library only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterable

from burraco_tourney.rules.pairing import (
    IndividualDraw,
    individual_danese_draw,
    individual_rotation_draw,
)

ROTATION_TURNI = 3
DANESE_TURNI = 2
GOAL_SECONDS = 1.0


class Standings:
    """VP and scarto per player from the turni played so far."""

    def __init__(self, players: Iterable[int]) -> None:
        self.vp = dict.fromkeys(players, 0)
        self.scarto = dict.fromkeys(self.vp, 0)

    def ranking(self) -> list[int]:
        return sorted(self.vp, key=lambda p: (-self.vp[p], -self.scarto[p], p))

    def play(self, draw: IndividualDraw, rng: random.Random) -> None:
        for seat in draw.seats:
            difference = rng.randrange(0, 1600, 5)
            winner_vp = 10 + min(10, difference // 150)
            winners, losers = (seat.ns, seat.eo) if rng.random() < 0.5 else (seat.eo, seat.ns)
            for player in winners:
                self.vp[player] += winner_vp
                self.scarto[player] += difference
            for player in losers:
                self.vp[player] += 20 - winner_vp
                self.scarto[player] -= difference
        for player in draw.byes:
            self.vp[player] += 14
            self.scarto[player] += 355


def timed(runs: int, draw: Callable[[], IndividualDraw]) -> tuple[list[float], IndividualDraw]:
    timings = []
    result = draw()
    for _ in range(runs):
        start = time.perf_counter()
        result = draw()
        timings.append(time.perf_counter() - start)
    return timings, result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    players = list(range(1, args.players + 1))
    standings = Standings(players)
    played: list[IndividualDraw] = []
    for turno in range(1, ROTATION_TURNI + DANESE_TURNI + 1):
        if turno <= ROTATION_TURNI:
            draw = individual_rotation_draw(players, turno=turno, played=played, seed=args.seed)
        else:
            draw = individual_danese_draw(standings.ranking(), played=played)
        standings.play(draw, rng)
        played.append(draw)
    turno = len(played) + 1
    ranking = standings.ranking()

    draws = {
        "rotation": lambda: individual_rotation_draw(
            players, turno=turno, played=played, seed=args.seed
        ),
        # A withdrawal breaks the fixed rotation: the draw falls back on the maximum matching.
        "rotation, 1 gone": lambda: individual_rotation_draw(
            players[1:], turno=turno, played=played, seed=args.seed
        ),
        "danese individuale": lambda: individual_danese_draw(ranking, played=played),
    }
    print(f"{args.players} players after {len(played)} turni, turno {turno}:")
    for label, draw_once in draws.items():
        timings, draw = timed(args.runs, draw_once)
        (partners,) = draw.notes_with("repeated_partners")
        (opponents,) = draw.notes_with("repeated_opponents")
        median = statistics.median(timings)
        verdict = "within" if median < GOAL_SECONDS else "ABOVE"
        method = draw.notes[0].params.get("method", "ranking")
        print(
            f"  {label:19} best {min(timings):.3f} s, median {median:.3f} s "
            f"({verdict} the goal of {GOAL_SECONDS:.0f} s); repeated partners "
            f"{partners.params['count']} (fewest possible {partners.params['minimum']}), "
            f"repeated opponents {opponents.params['count']}; {method}"
        )


if __name__ == "__main__":
    main()
