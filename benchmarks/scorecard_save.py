"""Time the server's side of one scorecard save in a large tournament.

The tournament: 500 pairs, 8 Mitchell-like turni of 250 tables, every table with 3 legal smazzate
(as ``benchmarks.standings_page`` builds it), in a temporary SQLite database deleted at the end.
One save is the director's POST of a table's scorecard through Django's test ``Client``: the
form (which asks the results bridge for the outcome), the score service (the engine again, the
version check, the rows, the audit entry) and the redirect to the next table. Each run corrects
the same table of the last turno with a reason, alternating two scorecards so every run really
writes. Printed: the median and the fastest and slowest of ``--runs`` saves, and the goal
(under 100 ms).

Usage, from the repository root::

    python -m benchmarks.scorecard_save [--pairs 500] [--turni 8] [--runs 15] [--seed 2024]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks import setup
from benchmarks.setup import SMAZZATE

GOAL_MS = 100.0


def _scorecard(version: int, cards: int) -> dict[str, str]:
    """The POST data of a 3-smazzate scorecard: NS closes each smazzata with a pulito."""
    data = {"mode": "smazzate", "version": str(version), "reason": "Correzione"}
    for n in range(1, SMAZZATE + 1):
        data.update(
            {
                f"s{n}_ns_cards": str(cards),
                f"s{n}_ns_pulito": "1",
                f"s{n}_ns_chiusura": "on",
                f"s{n}_ns_pozzetto": "on",
                f"s{n}_eo_cards": "40",
                f"s{n}_eo_pozzetto": "on",
                f"s{n}_end": "",
                f"s{n}_last_move": "",
            }
        )
    return data


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--turni", type=int, default=8)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="burraco-bench-") as folder:
        setup.setup_django(Path(folder) / "benchmark.sqlite3")
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client, override_settings
        from django.urls import reverse

        from burraco_tourney.tournaments.models import Table

        tournament = setup.build_tournament(
            slug="benchmark",
            name="Benchmark",
            players=lambda n: {"player1": f"Giocatore {n}A", "player2": f"Giocatore {n}B"},
            pairs=args.pairs,
            turni=args.turni,
            results=True,
            seed=args.seed,
        )
        director = get_user_model().objects.create_user("direttore", password="x")
        tournament.directors.add(director)
        client = Client(HTTP_HOST="localhost")
        client.force_login(director)
        url = reverse("manage:score_entry", args=[tournament.slug, args.turni, 1])
        table = Table.objects.get(turno__tournament=tournament, turno__number=args.turni, number=1)
        plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}

        def save(cards: int) -> float:
            table.refresh_from_db(fields=["version"])
            data = _scorecard(table.version, cards)
            gc.collect()
            start = time.perf_counter()
            response = client.post(url, data)
            elapsed = time.perf_counter() - start
            assert response.status_code == 302, response.status_code
            return elapsed

        with override_settings(STORAGES={"default": plain, "staticfiles": plain}):
            save(100)  # warm up: templates, URL resolver, translations
            timings = [save(200 if run % 2 else 100) for run in range(args.runs)]
        median = statistics.median(timings) * 1000
        print(
            f"scorecard save, {args.pairs} pairs x {args.turni} turni x {SMAZZATE} smazzate, "
            f"{args.runs} saves of one table:"
        )
        print(
            f"  one save (form, engine, service, audit, redirect)  median {median:6.1f} ms  "
            f"(fastest {min(timings) * 1000:.1f}, slowest {max(timings) * 1000:.1f})"
        )
        verdict = "within" if median < GOAL_MS else "ABOVE"
        print(f"  goal: {verdict} {GOAL_MS:.0f} ms")
        connection.close()


if __name__ == "__main__":
    main()
