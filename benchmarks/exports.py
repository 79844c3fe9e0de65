"""Time the downloads against the bare cost of their libraries: the workbook and the scorecards.

Two tournaments live in a temporary SQLite database, migrated from scratch and deleted at the
end, so the benchmark never touches the project's own database:

- 500 pairs, 8 Mitchell-like turni of 250 tables, 3 smazzate per table (random but seeded legal
  smazzate, MP and VP computed by the scoring service as after an import);
- 200 pairs, one published turno of 100 tables, for the scorecards.

Printed, best of ``--runs`` (``--pdf-runs`` for the PDF), each export timed in turn with its
baseline so that both see the same machine load:

- the workbook exporter's time (queries, standings, the django-tables2 table, openpyxl) divided
  by the time openpyxl needs to write the very same cells, read back from the workbook, in
  write-only mode with no styles (goal 1.5x or less);
- the scorecards PDF exporter's time for the 100 tables divided by WeasyPrint's time for a bare
  document of the same tables, one per page: tournament, turno, table and pair numbers and names,
  an empty grid of the ruleset's columns for each smazzata, the same DejaVu fonts from
  ``static/fonts`` (goal 1.5x or less);
- the peak memory of each export: the peak resident set size (``resource.getrusage``,
  ``ru_maxrss``) of a fresh Python process that sets Django up and runs that one export, with
  what the process held before the export started (goal under 500 MB); and, from a second run in
  that process, the ``tracemalloc`` peak of the Python objects the export allocates.

Usage, from the repository root::

    python -m benchmarks.exports [--pairs 500] [--turni 8] [--tables 100] [--runs 7]
        [--pdf-runs 3] [--seed 2024] [--scorecards-key KEY]
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Random but legal smazzate, the same as the standings page benchmark's.
from benchmarks.standings_page import _smazzata_fields

GOAL = 1.5
MEMORY_GOAL_MB = 500
SMAZZATE = 3
WORKBOOK_SLUG = "benchmark-workbook"
SCORECARDS_SLUG = "benchmark-scorecards"
# The scorecards exporter's registry key: the first of these that is registered, unless
# --scorecards-key names one.
SCORECARDS_KEYS = ("scorecards", "score")


def _setup_django(database: Path, *, migrate: bool) -> None:
    # Before django.setup(): the settings read these once.
    os.environ["SQLITE_PATH"] = str(database)
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "burraco_tourney.settings")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret")
    import django

    django.setup()
    # Registers the workbook exporter even if the app does not import it (yet).
    import burraco_tourney.exports.excel  # noqa: F401

    if migrate:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)


def build_tournament(*, slug: str, pairs: int, turni: int, results: bool, seed: int):
    """A tournament built with bulk inserts; with ``results``, MP and VP by the scoring service."""
    from burraco_tourney.rules.rulesets import get_ruleset
    from burraco_tourney.tournaments.models import Pair, Smazzata, Table, Tournament, Turno
    from burraco_tourney.tournaments.services.results import tournament_recompute_results

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        slug=slug,
        name=f"Benchmark {slug}",
        date=datetime.date(2026, 1, 1),
        venue="Circolo del benchmark",
        ruleset_name="classic",
        rules=get_ruleset("classic").to_dict(),
        smazzate_per_turno=SMAZZATE,
        vp_table="fibur-3",
        tiebreaks=["scarto", "head_to_head", "mp"],
        planned_turni=turni,
    )
    clubs = ["Circolo Aurora", "Burraco Club Tigullio", "ASD Le Pinelle", ""]
    rows = Pair.objects.bulk_create(
        Pair(
            tournament=tournament,
            number=n,
            player1=f"Giocatore {n}A Cognome",
            player2=f"Giocatrice {n}B Cognome",
            club=clubs[n % len(clubs)],
        )
        for n in range(1, pairs + 1)
    )
    by_number = {pair.number: pair for pair in rows}
    turno_rows = Turno.objects.bulk_create(
        Turno(tournament=tournament, number=n, movement="mitchell", published=True)
        for n in range(1, turni + 1)
    )
    # Mitchell: NS pair i stays at table i, the EO pairs move one table a turno.
    tables = pairs // 2
    table_rows = Table.objects.bulk_create(
        (
            Table(
                turno=turno,
                number=i,
                ns=by_number[i],
                eo=by_number[tables + (i - 1 + turno.number - 1) % tables + 1],
                entry_mode="smazzate" if results else "",
            )
            for turno in turno_rows
            for i in range(1, tables + 1)
        ),
        batch_size=500,
    )
    if results:
        Smazzata.objects.bulk_create(
            (
                Smazzata(table=table, number=n, ns_total=0, eo_total=0, **_smazzata_fields(rng))
                for table in table_rows
                for n in range(1, SMAZZATE + 1)
            ),
            batch_size=500,
        )
        tournament_recompute_results(tournament=tournament)
    return tournament


def best_of(
    runs: int, action: Callable[[], Any], baseline: Callable[[], Any]
) -> tuple[float, float]:
    """The best times of ``action`` and ``baseline``, run in turn so both see the same load."""
    timings: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for timing, run in zip(timings, (action, baseline), strict=True):
            start = time.perf_counter()
            run()
            timing.append(time.perf_counter() - start)
    return min(timings[0]), min(timings[1])


# The workbook ------------------------------------------------------------------------------


def render_workbook(tournament) -> bytes:
    from burraco_tourney.exports.registry import EXPORTERS

    return EXPORTERS["workbook"]().render(tournament=tournament).content


def workbook_cells(content: bytes) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """Every sheet's name and cell values, read back from a workbook."""
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(content), read_only=True)
    sheets = [(ws.title, list(ws.iter_rows(values_only=True))) for ws in workbook.worksheets]
    workbook.close()
    return sheets


