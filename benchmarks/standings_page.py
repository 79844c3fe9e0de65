"""Time the public standings page of a large tournament against just fetching its score rows.

The tournament: 500 pairs, 8 Mitchell-like turni of 250 tables, 3 smazzate per table, every
smazzata a legal one (random but seeded), MP and VP computed by the scoring service as after an
import. It lives in a temporary SQLite database, migrated from scratch and deleted at the end,
so the benchmark never touches the project's own database.

Printed, each the best of ``--runs`` (the three taking turns, so a busy machine slows them alike):

- the full page request through Django's test ``Client`` (URL routing, middleware, the standings
  selector, the engine, the table, the template), and how many SQL queries it makes — as the
  room gets it (served from the public pages' cache after the first request) and built anew
  (as a logged-in director gets it: directors' pages are never cached);
- "just fetching the score rows", read two ways, with the page's ratio to each:
  ``list(Smazzata.objects.filter(table__turno__tournament=t))``, the rows as model instances,
  which is what fetching rows means in a Django app and what the goal (3x or less) is judged
  against; and the same rows as plain tuples through ``values_list`` (a few columns, no model
  instances), the least any page showing the results must read, printed so nobody mistakes the
  first ratio for the stricter one.

``--profile`` adds the page's parts timed alone (the selector, the table as the page renders it,
and the same table through django-tables2's own per-cell template for comparison) and cProfile's
view of one page request.

Usage, from the repository root::

    python -m benchmarks.standings_page [--pairs 500] [--turni 8] [--runs 7] [--seed 2024]
        [--profile]
"""

from __future__ import annotations

import argparse
import gc
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import setup
from benchmarks.setup import SMAZZATE

GOAL = 3.0


def build_tournament(*, pairs: int, turni: int, seed: int):
    """The tournament, built with a few bulk inserts; results by the scoring service."""
    return setup.build_tournament(
        slug="benchmark",
        name="Benchmark",
        players=lambda n: {"player1": f"Giocatore {n}A", "player2": f"Giocatore {n}B"},
        pairs=pairs,
        turni=turni,
        results=True,
        seed=seed,
    )


def best_of(runs: int, action: Callable[[], Any]) -> float:
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return min(timings)


