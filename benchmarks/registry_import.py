"""Time a club's member list of 5,000 rows imported into the registry: read, previewed, saved.

The registry lives in a temporary SQLite database, migrated from scratch and deleted at the
end, so the benchmark never touches the project's own database. It starts with ``--people``
people (seeded names, cards, clubs); the list repeats half of them (by card, some with a
changed birth year or club; by name those without a card) and brings as many new ones, some
with new clubs, as a federation list does. The file is made both ways, .xlsx and .csv.

Printed, for each kind of file (wall-clock seconds, one run each on a fresh copy of the
registry): reading the file into rows, the preview (the plan of every row against the
registry, as the page shows it) and the save (``members_import``: the plan again inside one
transaction, the clubs, the bulk inserts and updates), and their total against the goal of
10 s for 5,000 rows.

Usage, from the repository root::

    python -m benchmarks.registry_import [--rows 5000] [--people 5000] [--seed 2024]
"""

from __future__ import annotations

import argparse
import io
import random
import shutil
import tempfile
import time
from pathlib import Path

from benchmarks import setup
from benchmarks.registry_search import NAMES, SURNAMES, build_registry

GOAL_S = 10.0


def member_list(*, rows: int, seed: int) -> list[list]:
    """The rows of the file, header first: half people already there (by card), half new."""
    from burraco_tourney.people.member_file import export_rows
    from burraco_tourney.people.models import Person

    rng = random.Random(seed)
    known = list(Person.objects.select_related("club").order_by("pk")[: rows // 2])
    table = export_rows(known)
    for row in table[1:]:
        if not row[0]:
            continue  # found by name: a namesake's row changed would need its card
        if rng.random() < 0.3:
            row[4] = rng.randint(1935, 2005)  # the birth year corrected
        if rng.random() < 0.1:
            row[8] = f"Circolo nuovo {rng.randint(1, 20)}"
    for n in range(rows - len(known)):
        table.append(
            [
                str(900000 + n), rng.choice(SURNAMES), rng.choice(NAMES), rng.choice("FM"),
                rng.randint(1935, 2005), rng.choice(["", "NC", "3a"]),
                rng.choice(["Ordinaria", "Ridotta", "Juniores"]), 2026,
                f"Circolo {rng.randint(0, 79)}",
            ]
        )  # fmt: skip
    return table


def as_csv(table: list[list]) -> bytes:
    import csv

    out = io.StringIO()
    csv.writer(out, delimiter=";").writerows(table)
    return out.getvalue().encode("utf-8")


def as_xlsx(table: list[list]) -> bytes:
    from openpyxl import Workbook

    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Soci")
    for row in table:
        sheet.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=5000)
    parser.add_argument("--people", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="burraco-bench-") as folder:
        database = Path(folder) / "benchmark.sqlite3"
        setup.setup_django(database)
        from django.contrib.auth import get_user_model
        from django.db import connection

        from burraco_tourney.people.member_file import read_member_file
        from burraco_tourney.people.models import Person
        from burraco_tourney.people.selectors.member_list import member_plan
        from burraco_tourney.people.services.member_list import members_import

        build_registry(people=args.people, seed=args.seed)
        user = get_user_model().objects.create_user("benchmark", password="x")
        table = member_list(rows=args.rows, seed=args.seed)
        files = {"soci.xlsx": as_xlsx(table), "soci.csv": as_csv(table)}
        connection.close()
        pristine = Path(folder) / "pristine.sqlite3"
        shutil.copy(database, pristine)

        print(
            f"member list of {args.rows} rows into a registry of {args.people} people "
            f"({args.rows // 2} already there, some changed; the rest new):"
        )
        for name, data in files.items():
            connection.close()
            shutil.copy(pristine, database)
            start = time.perf_counter()
            rows = read_member_file(name, data)
            read = time.perf_counter()
            plan = member_plan(rows)
            planned = time.perf_counter()
            assert not plan.errors, plan.errors[:3]
            result = members_import(user=user, rows=rows, source=name, previewed=plan.digest())
            saved = time.perf_counter()
            total = saved - start
            verdict = "within" if total < GOAL_S else "ABOVE"
            print(
                f"  {name:10} read {read - start:5.2f} s  preview {planned - read:5.2f} s  "
                f"save {saved - planned:5.2f} s  total {total:5.2f} s  "
                f"({result.added} new, {result.updated} updated, {result.clubs} new clubs; "
                f"{Person.objects.count()} people now)  {verdict} the goal of {GOAL_S:.0f} s"
            )
            assert not plan.errors, plan.errors[:3]
        connection.close()


if __name__ == "__main__":
    main()