def write_bare_workbook(sheets: list[tuple[str, list[tuple[Any, ...]]]]) -> bytes:
    """The same cells written by openpyxl in write-only mode, nothing else."""
    from openpyxl import Workbook

    workbook = Workbook(write_only=True)
    for title, rows in sheets:
        ws = workbook.create_sheet(title=title)
        for row in rows:
            ws.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


# The scorecards ----------------------------------------------------------------------------


def scorecards_exporter(key: str):
    from burraco_tourney.exports.registry import EXPORTERS

    return EXPORTERS.get(key)


def render_scorecards(tournament, key: str) -> bytes:
    turno = tournament.turni.get(number=1)
    return scorecards_exporter(key)().render(tournament=tournament, turno=turno).content


def bare_scorecards_html(tournament) -> str:
    """One page per table: what a scorecard names, and an empty grid per smazzata, plain HTML."""
    from html import escape

    from django.conf import settings

    from burraco_tourney.tournaments.rules_config import tournament_ruleset

    fonts = Path(settings.BASE_DIR) / "static" / "fonts"
    kinds = tournament_ruleset(tournament).burraco_kinds
    columns = [*kinds, "chiusura", "pozzetto", "punti", "totale"]
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    grid = "".join(
        f"<tr><td>{n}</td>" + "<td></td>" * (2 * len(columns)) + "</tr>"
        for n in range(1, tournament.smazzate_per_turno + 1)
    )
    pages = []
    turno = tournament.turni.get(number=1)
    for table in turno.tables.select_related("ns", "eo").order_by("number"):
        pages.append(
            f"<section><h1>Tavolo {table.number}</h1>"
            f"<p>{escape(tournament.name)} · Turno {turno.number}</p>"
            f"<p>NS {table.ns.number} {escape(table.ns.players)} — "
            f"EO {table.eo.number} {escape(table.eo.players)}</p>"
            f"<table><tr><th></th>{head}{head}</tr>{grid}</table></section>"
        )
    style = (
        f"@font-face {{ font-family: DejaVu; src: url('{(fonts / 'DejaVuSans.ttf').as_uri()}'); }}"
        "@font-face { font-family: DejaVu; font-weight: bold; "
        f"src: url('{(fonts / 'DejaVuSans-Bold.ttf').as_uri()}'); }}"
        "@page { size: A4; } body { font-family: DejaVu; }"
        "section { page-break-after: always; } td, th { border: 1px solid; padding: 4px; }"
    )
    return f"<!doctype html><html><head><style>{style}</style></head><body>{''.join(pages)}"


def write_bare_pdf(html: str) -> bytes:
    from weasyprint import HTML

    return HTML(string=html).write_pdf()


# Child processes: the build and the memory runs ----------------------------------------------
#
# ru_maxrss is a high-water mark that Linux carries from a parent into the process it starts, so
# a child started by a parent already holding the 500-pair tournament would report the parent's
# size. The parent therefore starts every child before it loads Django or any data: the data is
# built in a child too, and each memory figure belongs to a process that ran only that export.


def run_child(database: Path, task: str, *options: str) -> str:
    command = [sys.executable, "-m", "benchmarks.exports", "--child", task]
    command += ["--database", str(database), *options]
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(command, capture_output=True, text=True, cwd=root)
    if done.returncode:
        raise SystemExit(f"the {task} run failed:\n{done.stderr}")
    return done.stdout.strip().splitlines()[-1]


def find_scorecards_key(requested: str | None) -> str | None:
    keys = (requested,) if requested else SCORECARDS_KEYS
    return next((k for k in keys if scorecards_exporter(k) is not None), None)


def _child(args: argparse.Namespace) -> None:
    """Build the data (``build``), or run one export and print its memory figures as JSON."""
    import resource
    import tracemalloc

    _setup_django(args.database, migrate=args.child == "build")
    from burraco_tourney.tournaments.models import Tournament

    if args.child == "build":
        start = time.perf_counter()
        build_tournament(
            slug=WORKBOOK_SLUG, pairs=args.pairs, turni=args.turni, results=True, seed=args.seed
        )
        build_tournament(
            slug=SCORECARDS_SLUG, pairs=2 * args.tables, turni=1, results=False, seed=args.seed
        )
        print(json.dumps({"built_s": time.perf_counter() - start}))
        return
    key = find_scorecards_key(args.scorecards_key)
    if args.child == "scorecards" and key is None:
        print(json.dumps(None))
        return
    slug = WORKBOOK_SLUG if args.child == "workbook" else SCORECARDS_SLUG
    tournament = Tournament.objects.get(slug=slug)

    def run() -> int:
        if args.child == "workbook":
            return len(render_workbook(tournament))
        return len(render_scorecards(tournament, key))

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    size = run()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # A second run under tracemalloc: the Python objects the export itself holds at its peak
    # (C libraries such as WeasyPrint's Pango/HarfBuzz are not traced; the RSS above has them).
    tracemalloc.start()
    run()
    traced = tracemalloc.get_traced_memory()[1] / 1024 / 1024
    tracemalloc.stop()
    print(json.dumps({"before_mb": before, "peak_mb": peak, "traced_mb": traced, "bytes": size}))


