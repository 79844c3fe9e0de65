"""Time the server's side of one scorecard save, and of one live preview, in a large tournament.

The tournament: 500 pairs (250 tables a turno), ``--turni`` Mitchell turni with every result
entered, and one more published turno whose tables wait for their scorecards. It lives in a
temporary SQLite database, migrated from scratch and deleted at the end, so the benchmark never
touches the project's own database.

Each timed save is one POST of a full scorecard (three smazzate) through Django's test
``Client`` to a different table of the last turno: URL routing, middleware, the director's
access check, the form (its boxes: a save leaves the engine to the service), the scoring service
(the director's submission, the engine once, the version check, the rows, the superseded
submission, the audit entry), and the redirect to the next table
(the redirect is not followed). Each timed preview is one POST of the same scorecard to the
page's preview endpoint (the same form, the bridge's ``table_outcome_preview``, nothing written),
which answers with the HTML fragment. Printed: the median, the fastest and the slowest of
``--saves`` of each, and the SQL queries of one. The goal of a save is under 100 ms.

Usage, from the repository root::

    python -m benchmarks.scorecard_save [--pairs 500] [--turni 3] [--saves 25] [--seed 2024]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import setup

GOAL_MS = 100.0

# A scorecard checked by hand (tests/tournaments/scores_support.py): 585 - 1365, 4-16.
SMAZZATE = (
    ({"cards": 245, "pulito": 1, "chiusura": True}, {"cards": 120, "sporco": 1}),
    ({"cards": 80, "sporco": 1}, {"cards": 300, "pulito": 1, "semipulito": 1, "chiusura": True}),
    ({"cards": -40, "pozzetto": False}, {"cards": 95, "pulito": 1, "chiusura": True}),
)


def scorecard(version: int) -> dict[str, str]:
    """The POST data of the per-smazzata form, as the browser sends it."""
    data = {"mode": "smazzate", "version": str(version)}
    for n, lines in enumerate(SMAZZATE, start=1):
        for line, values in zip(("ns", "eo"), lines, strict=True):
            data[f"s{n}_{line}_cards"] = str(values["cards"])
            for kind in ("pulito", "semipulito", "sporco"):
                if values.get(kind):
                    data[f"s{n}_{line}_{kind}"] = str(values[kind])
            if values.get("chiusura"):
                data[f"s{n}_{line}_chiusura"] = "on"
            if values.get("pozzetto", True):
                data[f"s{n}_{line}_pozzetto"] = "on"
        data[f"s{n}_end"] = ""
        data[f"s{n}_last_move"] = ""
    return data


def timed(action: Callable[[], Any]) -> tuple[float, float]:
    """Wall-clock and CPU time of one run (the CPU time is what other processes of a busy
    machine do not inflate; the wall clock includes the database's writes to disk)."""
    gc.collect()  # each request pays for its own garbage, not the previous one's
    start, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - start, time.process_time() - cpu


def summary(label: str, timings: list[tuple[float, float]], queries: int) -> list[str]:
    lines = []
    for clock, index in (("wall", 0), ("CPU", 1)):
        ms = [t[index] * 1000 for t in timings]
        lines.append(
            f"  {label:22}{clock:5}median {statistics.median(ms):7.1f} ms  "
            f"({min(ms):.1f}–{max(ms):.1f} ms over {len(ms)}; {queries} SQL queries)"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--turni", type=int, default=3, help="turni already entered")
    parser.add_argument("--saves", type=int, default=25)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    tables = args.pairs // 2
    if not 2 <= args.saves + 2 <= tables:
        parser.error(f"--saves must leave a table of the {tables} untouched (at most {tables - 2})")

    with tempfile.TemporaryDirectory(prefix="burraco-bench-") as folder:
        setup.setup_django(Path(folder) / "benchmark.sqlite3")
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client, override_settings
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse

        from burraco_tourney.tournaments.models import Table, Turno
        from burraco_tourney.tournaments.services.matches import tables_create

        start = time.perf_counter()
        tournament = setup.build_tournament(
            slug="benchmark",
            name="Benchmark",
            players=lambda n: {"player1": f"Giocatore {n}A", "player2": f"Giocatore {n}B"},
            pairs=args.pairs,
            turni=args.turni,
            results=True,
            seed=args.seed,
        )
        last = Turno.objects.create(
            tournament=tournament, number=args.turni + 1, movement="manual", published=True
        )
        pairs = list(tournament.entrants.order_by("number"))
        tables_create(
            Table(turno=last, number=i + 1, ns=pairs[2 * i], eo=pairs[2 * i + 1])
            for i in range(tables)
        )
        built = time.perf_counter() - start

        director = get_user_model().objects.create_superuser("benchmark", password="x")
        client = Client(HTTP_HOST="localhost")
        client.force_login(director)

        def url(name: str, table: int) -> str:
            return reverse(f"manage:{name}", args=[tournament.slug, last.number, table])

        def save(table: int) -> None:
            response = client.post(url("score_entry", table), scorecard(0))
            assert response.status_code == 302, response.status_code

        def preview(table: int) -> None:
            response = client.post(url("score_preview", table), scorecard(0))
            assert response.status_code == 200, response.status_code

        plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
        with override_settings(STORAGES={"default": plain, "staticfiles": plain}):
            save(tables)  # warm up: templates, URL resolver, translations
            preview(tables - 1)
            with CaptureQueriesContext(connection) as queries:
                save(tables - 1)
            save_queries = len(queries)
            with CaptureQueriesContext(connection) as queries:
                preview(1)
            preview_queries = len(queries)
            saves, previews = [], []
            for table in range(1, args.saves + 1):
                previews.append(timed(lambda t=table: preview(t)))
                saves.append(timed(lambda t=table: save(t)))

        entered = Table.objects.filter(turno=last).exclude(entry_mode="").count()
        print(
            f"scorecard save, {args.pairs} pairs ({tables} tables a turno), {args.turni} turni "
            f"entered before (built in {built:.1f} s); {entered} tables of turno {last.number} "
            "saved:"
        )
        print("\n".join(summary("save (POST, redirect)", saves, save_queries)))
        print("\n".join(summary("live preview (POST)", previews, preview_queries)))
        median = statistics.median(t[0] for t in saves) * 1000
        verdict = "within" if median < GOAL_MS else "ABOVE"
        print(f"  goal: {verdict} {GOAL_MS:.0f} ms for the median save (wall clock)")
        connection.close()


if __name__ == "__main__":
    main()
