"""Time the downloads against the bare cost of their libraries: the workbook and the scorecards.

Two tournaments live in a temporary SQLite database, migrated from scratch and deleted at the
end, so the benchmark never touches the project's own database:

- 500 pairs, 8 Mitchell-like turni of 250 tables, 3 smazzate per table (random but seeded legal
  smazzate, MP and VP computed by the scoring service as after an import);
- 200 pairs, one published turno of 100 tables, for the scorecards.

Printed, each export timed against its baseline as ``benchmarks.timing`` does it (alternating
runs in CPU time, each after a full garbage collection; medians, fastest and slowest runs), for
``--runs`` runs each (``--pdf-runs`` for the PDF):

- the workbook exporter's time (queries, standings, the django-tables2 table, openpyxl) divided
  by the time openpyxl needs to write the very same cells, read back from the workbook, in
  write-only mode with no styles (goal 1.5x or less);
- the scorecards PDF exporter's time for the 100 tables (its queries, its templates and
  WeasyPrint: 100 complete cards, two to an A4 sheet) divided by WeasyPrint's time for the bare
  document of the same tables (``bare_scorecards_html``, built before the clock starts): one A4
  page per table with the table number and both pairs' lines, numbers and names, in the
  scorecards' DejaVu fonts from ``static/fonts``, WeasyPrint's default options (goal 1.5x or
  less);
- the peak memory of each export: the peak resident set size (``resource.getrusage``,
  ``ru_maxrss``) of a fresh Python process that sets Django up and runs that one export, with
  what the process held before the export started (goal under 500 MB); and, from a second run in
  that process, the ``tracemalloc`` peak of the Python objects the export allocates.

Usage, from the repository root::

    python -m benchmarks.exports [--pairs 500] [--turni 8] [--tables 100] [--runs 9]
        [--pdf-runs 5] [--seed 2024] [--scorecards-key KEY] [--only workbook|scorecards]
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import setup
from benchmarks.setup import SMAZZATE
from benchmarks.timing import paired_runs, print_timings

GOAL = 1.5
MEMORY_GOAL_MB = 500
WORKBOOK_SLUG = "benchmark-workbook"
SCORECARDS_SLUG = "benchmark-scorecards"
# The scorecards exporter's registry key: the first of these that is registered, unless
# --scorecards-key names one.
SCORECARDS_KEYS = ("scorecards", "score")


def _setup_django(database: Path, *, migrate: bool) -> None:
    setup.setup_django(database, migrate=migrate)
    # Registers the workbook exporter even if the app does not import it (yet).
    import burraco_tourney.exports.excel  # noqa: F401


def _players(n: int) -> dict[str, str]:
    clubs = ["Circolo Aurora", "Burraco Club Tigullio", "ASD Le Pinelle", ""]
    return {
        "player1": f"Giocatore {n}A Cognome",
        "player2": f"Giocatrice {n}B Cognome",
        "club": clubs[n % len(clubs)],
    }


def build_tournament(*, slug: str, pairs: int, turni: int, results: bool, seed: int):
    """A tournament built with bulk inserts; with ``results``, MP and VP by the scoring service."""
    return setup.build_tournament(
        slug=slug,
        name=f"Benchmark {slug}",
        venue="Circolo del benchmark",
        players=_players,
        pairs=pairs,
        turni=turni,
        results=results,
        seed=seed,
    )


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
    """The baseline: one A4 page per table, naming the table and its two pairs, nothing else.

    Each page holds the table number as a heading and one line per pair, its line (NS or EO),
    its number in bold and its two players' names; the fonts are the scorecards' own (DejaVu Sans
    Condensed for the text, DejaVu Sans Bold for the numbers, from ``static/fonts``).
    """
    from html import escape

    from django.conf import settings

    fonts = Path(settings.BASE_DIR) / "static" / "fonts"

    def face(family: str, weight: str, file: str) -> str:
        url = (fonts / file).as_uri()
        return f"@font-face {{ font-family: {family}; font-weight: {weight}; src: url('{url}'); }}"

    turno = tournament.turni.get(number=1)
    pages = []
    for table in turno.tables.select_related("ns", "eo").order_by("number"):
        lines = "".join(
            f"<p>{line} <b>{pair.number}</b> {escape(pair.player1)} – {escape(pair.player2)}</p>"
            for line, pair in (("NS", table.ns), ("EO", table.eo))
        )
        pages.append(f"<section><h1>Tavolo {table.number}</h1>{lines}</section>")
    style = (
        face("Text", "normal", "DejaVuSansCondensed.ttf")
        + face("Text", "bold", "DejaVuSansCondensed-Bold.ttf")
        + face("Numbers", "bold", "DejaVuSans-Bold.ttf")
        + "@page { size: A4; } body { font-family: Text; font-size: 11pt; }"
        " h1, b { font-family: Numbers; } section { break-after: page; }"
    )
    return f"<!doctype html><html><head><style>{style}</style></head><body>{''.join(pages)}"


def pdf_page_count(content: bytes) -> str:
    """The number of pages of a PDF, as ``pdfinfo`` (poppler) reads it; "?" without pdfinfo."""
    try:
        info = subprocess.run(
            ["pdfinfo", "-"], input=content, capture_output=True, check=True
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    pages = re.search(r"^Pages:\s*(\d+)", info, re.MULTILINE)
    return pages[1] if pages else "?"


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


def _memory_line(memory: dict[str, float]) -> str:
    verdict = "within" if memory["peak_mb"] < MEMORY_GOAL_MB else "ABOVE"
    return (
        f"  peak memory    {memory['peak_mb']:8.1f} MB  (peak RSS of a process running only this "
        f"export, {memory['before_mb']:.1f} MB of it before the export started; {verdict} the "
        f"goal of {MEMORY_GOAL_MB} MB)\n"
        f"                 {memory['traced_mb']:8.1f} MB  (tracemalloc peak of the export's own "
        "Python allocations)"
    )


def report_workbook(tournament, *, args: argparse.Namespace, built: float, memory) -> None:
    content = render_workbook(tournament)
    sheets = workbook_cells(content)
    cells = sum(1 for _, rows in sheets for row in rows for v in row if v is not None)
    exporter, bare = paired_runs(
        args.runs, lambda: render_workbook(tournament), lambda: write_bare_workbook(sheets)
    )
    print(
        f"workbook, {args.pairs} pairs x {args.turni} turni x {SMAZZATE} smazzate "
        f"({len(sheets)} sheets, {cells} cells, {len(content) // 1024} KiB; "
        f"data built in {built:.1f} s), CPU time, median of {args.runs} runs (fastest–slowest):"
    )
    print_timings(
        exporter,
        bare,
        baseline_label="bare openpyxl",
        notes=("queries, standings, openpyxl", "same cells, write-only mode"),
        goal=GOAL,
    )
    print(_memory_line(memory))


def report_scorecards(tournament, *, args: argparse.Namespace, memory) -> None:
    key = find_scorecards_key(args.scorecards_key)
    if key is None or memory is None:
        keys = (args.scorecards_key,) if args.scorecards_key else SCORECARDS_KEYS
        print(f"scorecards: no exporter registered as {' or '.join(map(repr, keys))} yet")
        return
    pdf = render_scorecards(tournament, key)
    html = bare_scorecards_html(tournament)
    bare_pdf = write_bare_pdf(html)
    exporter, bare = paired_runs(
        args.pdf_runs, lambda: render_scorecards(tournament, key), lambda: write_bare_pdf(html)
    )
    print(
        f"scorecards PDF ({key!r}), {args.tables} tables, CPU time, median of "
        f"{args.pdf_runs} runs (fastest–slowest):"
    )
    print_timings(
        exporter,
        bare,
        baseline_label="bare WeasyPrint",
        notes=(
            f"queries, templates and WeasyPrint: {args.tables} complete cards on "
            f"{pdf_page_count(pdf)} A4 sheets, {len(pdf) // 1024} KiB",
            "HTML to PDF only: one A4 page per table with its number and both pairs' numbers "
            f"and names, same fonts; {pdf_page_count(bare_pdf)} pages, {len(bare_pdf) // 1024} KiB",
        ),
        goal=GOAL,
    )
    print(_memory_line(memory))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--turni", type=int, default=8)
    parser.add_argument("--tables", type=int, default=100, help="tables of the scorecards turno")
    parser.add_argument("--runs", type=int, default=9, help="timed runs of the workbook")
    parser.add_argument("--pdf-runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--scorecards-key", help="registry key of the scorecards exporter")
    parser.add_argument(
        "--only", choices=("workbook", "scorecards"), help="time one of the two exports only"
    )
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
        workbook_memory = scorecards_memory = None
        if args.only != "scorecards":
            workbook_memory = json.loads(run_child(database, "workbook", *key_option))
        if args.only != "workbook":
            scorecards_memory = json.loads(run_child(database, "scorecards", *key_option))

        _setup_django(database, migrate=False)
        from django.db import connection
        from django.utils import translation

        from burraco_tourney.tournaments.models import Tournament

        translation.activate("it")
        big = Tournament.objects.get(slug=WORKBOOK_SLUG)
        small = Tournament.objects.get(slug=SCORECARDS_SLUG)

        try:
            if workbook_memory is not None:
                report_workbook(big, args=args, built=built, memory=workbook_memory)
            if args.only != "workbook":
                report_scorecards(small, args=args, memory=scorecards_memory)
        finally:
            connection.close()


if __name__ == "__main__":
    main()