# Report ------------------------------------------------------------------------------------


def _verdict(ratio: float) -> str:
    return "within" if ratio <= GOAL else "ABOVE"


def _memory_line(memory: dict[str, float]) -> str:
    verdict = "within" if memory["peak_mb"] < MEMORY_GOAL_MB else "ABOVE"
    return (
        f"  peak memory    {memory['peak_mb']:8.1f} MB  (peak RSS of a process running only this "
        f"export, {memory['before_mb']:.1f} MB of it before the export started; {verdict} the "
        f"goal of {MEMORY_GOAL_MB} MB)\n"
        f"                 {memory['traced_mb']:8.1f} MB  (tracemalloc peak of the export's own "
        "Python allocations)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--turni", type=int, default=8)
    parser.add_argument("--tables", type=int, default=100, help="tables of the scorecards turno")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--pdf-runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--scorecards-key", help="registry key of the scorecards exporter")
    parser.add_argument(
        "--child", choices=("build", "workbook", "scorecards"), help=argparse.SUPPRESS
    )
    parser.add_argument("--database", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args)
        return

    with tempfile.TemporaryDirectory(prefix="burraco-bench-") as folder:
        database = Path(folder) / "benchmark.sqlite3"
        sizes = ["--pairs", str(args.pairs), "--turni", str(args.turni)]
        sizes += ["--tables", str(args.tables), "--seed", str(args.seed)]
        built = json.loads(run_child(database, "build", *sizes))["built_s"]
        key_option = ["--scorecards-key", args.scorecards_key] if args.scorecards_key else []
        workbook_memory = json.loads(run_child(database, "workbook", *key_option))
        scorecards_memory = json.loads(run_child(database, "scorecards", *key_option))

        _setup_django(database, migrate=False)
        from django.db import connection
        from django.utils import translation

        from burraco_tourney.tournaments.models import Tournament

        translation.activate("it")
        big = Tournament.objects.get(slug=WORKBOOK_SLUG)
        small = Tournament.objects.get(slug=SCORECARDS_SLUG)

        content = render_workbook(big)  # warm up: imports, translations, first queries
        sheets = workbook_cells(content)
        cells = sum(1 for _, rows in sheets for row in rows for v in row if v is not None)
        workbook_time, bare_time = best_of(
            args.runs, lambda: render_workbook(big), lambda: write_bare_workbook(sheets)
        )
        ratio = workbook_time / bare_time
        print(
            f"workbook, {args.pairs} pairs x {args.turni} turni x {SMAZZATE} smazzate "
            f"({len(sheets)} sheets, {cells} cells, {len(content) // 1024} KiB; "
            f"data built in {built:.1f} s), best of {args.runs}:"
        )
        print(f"  exporter       {workbook_time * 1000:8.1f} ms")
        print(f"  bare openpyxl  {bare_time * 1000:8.1f} ms  (same cells, write-only mode)")
        print(f"  ratio          {ratio:8.2f} x  ({_verdict(ratio)} the goal of {GOAL}x)")
        print(_memory_line(workbook_memory))

        key = find_scorecards_key(args.scorecards_key)
        if key is None or scorecards_memory is None:
            keys = (args.scorecards_key,) if args.scorecards_key else SCORECARDS_KEYS
            print(f"scorecards: no exporter registered as {' or '.join(map(repr, keys))} yet")
            connection.close()
            return
        pdf = render_scorecards(small, key)  # warm up: fonts, templates
        html = bare_scorecards_html(small)
        bare_pdf = write_bare_pdf(html)
        pdf_time, bare_pdf_time = best_of(
            args.pdf_runs, lambda: render_scorecards(small, key), lambda: write_bare_pdf(html)
        )
        ratio = pdf_time / bare_pdf_time
        print(
            f"scorecards PDF ({key!r}), {args.tables} tables ({len(pdf) // 1024} KiB; bare "
            f"document {len(bare_pdf) // 1024} KiB), best of {args.pdf_runs}:"
        )
        print(f"  exporter       {pdf_time * 1000:8.1f} ms")
        print(f"  bare WeasyPrint {bare_pdf_time * 1000:7.1f} ms  (one table per page)")
        print(f"  ratio          {ratio:8.2f} x  ({_verdict(ratio)} the goal of {GOAL}x)")
        print(_memory_line(scorecards_memory))
        connection.close()


if __name__ == "__main__":
    main()
