"""Time a circuit's standings, uncached: 40 tournaments of 100 pairs each (issue 25's goal: under
one second).

Each tournament is a Mitchell evening of ``--turni`` turni with a result at every table (the
benchmarks' ``setup.build_tournament``: bulk inserts, MP and VP by the scoring service). Its
pairs are drawn from a pool of registered pairs (``--pool``, the registry's people linked through
``Member`` rows, bulk created), so the same people meet again across the season and some change
partner, as in a club's year. The circuit ranks pairs by placement points, best 10 results,
at least 3 attendances. It lives in a temporary SQLite database, deleted at the end.

Printed: how long the data took to build, then the circuit's standings (``seasons.selectors.
circuit_standings``: every tournament's published standings read through the tournaments'
selectors, then the engine) as the best and the median of ``--runs`` runs, in CPU time (as
``benchmarks.timing`` does: the other processes of a shared machine do not inflate it; SQLite
runs in this process, so its work is counted) and by the clock, the share of the engine alone,
the SQL queries made, and the goal, judged on the median CPU time.

Usage, from the repository root::

    python -m benchmarks.circuit_standings [--tournaments 40] [--pairs 100] [--turni 3]
        [--runs 5] [--seed 2025]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks import setup

GOAL_SECONDS = 1.0


def build_circuit(*, tournaments: int, pairs: int, turni: int, pool: int, seed: int):
    """The circuit and its tournaments; the registry's people linked to every entrant."""
    from burraco_tourney.people.models import Person
    from burraco_tourney.seasons.models import Circuit
    from burraco_tourney.tournaments.models import Entrant, Member

    rng = random.Random(seed)
    people = Person.objects.bulk_create(
        Person(surname=f"Cognome{n:04d}", name=f"Nome{n:04d}", search_key=f"cognome{n} nome{n}")
        for n in range(2 * pool)
    )
    # A pool of pairs: mostly steady partners, a few players who change partner later on.
    couples = [(people[2 * n], people[2 * n + 1]) for n in range(pool)]
    built = []
    for index in range(tournaments):
        chosen = rng.sample(couples, pairs)
        if index % 4 == 3:  # now and then two pairs swap partners for an evening
            first, second = chosen[0], chosen[1]
            chosen[0], chosen[1] = (first[0], second[1]), (second[0], first[1])
        names = {n: chosen[n - 1] for n in range(1, pairs + 1)}
        tournament = setup.build_tournament(
            slug=f"serata-{index + 1}",
            name=f"Serata {index + 1}",
            players=lambda n, names=names: {
                "player1": names[n][0].full_name,
                "player2": names[n][1].full_name,
            },
            pairs=pairs,
            turni=turni,
            results=True,
            seed=seed + index,
        )
        entrants = Entrant.objects.filter(tournament=tournament).values_list("pk", "number")
        Member.objects.bulk_create(
            (
                Member(entrant_id=pk, position=position, person=person)
                for pk, number in entrants
                for position, person in enumerate(names[number], start=1)
            ),
            batch_size=1000,
        )
        built.append(tournament)
    circuit = Circuit.objects.create(
        name="Circuito",
        slug="circuito",
        scoring="placement",
        best=10,
        minimum=3,
        qualification="top",
        qualify_value=16,
    )
    circuit.tournaments.set(built)
    return circuit


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=40)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--turni", type=int, default=3)
    parser.add_argument("--pool", type=int, default=160)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2025)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="burraco-bench-") as folder:
        setup.setup_django(Path(folder) / "benchmark.sqlite3")
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from burraco_tourney.rules.circuit import circuit_ranking
        from burraco_tourney.seasons import selectors

        start = time.perf_counter()
        circuit = build_circuit(
            tournaments=args.tournaments,
            pairs=args.pairs,
            turni=args.turni,
            pool=max(args.pool, args.pairs),
            seed=args.seed,
        )
        built = time.perf_counter() - start

        timings, walls = [], []
        for _ in range(args.runs):
            gc.collect()
            start, wall = time.process_time(), time.perf_counter()
            standings = selectors.circuit_standings(circuit=circuit)
            timings.append(time.process_time() - start)
            walls.append(time.perf_counter() - wall)
        with CaptureQueriesContext(connection) as queries:
            selectors.circuit_standings(circuit=circuit)

        # The engine alone, on the same inputs (what the selector hands it).
        published = selectors.published_standings(
            tournaments=selectors.circuit_tournaments(circuit)
        )
        inputs = [
            selectors.TournamentResult(
                p.tournament.pk,
                tuple(selectors.Placing(x.people, x.place, x.vp) for x in p.places),
            )
            for p in published
        ]
        rules = selectors.circuit_rules(circuit)
        engines = []
        for _ in range(args.runs):
            start = time.process_time()
            circuit_ranking(inputs, rules)
            engines.append(time.process_time() - start)
        engine = min(engines)

    best, median = min(timings), statistics.median(timings)
    print(
        f"{args.tournaments} tournaments x {args.pairs} pairs x {args.turni} turni "
        f"(built in {built:.1f} s); {len(standings.ranked)} pairs ranked, "
        f"{len(standings.unranked)} below the minimum"
    )
    print(
        f"  circuit standings, uncached: best {best * 1000:.0f} ms, median {median * 1000:.0f} ms"
        " (CPU time)"
    )
    print(
        f"  the same, by the clock:      best {min(walls) * 1000:.0f} ms, "
        f"median {statistics.median(walls) * 1000:.0f} ms (a busy machine inflates these)"
    )
    print(f"  of which the engine:         {engine * 1000:.0f} ms")
    print(f"  SQL queries:                 {len(queries)}")
    verdict = "met" if median < GOAL_SECONDS else "NOT met"
    print(f"  goal: under {GOAL_SECONDS:.0f} s — {verdict}")


if __name__ == "__main__":
    main()
