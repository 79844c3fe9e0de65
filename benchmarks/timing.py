"""Timing an export against its baseline, both on the same machine load, for the benchmarks.

Both run once untimed first (imports, caches, the database's pages), then alternately, so that
a busy moment of the machine falls on both. Each timed run starts after a full garbage
collection, so neither pays for what the other left behind, and is timed in CPU time
(``time.process_time``), which the other processes of a busy machine do not inflate. The figures
printed are medians, with the fastest and slowest run, and the ratio of the medians, with the
lowest and highest ratio of a run to the baseline run beside it.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from typing import Any


def paired_runs(
    runs: int, action: Callable[[], Any], baseline: Callable[[], Any]
) -> tuple[list[float], list[float]]:
    """The CPU times of ``runs`` runs of ``action`` and of ``baseline``, alternating, each run
    after a full garbage collection; both run once untimed first."""
    action()
    baseline()
    timings: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for timing, run in zip(timings, (action, baseline), strict=True):
            gc.collect()
            start = time.process_time()
            run()
            timing.append(time.process_time() - start)
    return timings


def print_timings(
    exporter: list[float],
    baseline: list[float],
    *,
    baseline_label: str,
    notes: tuple[str, str],
    goal: float,
) -> None:
    """The median of each with its fastest and slowest run, and the ratio of the medians."""
    for label, timings, note in zip(
        ("exporter", baseline_label), (exporter, baseline), notes, strict=True
    ):
        print(
            f"  {label:15}{statistics.median(timings) * 1000:8.1f} ms  "
            f"({min(timings) * 1000:.0f}–{max(timings) * 1000:.0f} ms; {note})"
        )
    ratio = statistics.median(exporter) / statistics.median(baseline)
    by_run = [run / base for run, base in zip(exporter, baseline, strict=True)]
    verdict = "within" if ratio <= goal else "ABOVE"
    print(
        f"  {'ratio':15}{ratio:8.2f} x   ({min(by_run):.2f}–{max(by_run):.2f} run by run; "
        f"{verdict} the goal of {goal}x)"
    )
