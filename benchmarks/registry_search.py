"""Time the registry's search as the director types, on 20,000 people.

The registry lives in a temporary SQLite database, migrated from scratch and deleted at the
end, so the benchmark never touches the project's own database. The people: Italian surnames
and names drawn from a seeded generator (accents, two-word names, namesakes), most with a card
number, a club each.

Each query of ``QUERIES`` is typed one keystroke at a time, and each keystroke is the request
the page sends (``/anagrafica/cerca/?q=…`` through Django's test ``Client``: URL routing,
middleware, login, the search selector, the template of the result rows). Printed: the time of
each keystroke on the server, the median and the 95th percentile of all keystrokes over
``--runs`` runs, per query and overall, and the plan of the selector's SQL; the budget is under
50 ms a keystroke. Timed as ``benchmarks.timing`` does (CPU time: SQLite runs inside the
process, so the database's work is counted, and the other processes of a busy machine do not
inflate it), each request after a garbage collection; the wall-clock figures are printed too.
``--without-index`` drops the index on ``Person.search_key`` first, to see what it is worth.

Usage, from the repository root::

    python -m benchmarks.registry_search [--people 20000] [--runs 5] [--seed 2024]
        [--without-index]
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

BUDGET_MS = 50.0
SURNAMES = [
    "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino",
    "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo",
    "Lombardi", "Moretti", "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi", "Caruso",
    "Ferrara", "Galli", "Martini", "Leone", "Longo", "Gentile", "Martinelli", "Vitale",
    "Lombardo", "Serra", "Coppola", "De Santis", "D'Angelo", "Marchetti", "Parisi", "Villa",
    "Conte", "Ferraro", "Ferri", "Fabbri", "Bianco", "Marini", "Grasso", "Valentini", "Messina",
    "Sala", "De Angelis", "Gatti", "Pellegrini", "Palumbo", "Sanna", "Farina", "Rizzi",
    "Monti", "Cattaneo", "Morelli", "Amato", "Silvestri", "Mazza", "Testa", "Grassi",
    "Pellegrino", "Carbone", "Giuliani", "Benedetti", "Barone", "Rossetti", "Caputo",
    "Montanari", "Guerra", "Palmieri", "Bernardi", "Martino", "Fiore", "De Rosa", "Ferretti",
    "Bellini", "Basile", "Riva", "Donati", "Piras", "Vitali", "Battaglia", "Sartori", "Neri",
    "Costantini", "Milani", "Pagano", "Ruggiero", "Sorrentino", "D'Amico", "Orlando", "Damico",
    "Negri", "Rossini", "Verdi", "Nicolò",
]  # fmt: skip
NAMES = [
    "Anna", "Maria", "Giuseppe", "Giovanni", "Antonio", "Mario", "Luigi", "Francesco", "Angelo",
    "Vincenzo", "Pietro", "Salvatore", "Carlo", "Franco", "Domenico", "Bruno", "Paolo", "Michele",
    "Giorgio", "Aldo", "Sergio", "Luciano", "Giuliana", "Rosa", "Angela", "Giovanna", "Teresa",
    "Lucia", "Carmela", "Caterina", "Francesca", "Annamaria", "Antonietta", "Carla", "Elena",
    "Concetta", "Rita", "Margherita", "Franca", "Paola", "Nicolò", "Niccolò", "Annalisa",
    "Maria Grazia", "Anna Maria", "Gian Luca", "Piera", "Licia", "Loredana", "Ornella",
]  # fmt: skip
QUERIES = ["rossi anna", "ros an", "anna ross", "bianchi nicolo", "de luca maria", "12045"]


def build_registry(*, people: int, seed: int) -> None:
    from burraco_tourney.people.models import Club, Person
    from burraco_tourney.people.names import words_key

    rng = random.Random(seed)
    clubs = Club.objects.bulk_create(Club(name=f"Circolo {n}", code=f"C{n:03d}") for n in range(80))
    rows = []
    for n in range(people):
        surname, name = rng.choice(SURNAMES), rng.choice(NAMES)
        rows.append(
            Person(
                surname=surname,
                name=name,
                card=str(10000 + n) if rng.random() < 0.85 else "",
                sex=rng.choice("FM"),
                birth_year=rng.randint(1935, 2005),
                club=rng.choice(clubs),
                search_key=words_key(surname, name),
            )
        )
    Person.objects.bulk_create(rows, batch_size=1000)


def keystrokes(query: str) -> list[str]:
    return [query[:i] for i in range(1, len(query) + 1) if query[i - 1] != " "]


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--without-index", action="store_true")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="burraco-bench-") as folder:
        setup.setup_django(Path(folder) / "benchmark.sqlite3")
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client, override_settings
        from django.urls import reverse

        from burraco_tourney.people.models import Person
        from burraco_tourney.people.selectors.search import people_search

        start = time.perf_counter()
        build_registry(people=args.people, seed=args.seed)
        built = time.perf_counter() - start
        if args.without_index:
            index = [
                name
                for name, info in connection.introspection.get_constraints(
                    connection.cursor(), Person._meta.db_table
                ).items()
                if info["index"] and info["columns"] == ["search_key"]
            ]
            with connection.cursor() as cursor:
                for name in index:
                    cursor.execute(f'DROP INDEX "{name}"')
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")

        client = Client(HTTP_HOST="localhost")
        client.force_login(get_user_model().objects.create_user("benchmark", password="x"))
        url = reverse("people:search")
        plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
        timings: dict[str, list[float]] = {query: [] for query in QUERIES}
        walls: list[float] = []
        with override_settings(STORAGES={"default": plain, "staticfiles": plain}):
            client.get(url, {"q": "warm up"})
            for _ in range(args.runs):
                for query in QUERIES:
                    for typed in keystrokes(query):
                        gc.collect()
                        begin, wall = time.process_time(), time.perf_counter()
                        response = client.get(url, {"q": typed})
                        timings[query].append(time.process_time() - begin)
                        walls.append(time.perf_counter() - wall)
                        assert response.status_code == 200, response.status_code

        index_note = "without the search_key index" if args.without_index else "with its index"
        print(
            f"registry search, {args.people} people ({index_note}; built in {built:.1f} s), "
            f"{args.runs} runs, each keystroke one request:"
        )
        for query in QUERIES:
            ms = [t * 1000 for t in timings[query]]
            found = people_search(query=query)
            top = found[0].full_name if found else "nobody"
            print(
                f"  {query!r:18} {len(keystrokes(query)):2} keystrokes  median "
                f"{statistics.median(ms):6.1f} ms  p95 {p95(ms):6.1f} ms  (first: {top})"
            )
        every = [t * 1000 for times in timings.values() for t in times]
        verdict = "within" if p95(every) < BUDGET_MS else "ABOVE"
        print(
            f"  every keystroke ({len(every)})      median {statistics.median(every):6.1f} ms  "
            f"p95 {p95(every):6.1f} ms  -> {verdict} the budget of {BUDGET_MS:.0f} ms"
        )
        wall = [t * 1000 for t in walls]
        print(
            f"  wall clock, every keystroke  median {statistics.median(wall):6.1f} ms  "
            f"p95 {p95(wall):6.1f} ms  (inflated by whatever else the machine runs)"
        )
        sql, params = Person.objects.filter(search_key__startswith="ros").query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
            plan = "; ".join(str(row[-1]) for row in cursor.fetchall())
        print(f"  plan of a word's start: {plan}")
        connection.close()


if __name__ == "__main__":
    main()
