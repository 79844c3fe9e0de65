"""The room of ``benchmarks.room_load``: phones, a projector and directors, on aiohttp.

Each kind of visitor is a coroutine that asks the server what a real one would, as often, and
writes every request (its kind, latency, status, error) into a ``Record``. Loopback only: the
base address is the benchmark's own server.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field

import aiohttp

from benchmarks.scorecard_save import scorecard

SLUG = "benchmark"
PASSWORD = "Benchmark-2026"


@dataclass
class Record:
    """Every request made: its kind, its latency in seconds and what went wrong."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    # (when it started, its latency) of every request: the steady state is the part after the
    # phones have arrived.
    timeline: list[tuple[float, float]] = field(default_factory=list)
    started: float = 0.0
    statuses: dict[str, dict[int, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int))
    )
    errors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    async def get(self, client, kind: str, url: str, ok=(200,), **kwargs):
        return await self.request(client, kind, "GET", url, ok, **kwargs)

    async def request(self, client, kind: str, method: str, url: str, ok, **kwargs):
        start = time.perf_counter()
        try:
            async with client.request(method, url, allow_redirects=False, **kwargs) as response:
                answer = Answer(response.status, response.headers, await response.text())
        except (aiohttp.ClientError, TimeoutError) as error:
            self.latencies[kind].append(time.perf_counter() - start)
            self.timeline.append((start, time.perf_counter() - start))
            self.errors[kind].append(f"{type(error).__name__} {url}")
            return None
        self.latencies[kind].append(time.perf_counter() - start)
        self.timeline.append((start, time.perf_counter() - start))
        self.statuses[kind][answer.status] += 1
        if answer.status not in ok:
            self.errors[kind].append(f"{answer.status} {method} {url}")
            return None
        return answer


@dataclass(frozen=True)
class Answer:
    status: int
    headers: object
    text: str


def session(base: str, connections: int) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(
        base_url=base,
        connector=aiohttp.TCPConnector(limit=connections),
        timeout=aiohttp.ClientTimeout(total=30),
        # Cookies from 127.0.0.1 (an address, not a name) too: the directors' sessions.
        cookie_jar=aiohttp.CookieJar(unsafe=True),
    )


STATIC = re.compile(r'(?:href|src)="(/static/[^"]+)"')


async def phone(
    record: Record, client, page: str, *, arrive: float, period: float, until: float
) -> None:
    await asyncio.sleep(random.uniform(0, arrive))
    response = await record.get(client, "phone: whole page", page)
    if response is None:
        return
    for asset in set(STATIC.findall(response.text)):
        await record.get(client, "phone: static file", asset)
    etag = None
    live = page + ("&" if "?" in page else "?") + "live=1"
    while True:
        await asyncio.sleep(period)
        if time.monotonic() >= until:
            return
        headers = {"If-None-Match": etag} if etag else {}
        response = await record.get(client, "phone: live part", live, (200, 304), headers=headers)
        if response is not None and response.status == 200:
            etag = response.headers.get("ETag")


async def projector(record: Record, client, *, until: float) -> None:
    etag = None
    url = f"/t/{SLUG}/classifica/?live=1"
    while time.monotonic() < until:
        headers = {"If-None-Match": etag} if etag else {}
        response = await record.get(client, "projector", url, (200, 304), headers=headers)
        if response is not None and response.status == 200:
            etag = response.headers.get("ETag")
        await asyncio.sleep(5)


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


async def director(
    record: Record, base: str, name: str, turno: int, tables: list[int], *, every: float, until
) -> int:
    """Log in, then save a scorecard every ``every`` seconds; return how many were saved."""
    saved = 0
    async with session(base, 2) as client:
        page = await record.get(client, "director: login", "/accesso/")
        if page is None:
            return 0
        login = {"username": name, "password": PASSWORD, "csrfmiddlewaretoken": _csrf(page)}
        if await record.request(client, "director: login", "POST", "/accesso/", (302,), data=login):
            for round_number in range(10**6):
                for table in tables:
                    if time.monotonic() >= until:
                        return saved
                    started = time.monotonic()
                    url = f"/t/{SLUG}/gestione/turni/{turno}/tavoli/{table}/"
                    form = await record.get(client, "director: scorecard page", url)
                    if form is not None:
                        data = _card(round_number)
                        data.update(
                            csrfmiddlewaretoken=_csrf(form),
                            version=VERSION.search(form.text).group(1),
                            reason="Benchmark",
                        )
                        posted = await record.request(
                            client, "director: save", "POST", url, (302,), data=data
                        )
                        saved += posted is not None
                    pause = every - (time.monotonic() - started)
                    await asyncio.sleep(max(0.0, min(pause, until - time.monotonic())))
    return saved


def _csrf(response) -> str:
    return CSRF.search(response.text).group(1)


def _card(round_number: int) -> dict[str, str]:
    """The benchmark's scorecard; every other round with the lines swapped, so that saving a
    table again is a real correction."""
    data = scorecard(0)
    if round_number % 2:
        swapped = {}
        for key, value in data.items():
            key = key.replace("_ns_", "_xx_").replace("_eo_", "_ns_").replace("_xx_", "_eo_")
            swapped[key] = value
        data = swapped
    return data


def phone_pages(count: int, *, pairs: int, turni: int) -> list[str]:
    """Which page each phone follows: a third the standings, the rest their turno, their
    seating list and their pair's page."""
    rng = random.Random(13)
    pages = []
    for i in range(count):
        kind = i % 6
        if kind in (0, 1):
            pages.append(f"/t/{SLUG}/classifica/")
        elif kind == 2:
            pages.append(f"/t/{SLUG}/turno/{turni + 1}/")
        elif kind == 3:
            pages.append(f"/t/{SLUG}/turno/{turni + 1}/posti/")
        else:
            pages.append(f"/t/{SLUG}/coppia/{rng.randint(1, pairs)}/")
    return pages


async def room(args, base: str, tables: list[int]) -> tuple[Record, float, int]:
    record = Record()
    record.started = time.perf_counter()
    until = time.monotonic() + args.duration
    async with session(base, args.connections) as phones:
        pages = phone_pages(args.phones, pairs=args.pairs, turni=args.turni)
        started = time.monotonic()
        tasks = [
            phone(record, phones, p, arrive=args.arrive, period=args.period, until=until)
            for p in pages
        ]
        tasks.append(projector(record, phones, until=until))
        turno = args.turni + 1
        tasks += [
            director(record, base, name, turno, part, every=args.save_every, until=until)
            for name, part in (("arbitro1", tables[0::2]), ("arbitro2", tables[1::2]))
        ]
        results = await asyncio.gather(*tasks)
        elapsed = time.monotonic() - started
    return record, elapsed, sum(r for r in results if isinstance(r, int))