def best_of_each(runs: int, *actions: Callable[[], Any]) -> list[float]:
    """The best time of each action, the actions taking turns run after run: a machine busy
    for a while then slows them all alike, rather than only the one measured at that moment."""
    timings: list[list[float]] = [[] for _ in actions]
    for _ in range(runs):
        for action, times in zip(actions, timings, strict=True):
            gc.collect()  # each pays for its own garbage, not the previous one's
            start = time.perf_counter()
            action()
            times.append(time.perf_counter() - start)
    return [min(times) for times in timings]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--turni", type=int, default=8)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="store_true", help="show where the page spends time")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="burraco-bench-") as folder:
        setup.setup_django(Path(folder) / "benchmark.sqlite3")
        from django.db import connection
        from django.test import Client, override_settings
        from django.test.utils import CaptureQueriesContext
        from django.urls import reverse

        from burraco_tourney.tournaments.models import Smazzata

        start = time.perf_counter()
        tournament = build_tournament(pairs=args.pairs, turni=args.turni, seed=args.seed)
        built = time.perf_counter() - start

        url = reverse("tournaments:standings", args=[tournament.slug])
        client = Client(HTTP_HOST="localhost")
        # The page's static URLs without a collectstatic manifest (a lookup either way).
        plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
        score_rows = Smazzata.objects.filter(table__turno__tournament=tournament)

        from django.contrib.auth import get_user_model

        director = Client(HTTP_HOST="localhost")
        director.force_login(
            get_user_model().objects.create_superuser("benchmark", password="benchmark")
        )

        def page() -> None:
            response = client.get(url)
            assert response.status_code == 200, response.status_code

        def page_built() -> None:
            response = director.get(url)
            assert response.status_code == 200, response.status_code

        def rows_as_models() -> None:
            list(score_rows.all())

        def rows_as_values() -> None:
            list(
                score_rows.values_list(
                    "table__turno__number", "table__number", "number", "ns_total", "eo_total"
                )
            )

        with override_settings(STORAGES={"default": plain, "staticfiles": plain}):
            page()  # warm up: templates, URL resolver, translations
            page_built()
            rows_as_models()
            rows_as_values()
            with CaptureQueriesContext(connection) as queries:
                page()
            # Counted now: the captured list is read lazily from a log later requests reset.
            query_count = len(queries)
            with CaptureQueriesContext(connection) as queries:
                page_built()
            built_query_count = len(queries)
            page_time, built_time, models_time, values_time = best_of_each(
                args.runs, page, page_built, rows_as_models, rows_as_values
            )
            if args.profile:
                _breakdown(tournament, url, args.runs)
                _profile(page)

        rows = score_rows.count()
        print(
            f"standings page, {args.pairs} pairs x {args.turni} turni x {SMAZZATE} smazzate "
            f"({rows} score rows, built in {built:.1f} s), best of {args.runs}:"
        )
        print(
            f"  page request                     {page_time * 1000:8.1f} ms  "
            f"({query_count} SQL queries)"
        )
        print(
            f"  page built anew (a director)     {built_time * 1000:8.1f} ms  "
            f"({built_query_count} SQL queries)  page / rows {built_time / models_time:6.2f} x"
        )
        judged = page_time / models_time
        print(
            f"  score rows as model instances    {models_time * 1000:8.1f} ms  "
            f"page / rows {judged:6.2f} x   <- the goal ({GOAL:.0f}x or less) is judged on this"
        )
        print(
            f"  score rows as values_list tuples {values_time * 1000:8.1f} ms  "
            f"page / rows {page_time / values_time:6.2f} x   (stricter reading, for reference)"
        )
        verdict = "within" if judged <= GOAL else "ABOVE"
        print(f"  goal: {verdict} {GOAL:.0f}x against fetching the rows as model instances")
        connection.close()


def _breakdown(tournament, url: str, runs: int) -> None:
    """The page's parts timed alone: the standings selector, the table as the page renders it
    (ordering included) and, for comparison, the same table through django-tables2's own template,
    which renders every cell through its per-cell machinery."""
    from django.template import Context, Template
    from django.test import RequestFactory
    from django_tables2 import RequestConfig

    from burraco_tourney.tournaments.selectors.standings import standings
    from burraco_tourney.tournaments.tables import StandingsTable

    turni = list(tournament.turni.values_list("number", flat=True))
    rows = standings(tournament=tournament)
    # The page's table renders with its own template (StandingsTable.Meta.template_name, the
    # fast body); the stock one is django-tables2's per-cell template, asked for by name.
    page_template = Template("{% load django_tables2 %}{% render_table table %}")
    stock_template = Template(
        '{% load django_tables2 %}{% render_table table "components/table.html" %}'
    )

    def render(template: Template, query: str) -> Callable[[], None]:
        request = RequestFactory().get(url + query)

        def action() -> None:
            table = StandingsTable(rows, turni=turni)
            RequestConfig(request, paginate=False).configure(table)
            template.render(Context({"table": table, "request": request}))

        return action

    selector = best_of(runs, lambda: standings(tournament=tournament))
    cells = len(rows) * (8 + len(turni))
    print(f"  of which: standings selector (queries + engine)        {selector * 1000:7.1f} ms")
    for query in ("", "?sort=-club"):
        shown = query or "engine order"
        fast = best_of(runs, render(page_template, query))
        print(f"            table HTML as the page renders it, {shown:12} {fast * 1000:7.1f} ms")
    stock = best_of(max(1, runs // 3), render(stock_template, ""))
    print(
        f"            the same {cells} cells through django-tables2's template "
        f"{stock * 1000:7.1f} ms"
    )


def _profile(page: Callable[[], None]) -> None:
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.enable()
    page()
    profiler.disable()
    stats = pstats.Stats(profiler).strip_dirs().sort_stats("cumulative")
    stats.print_stats(30)
    stats.sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
