"""Time the prize allocation of a big event: 300 pairs, 6 gironi, 12 categories.

The prize list is the kind read out at a regional final: the overall ranking (10 places, three
of them a share of the fund), one category per girone (3 places each), women, mixed, over 70,
a club, the third category (2 places each) and the last pair, not cumulative; the ranking has
ties (about one pair in five shares its rank), so pools and cent splits happen. The allocation
(fund, percent places, eligibility, every step of the explanation) runs several times and the
best and median CPU times are printed against the 100 ms budget.

Usage, from the repository root::

    python -m benchmarks.prizes [--pairs 300] [--runs 9] [--seed 2024]

Standard library only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from burraco_tourney.rules.prizes import (
    Category,
    Entrant,
    Fund,
    Person,
    Place,
    PrizeList,
    allocate,
    check_prize_list,
)

GIRONI = "ABCDEF"
BUDGET_MS = 100.0


def field(pairs: int, rng: random.Random):
    clubs = ["Aurora", "Fenice", "Tre Torri", "Lido"]
    entrants = []
    for number in range(1, pairs + 1):
        people = tuple(
            Person(
                rng.choice(["F", "M", "F", None]),
                rng.choice([None, *range(1935, 2000)]),
                rng.choice(["prima", "seconda", "terza", "nc"]),
            )
            for _ in range(2)
        )
        girone = GIRONI[(number - 1) * len(GIRONI) // pairs]
        entrants.append(Entrant(number, people, rng.choice(clubs), girone, rng.random() < 0.01))
    order = list(range(1, pairs + 1))
    ranking, rank = [], 1
    for i, number in enumerate(order):
        if i == 0 or rng.random() > 0.2:
            rank = i + 1
        ranking.append((number, rank))
    gironi = {}
    for g in GIRONI:
        members = [n for n, _ in ranking if entrants[n - 1].girone == g]
        gironi[g] = [(n, i + 1) for i, n in enumerate(members)]
    return entrants, ranking, gironi


def prize_list() -> PrizeList:
    euros = [50000, 30000, 20000, 15000, 10000, 8000, 6000]
    overall = (
        Place(1, percent=20),
        Place(2, percent=12),
        Place(3, percent=8),
        *(Place(i + 4, amount=a) for i, a in enumerate(euros)),
    )
    cats = [Category("Assoluta", overall)]
    for g in GIRONI:
        cats.append(
            Category(
                f"Girone {g}",
                (Place(1, amount=7000), Place(2, amount=4000), Place(3, object="Coppa")),
                {"girone": g},
            )
        )
    two = (Place(1, amount=5000), Place(2, object="Targa"))
    cats += [
        Category("Donne", two, {"sex": "F"}),
        Category("Miste", two, {"sex": "mixed"}),
        Category("Over 70", two, {"over": 70}),
        Category(
            "Circolo Aurora",
            (Place(1, amount=3000), Place(2, object="Medaglia")),
            {"club": "Aurora", "category": "terza"},
        ),
        Category("Ultima coppia", (Place(1, object="Cucchiaio di legno"),), {"last": True}),
    ]
    return PrizeList(tuple(cats), fund=Fund(2000, 60, minimum=300000))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    entrants, ranking, gironi = field(args.pairs, rng)
    prizes = prize_list()
    check_prize_list(prizes)
    timings, result = [], None
    for _ in range(args.runs):
        start = time.process_time()
        result = allocate(prizes, entrants=entrants, overall=ranking, gironi=gironi, year=2026)
        timings.append((time.process_time() - start) * 1000)
    assert result is not None
    best, median = min(timings), statistics.median(timings)
    print(f"{args.pairs} pairs, {len(gironi)} gironi, {len(prizes.categories)} categories")
    print(
        f"fund {result.fund / 100:.2f} euro; {len(result.awards)} prizes given, "
        f"{sum(1 for s in result.steps if s.tied)} tie pools, {len(result.warnings)} warnings"
    )
    print(f"allocation: best {best:.1f} ms, median {median:.1f} ms (budget {BUDGET_MS:.0f} ms)")
    print("OK" if median < BUDGET_MS else "OVER BUDGET")


if __name__ == "__main__":
    main()
