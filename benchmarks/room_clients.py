"""The room of ``benchmarks.room_load``: phones, a projector, on aiohttp (the tables and the
director: ``room_tables``).

Each kind of visitor is a coroutine that asks the server what a real one would, as often, and
writes every request (its kind, latency, status, error) into a ``Record``. Loopback only: the
base address is the benchmark's own server.
"""

from __future__ import annotations

import asyncio
import html
import random
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field

import aiohttp

SLUG = "benchmark"
PASSWORD = "Benchmark-2026"


@dataclass
class Record:
    """Every request made: its kind, its latency in seconds and what went wrong."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    # (its kind, when it started, its latency) of every request: the steady state is the part
    # after the phones have arrived.
    timeline: list[tuple[str, float, float]] = field(default_factory=list)
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
            self.timeline.append((kind, start, time.perf_counter() - start))
            self.errors[kind].append(f"{type(error).__name__} {url}")
            return None
        self.latencies[kind].append(time.perf_counter() - start)
        self.timeline.append((kind, start, time.perf_counter() - start))
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
    """The room's projector page (``/proiettore/``: the standings, the seating, the clock), then
    its panels every ``PROJECTOR_SECONDS``, as its htmx asks for them (the browser's cache
    sends the ETag: ``304`` while nothing was written)."""
    page = await record.get(client, "projector", f"/t/{SLUG}/proiettore/")
    found = PANELS_ETAG.search(page.text) if page is not None else None
    etag = html.unescape(found.group(1)) if found else None
    while True:
        await asyncio.sleep(PROJECTOR_SECONDS)
        if time.monotonic() >= until:
            return
        headers = {"If-None-Match": etag} if etag else {}
        url = f"/t/{SLUG}/proiettore/pannelli/"
        response = await record.get(client, "projector", url, (200, 304), headers=headers)
        if response is not None and response.status == 200:
            etag = response.headers.get("ETag")


# The projector page's panels and the ETag they were drawn at (templates/tournaments/
# projector.html); how often it asks for them again (views/projector.py, POLL_SECONDS).
PANELS_ETAG = re.compile(r'id="panels"[^>]* data-etag="([^"]*)"')
PROJECTOR_SECONDS = 10


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


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


async def room(args, base: str, tokens: list[str]) -> tuple[Record, float, int]:
    from benchmarks import room_tables  # it uses this module's pieces

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
        tasks.append(room_tables.director(record, base, "arbitro1", PASSWORD, turno, until=until))
        tasks.append(room_tables.tables(record, base, tokens, every=args.save_every, until=until))
        results = await asyncio.gather(*tasks)
        elapsed = time.monotonic() - started
    return record, elapsed, sum(r for r in results if isinstance(r, int))
