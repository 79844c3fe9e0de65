"""Time the Danese draw on a large field: 1,000 pairs after 5 turni, mode "no_rematch".

The history is built the way an evening goes: four Mitchell turni, then one Danese turno, each
with random but seeded results (a VP split and an MP difference per table), so the standings and
the meetings are realistic and the figures repeatable. Then the sixth turno is drawn several times
and the best and median times are printed, with the number of repeated meetings in the draw (it
must be 0).

Usage, from the repository root::

    python -m benchmarks.danese_draw [--pairs 1000] [--runs 7] [--seed 2024]

Standard library only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterable

from burraco_tourney.rules.pairing import Draw, danese_draw, mitchell_draw

MITCHELL_TURNI = 4
DANESE_TURNI = 1


class History:
    """Standings and meetings of the turni played so far."""

    def __init__(self, pairs: Iterable[int]) -> None:
        self.vp = dict.fromkeys(pairs, 0)
        self.scarto = dict.fromkeys(self.vp, 0)
        self.met: set[frozenset[int]] = set()
        self.previous: dict[int, int] = {}
        self.byes = dict.fromkeys(self.vp, 0)

    def ranking(self) -> list[int]:
        return sorted(self.vp, key=lambda p: (-self.vp[p], -self.scarto[p], p))

    def play(self, draw: Draw, rng: random.Random) -> None:
        """Give every table a random result and record who met whom."""
        self.previous = {}
        for seat in draw.seats:
            difference = rng.randrange(0, 1600, 5)
            winner_vp = 10 + min(10, difference // 150)
            ns_wins = rng.random() < 0.5
            winner, loser = (seat.ns, seat.eo) if ns_wins else (seat.eo, seat.ns)
            self.vp[winner] += winner_vp
            self.vp[loser] += 20 - winner_vp
            self.scarto[winner] += difference
            self.scarto[loser] -= difference
            self.met.add(frozenset((seat.ns, seat.eo)))
            self.previous[seat.ns], self.previous[seat.eo] = seat.eo, seat.ns
        for pair in draw.byes:
            self.vp[pair] += 14
            self.scarto[pair] += 355
            self.byes[pair] += 1


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    pairs = list(range(1, args.pairs + 1))
    history = History(pairs)
    for turno in range(1, MITCHELL_TURNI + 1):
        history.play(mitchell_draw(pairs, turno), rng)
    for _ in range(DANESE_TURNI):
        draw = danese_draw(
            history.ranking(),
            met=history.met,
            previous=history.previous,
            bye_counts=history.byes,
            mode="no_rematch",
        )
        history.play(draw, rng)
    played = MITCHELL_TURNI + DANESE_TURNI

    ranking = history.ranking()
    timings = []
    for _ in range(args.runs):
        start = time.perf_counter()
        draw = danese_draw(
            ranking,
            met=history.met,
            previous=history.previous,
            bye_counts=history.byes,
            mode="no_rematch",
        )
        timings.append(time.perf_counter() - start)
    rematches = len(draw.meetings() & history.met)
    print(
        f"danese_draw {args.pairs} pairs after {played} turni: best {min(timings):.3f} s, "
        f"median {statistics.median(timings):.3f} s, rematches {rematches}"
    )


if __name__ == "__main__":
    main()
