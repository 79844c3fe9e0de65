"""The server's side of each kind of request of the room benchmark (``room_load``), one at a time
in this process: CPU time and SQL queries, so that a change can be judged on a busy machine
(CPU time, ``time.process_time``, is not inflated by the other programs the way latency is).

The room's tournament (``room_load.prepare``: ``--pairs`` pairs, ``--turni`` turni with every
result, one more turno whose tables wait for the players' scorecards) in a temporary SQLite
file, the public cache as the server has it (settings: PUBLIC_CACHE), through Django's test
``Client``:

- each public page (the standings, the open turno, its seating list, a pair's page): the whole
  page on a cold cache, again from the cache, its live part unchanged (``304``);
- the director's room board (logged in): the page the first time in the process and again,
  its tiles unchanged; the projector's page and its panels unchanged;
- a table's save through the table-side pages (NS saves, EO confirms: the table is accepted);
- after that save, what the room asks for once the coalescing window is over: each page again,
  the board's tiles and the projector's panels, and every pair's page (``--pair-pages``, all of
  them by default), as the phones do: with the ETag of the version they have (a page the save
  left as it was answers 304).

Usage, from the repository root::

    python -m benchmarks.room_requests [--pairs 200] [--turni 3] [--saves 5] [--profile KIND]

The static files are collected first (``manage.py collectstatic``), as for the room benchmark.

``--profile KIND``: the costliest functions (cProfile, cumulative; ``SORT=tottime`` otherwise) of
that kind of request, only those whose file name holds ``PROFILE_FILTER`` when set
(``PROFILE_FILTER=burraco_tourney``: the project's own).

Every client goes through one handler, whose middleware is loaded once before the warm-up, as a
server's WSGI application loads it.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import re
import statistics
import tempfile
import time
import uuid
from collections import defaultdict
from pathlib import Path

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


class Measure:
    """CPU time and queries of each kind of request."""

    def __init__(self, profile: str = ""):
        self.times: dict[str, list[float]] = defaultdict(list)
        self.queries: dict[str, list[int]] = defaultdict(list)
        self.profile = profile
        self.profiler = cProfile.Profile()

    def __call__(self, kind: str, action):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        gc.collect()
        profiling = kind == self.profile
        with CaptureQueriesContext(connection) as queries:
            start = time.process_time()
            if profiling:
                self.profiler.enable()
            result = action()
            if profiling:
                self.profiler.disable()
            self.times[kind].append(time.process_time() - start)
        self.queries[kind].append(len(queries))
        return result

    def print(self) -> None:
        print(f"\n{'request':36}{'count':>6}{'median ms':>11}{'max ms':>9}{'queries':>9}")
        for kind, times in self.times.items():
            queries = self.queries[kind]
            print(
                f"{kind:36}{len(times):6}{statistics.median(times) * 1000:11.1f}"
                f"{max(times) * 1000:9.1f}{statistics.median(queries):9.0f}"
            )
        if self.profile:
            print(f"\nProfile of {self.profile!r}:")
            pstats.Stats(self.profiler).sort_stats(
                os.environ.get("SORT", "cumulative")
            ).print_stats(os.environ.get("PROFILE_FILTER", ""), 60)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--turni", type=int, default=3)
    parser.add_argument("--saves", type=int, default=5, help="tables saved and confirmed (5)")
    parser.add_argument("--pair-pages", type=int, default=0, help="pair pages after a save")
    parser.add_argument("--profile", default="", help="a kind of request to profile")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="burraco-room-requests-") as folder:
        os.environ["SQLITE_PATH"] = str(Path(folder) / "room.sqlite3")
        os.environ.pop("DATABASE_URL", None)
        # Every save shows at once: the figures after a save are those of a coalescing window.
        os.environ["PUBLIC_PAGES_COALESCE_SECONDS"] = "0"
        from benchmarks.room_load import prepare
        from benchmarks.setup import collect_static

        ns = argparse.Namespace(pairs=args.pairs, turni=args.turni)
        tokens = prepare(ns, {})
        collect_static()  # the pages name the static files by the manifest's names
        run(args, tokens)


def run(args, tokens: list[str]) -> None:
    from django.contrib.auth import get_user_model
    from django.core.cache import caches
    from django.test import Client as TestClient
    from django.test.client import ClientHandler

    from benchmarks.room_clients import SLUG
    from benchmarks.scorecard_save import scorecard
    from burraco_tourney.core.warm_up import warm_up

    for name in ("public", "public_shared"):
        caches[name].clear()
    measure = Measure(args.profile)
    # One server: every client below goes through the same handler, whose middleware is loaded
    # once, as the server's WSGI application loads it before its warm-up (a test client loads
    # its own at its first request: about 40 ms that no request of the server pays).
    handler = ClientHandler()

    def Client(**defaults):  # noqa: N802 (stands for Django's)
        client = TestClient(**defaults)
        client.handler = handler
        return client

    measure("server's middleware (wsgi)", handler.load_middleware)
    measure("process warm-up (gunicorn_conf)", warm_up)  # as a server's process does
    turno = args.turni + 1
    pages = {
        "standings": f"/t/{SLUG}/classifica/",
        "turno": f"/t/{SLUG}/turno/{turno}/",
        "seating": f"/t/{SLUG}/turno/{turno}/posti/",
        "pair": f"/t/{SLUG}/coppia/7/",
    }
    phone = Client(HTTP_HOST="localhost")

    def whole(url):
        response = phone.get(url)
        assert response.status_code == 200, (url, response.status_code)
        return response

    def ok(response):
        assert response.status_code == 200, response.status_code
        return response

    def tiles(etag):
        headers = {"If-None-Match": etag} if etag else {}
        response = director.get(board + "tessere/", headers=headers)
        assert response.status_code in (200, 304), response.status_code
        return response

    def panels(etag):
        headers = {"If-None-Match": etag} if etag else {}
        response = phone.get(projector + "pannelli/", headers=headers)
        assert response.status_code in (200, 304), response.status_code
        return response

    def live(url, etag):
        headers = {"If-None-Match": etag} if etag else {}
        response = phone.get(url + "?live=1", headers=headers)
        assert response.status_code in (200, 304), (url, response.status_code)
        return response

    director = Client(HTTP_HOST="localhost")
    director.force_login(get_user_model().objects.get(username="arbitro1"))
    board = f"/t/{SLUG}/gestione/turni/{turno}/sala/"
    projector = f"/t/{SLUG}/proiettore/"
    # The first in this process (after the warm-up), as a server's first board is.
    measure("director: room board, first", lambda: ok(director.get(board)))
    for _ in range(3):
        measure("director: room board", lambda: ok(director.get(board)))
    tiles_etag = director.get(board + "tessere/").get("ETag")
    for _ in range(5):
        measure("director: tiles unchanged", lambda e=tiles_etag: tiles(e))
    measure("projector: page, first", lambda: ok(phone.get(projector)))
    measure("projector: page", lambda: ok(phone.get(projector)))
    panels_etag = panels(None)["ETag"]
    for _ in range(5):
        measure("projector: panels unchanged", lambda e=panels_etag: panels(e))

    etags = {}
    for name, url in pages.items():
        measure(f"{name}: whole, cold", lambda url=url: whole(url))
        for _ in range(3):
            measure(f"{name}: whole, cached", lambda url=url: whole(url))
        etags[name] = live(url, None)["ETag"]
        for _ in range(5):
            response = measure(f"{name}: live 304", lambda u=url, n=name: live(u, etags[n]))
            assert response.status_code == 304, name
    pair_numbers = range(1, (args.pair_pages or args.pairs) + 1)
    # Each pair's page as its phones have it: after a save they ask with its ETag.
    pair_etags = {n: live(f"/t/{SLUG}/coppia/{n}/", None)["ETag"] for n in pair_numbers}
    for token in tokens[: args.saves]:
        for line in ("ns", "eo"):
            table = Client(HTTP_HOST="localhost")
            url = f"/tavolo/{token}/"
            page = measure("table: page", lambda t=table, u=url: t.get(u))
            data = {"line": line, "csrfmiddlewaretoken": CSRF.search(page.text).group(1)}
            measure("table: line", lambda t=table, u=url, d=data: t.post(u + "linea/", d))
            page = measure("table: page", lambda t=table, u=url: t.get(u))
            card = scorecard(0)
            card.update(
                csrfmiddlewaretoken=CSRF.search(page.text).group(1),
                version=VERSION.search(page.text).group(1),
                client_id=uuid.uuid4().hex,
            )
            saved = measure(f"table: save {line}", lambda t=table, u=url, c=card: t.post(u, c))
            assert saved.status_code == 302, saved.status_code
            measure("table: state", lambda t=table, u=url: t.get(u + "stato/"))
        # The room after the save: every page's live part as its phones ask for it.
        for name, url in pages.items():
            if name == "pair":
                continue
            response = measure(
                f"{name}: live after a save", lambda u=url, n=name: live(u, etags[n])
            )
            etags[name] = response.get("ETag", etags[name])
        response = measure("director: tiles after a save", lambda e=tiles_etag: tiles(e))
        tiles_etag = response.get("ETag", tiles_etag)
        response = measure("projector: panels after a save", lambda e=panels_etag: panels(e))
        panels_etag = response.get("ETag", panels_etag)
        # The first pair's page asked for after the save reads every pair's digest: counted
        # with the others below.
        done, unchanged = len(measure.times["pair: live after a save"]), 0
        response = measure("pair: live after a save", lambda: live(pages["pair"], None))
        etags["pair"] = response["ETag"]
        # Between two saves: every phone's part unchanged.
        for name, url in pages.items():
            for _ in range(3):
                kind = f"{name}: live 304 after a save"
                response = measure(kind, lambda u=url, n=name: live(u, etags[n]))
                assert response.status_code == 304, name
        for _ in range(3):
            measure("director: tiles unchanged", lambda e=tiles_etag: tiles(e))
            measure("projector: panels unchanged", lambda e=panels_etag: panels(e))
        for number in pair_numbers:
            response = measure(
                "pair: live after a save",
                lambda n=number: live(f"/t/{SLUG}/coppia/{n}/", pair_etags[n]),
            )
            pair_etags[number] = response.get("ETag", pair_etags[number])
            unchanged += response.status_code == 304
        spent = sum(measure.times["pair: live after a save"][done:])
        print(
            f"every pair's page after a save: {spent * 1000:.0f} ms "
            f"of CPU for {len(pair_numbers)} pages ({unchanged} unchanged: 304)"
        )
    measure.print()


if __name__ == "__main__":
    main()
