"""A full room while it plays, against the real server: a thousand phones following the pages,
the tables' phones entering and confirming their scorecards, a projector and the director.

The server is started as ``./bin/run`` starts it (gunicorn with ``burraco_tourney.gunicorn_conf``,
``burraco_tourney/server_process.py``) on a free loopback port, on a fresh database: a temporary
SQLite file (``--postgres``: a throw-away PostgreSQL cluster made as ``bin/postgres.sh`` makes the
test suite's; or the database ``DATABASE_URL`` names, whose tables must be empty). It holds a
generated tournament: ``--pairs`` pairs (200: 100 tables), ``--turni`` Mitchell turni with every
result (3) and one more published turno whose tables wait for their scorecards, entered by the
players (each table's secret link; accepted when both lines agree).

``--servers 2``: two such servers (any number) on the same database and a throw-away Redis
(REDIS_URL), behind HAProxy (``benchmarks/room_servers.py``): a federation server in small.

The room, simulated with aiohttp on asyncio, for ``--duration`` seconds (60):

- ``--phones`` phones (1,000), each following one page (standings, its turno, its seating list,
  its pair's page): the whole page once with its stylesheets and scripts, at a random moment of
  the first ``--arrive`` seconds (20), then the page's live part every ``--period`` seconds (10)
  as htmx asks for it, with ``If-None-Match`` (answered ``304`` while nothing changed);
- the room's projector page (the standings, the seating, the clock), asking for its panels
  every 10 seconds as its page does (``304`` while nothing was written);
- the tables (``benchmarks/room_tables.py``): at each table NS's phone opens the table's page,
  chooses its line and saves the scorecard, then follows the table's state; EO's phone opens it
  and confirms, and the table is accepted; one save every ``--save-every`` seconds in all (2);
  every save changes the turno's page, the standings and the pairs' provisional ranks;
- the director, logged in, with the room board open (its tiles asked for every 3 seconds, as
  the board's page does).

Printed: requests per second, latency (p50, p95, p99; p95 again once the phones have arrived)
and errors, for each kind of request and in all, and the slowest requests with their moment; then
the standings page timed alone, one request at a time, from the cache (the page is unchanged) and
built every time (a second server with the public cache off), side by side. Goals on a 2-core
machine with this load generator on it: no error, p95 under 200 ms for every kind of request, the
cached page at least 10 times faster. The load average and the CPU of other programs are printed.

Usage, from the repository root::

    python -m benchmarks.room_load [--duration 60] [--phones 1000] [--pairs 200] [--turni 3]
        [--arrive 20] [--period 10] [--save-every 2] [--postgres] [--servers 1]
        [--public-cache locmem+file|locmem|file|db]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from benchmarks import room_servers, setup
from benchmarks.room_clients import PASSWORD, SLUG, Record, room
from burraco_tourney import gunicorn_conf, server_process

ROOT = Path(__file__).resolve().parent.parent
GOAL_P95_MS = 200.0
# Kinds of request the goal is not about, and why (the goal: live parts, whole pages,
# static files, saves). Their figures are printed all the same.
OUTSIDE_GOAL = {"director: login": "the password's hash is slow on purpose"}
GOAL_RATIO = 10.0
# How many of the slowest requests are listed, each with the moment it started.
SLOWEST = 8


# --- The database ------------------------------------------------------------------------------


def start_postgres() -> tuple[subprocess.Popen, str]:
    """A throw-away cluster from bin/postgres.sh; it is stopped when the pipe is closed."""
    shell = subprocess.Popen(
        [
            "bash",
            "-c",
            'source bin/postgres.sh && postgres_start && echo "$POSTGRES_URL" '
            "&& cat >/dev/null; postgres_stop",
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    url = shell.stdout.readline().strip()
    if not url:
        raise SystemExit("PostgreSQL did not start (see bin/postgres.sh)")
    import psycopg

    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute("CREATE DATABASE burraco")
    return shell, url


def prepare(args, env: dict[str, str]) -> list[str]:
    """Migrate, build the tournament and its director; return the links of the open turno's
    tables (their tokens), in the tables' order."""
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "burraco_tourney.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connections

    from burraco_tourney.tournaments.models import Table, Tournament, Turno
    from burraco_tourney.tournaments.services.matches import tables_create
    from burraco_tourney.tournaments.services.table_links import turno_links_ensure

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    tournament = setup.build_tournament(
        slug=SLUG,
        name="Campionato nazionale a coppie",
        players=lambda n: {
            "player1": f"{random.Random(n).choice(SURNAMES)} {random.Random(-n).choice(NAMES)}",
            "player2": f"Giocatore {n}B",
        },
        pairs=args.pairs,
        turni=args.turni,
        results=True,
        seed=2024,
    )
    open_turno = Turno.objects.create(
        tournament=tournament, number=args.turni + 1, movement="manual", published=True
    )
    pairs = list(tournament.entrants.order_by("number"))
    tables = tables_create(
        Table(turno=open_turno, number=i + 1, ns=pairs[2 * i], eo=pairs[2 * i + 1])
        for i in range(args.pairs // 2)
    )
    user = get_user_model().objects.create_user("arbitro1", password=PASSWORD)
    tournament.directors.add(user)
    Tournament.objects.filter(pk=tournament.pk).update(players_enter=True, players_auto_accept=True)
    links = turno_links_ensure(turno=open_turno)
    connections.close_all()
    return [links[t.pk].token for t in tables]


SURNAMES = ("Rossi", "Bianchi", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco")
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Luca")


# --- Figures -----------------------------------------------------------------------------------


def percentiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        value = values[0] * 1000 if values else 0.0
        return value, value, value
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[94] * 1000, cuts[98] * 1000


def report(record: Record, elapsed: float, saved: int, *, steady_after: float) -> bool:
    print(
        f"\n{'requests':28}{'count':>7}{'per s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
        f"{'errors':>8}{'goal':>9}{'p95 after':>11}  statuses"
    )
    # Each kind's p95 once the phones have arrived: slow all along, or while the room arrives?
    after: dict[str, list[float]] = {}
    for kind, start, latency in record.timeline:
        if start - record.started >= steady_after:
            after.setdefault(kind, []).append(latency)
    every: list[float] = []
    errors = 0
    for kind in sorted(record.latencies):
        values = record.latencies[kind]
        every += values
        errors += len(record.errors[kind])
        p50, p95, p99 = percentiles(values)
        statuses = ", ".join(f"{s}: {n}" for s, n in sorted(record.statuses[kind].items()))
        goal = "met" if p95 < GOAL_P95_MS and not record.errors[kind] else "NOT met"
        if kind in OUTSIDE_GOAL and not record.errors[kind]:
            goal = "-"
        steady_p95 = f"{percentiles(after[kind])[1]:11.1f}" if kind in after else f"{'-':>11}"
        print(
            f"{kind:28}{len(values):7}{len(values) / elapsed:8.1f}{p50:9.1f}{p95:9.1f}"
            f"{p99:9.1f}{len(record.errors[kind]):8}{goal:>9}{steady_p95}  {statuses}"
        )
    p50, p95, p99 = percentiles(every)
    print(
        f"{'all':28}{len(every):7}{len(every) / elapsed:8.1f}{p50:9.1f}{p95:9.1f}{p99:9.1f}"
        f"{errors:8}"
    )
    steady = [lat for values in after.values() for lat in values]
    if steady:
        span = elapsed - steady_after
        p50, p95, p99 = percentiles(steady)
        print(
            f"{f'all after {steady_after:g} s':28}{len(steady):7}{len(steady) / span:8.1f}"
            f"{p50:9.1f}{p95:9.1f}{p99:9.1f}   (the phones have arrived: steady polling)"
        )
    print(f"\nThe {SLOWEST} slowest requests, and when they started:")
    for kind, start, latency in sorted(record.timeline, key=lambda r: -r[2])[:SLOWEST]:
        print(f"  {latency * 1000:7.1f} ms  {kind} at {start - record.started:.1f} s")
    print(f"\n{saved} scorecards saved or confirmed from the tables in {elapsed:.0f} s.")
    for kind, messages in record.errors.items():
        for message in messages[:5]:
            print(f"  error ({kind}): {message}")
    slow = sorted(
        k
        for k, v in record.latencies.items()
        if percentiles(v)[1] >= GOAL_P95_MS and k not in OUTSIDE_GOAL
    )
    met = errors == 0 and not slow
    for kind, why in OUTSIDE_GOAL.items():
        print(f"Not in the goal: {kind} ({why}).")
    print(
        f"Goal: no error and p95 under {GOAL_P95_MS:.0f} ms for every kind of request: "
        f"{'met' if met else 'NOT met'}{' (slow: ' + ', '.join(slow) + ')' if slow else ''}."
    )
    return met


def time_alone(url: str, runs: int) -> list[float]:
    """``runs`` requests one at a time (after one untimed), on a connection kept open."""

    async def run() -> list[float]:
        timings = []
        async with aiohttp.ClientSession(raise_for_status=True) as client:
            for i in range(runs + 1):
                start = time.perf_counter()
                async with client.get(url) as response:
                    await response.read()
                if i:
                    timings.append(time.perf_counter() - start)
        return timings

    return asyncio.run(run())


def compare_cached(base: str, uncached_base: str, runs: int) -> None:
    page = f"/t/{SLUG}/classifica/"
    cached = time_alone(base + page, runs)
    built = time_alone(uncached_base + page, runs)
    cached_ms, built_ms = statistics.median(cached) * 1000, statistics.median(built) * 1000
    print(f"\nThe standings page alone, one request at a time (median of {runs}):")
    print(f"  {'from the cache':28}{cached_ms:8.1f} ms")
    print(f"  {'built every time':28}{built_ms:8.1f} ms")
    ratio = built_ms / cached_ms
    print(
        f"  the cache is {ratio:.1f}x faster (goal: {GOAL_RATIO:.0f}x): "
        f"{'met' if ratio >= GOAL_RATIO else 'NOT met'}"
    )


def machine_busy_seconds() -> float:
    """The CPU time every program of the machine has used so far (all cores), from /proc/stat
    (Linux); 0 elsewhere."""
    try:
        fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle, waiting for the disk
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """The CPU time used so far by the process ``pid`` and its children (gunicorn's workers),
    read from /proc (Linux); 0 elsewhere."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat.parent.name) == pid or int(fields[1]) == pid:
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


# --- Main --------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=60, help="seconds of load (60)")
    parser.add_argument("--phones", type=int, default=1000)
    parser.add_argument("--period", type=float, default=10, help="seconds between polls (10)")
    parser.add_argument("--arrive", type=float, default=20, help="phones arrive within (20 s)")
    parser.add_argument("--save-every", type=float, default=2, help="the tables' pace (2 s)")
    parser.add_argument("--servers", type=int, default=1, help="servers behind HAProxy (1)")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--turni", type=int, default=3, help="turni already played (3)")
    parser.add_argument("--connections", type=int, default=200, help="phones' connections")
    parser.add_argument("--runs", type=int, default=30, help="requests timed alone (30)")
    parser.add_argument("--postgres", action="store_true", help="a throw-away PostgreSQL")
    parser.add_argument(
        "--public-cache",
        choices=("locmem+file", "locmem", "file", "db"),
        default="locmem+file",
        help="where the server keeps the public pages (settings.py: PUBLIC_CACHE)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.phones <= 5000 or not 1 <= args.duration <= 3600:
        parser.error("--phones must be 1 to 5000 and --duration 1 to 3600 seconds")

    # Stopped (Ctrl+C, or a TERM signal): the servers and the database are stopped too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    postgres = None
    with tempfile.TemporaryDirectory(prefix="burraco-room-") as folder:
        env = {
            "SECRET_KEY": "benchmark-only-not-secret",
            "PUBLIC_CACHE": args.public_cache,
            "BACKUP_DIR": str(Path(folder) / "backups"),
        }
        if args.postgres:
            postgres, url = start_postgres()
            env["DATABASE_URL"] = url
        elif os.environ.get("DATABASE_URL"):
            env["DATABASE_URL"] = os.environ["DATABASE_URL"]
        else:
            env["SQLITE_PATH"] = str(Path(folder) / "room.sqlite3")
        servers = []
        others = []  # the Redis and the proxy of --servers
        try:
            print("Preparing the database ...", flush=True)
            tables = prepare(args, env)
            setup.collect_static()
            workers = gunicorn_conf.workers  # WEB_CONCURRENCY, or bin/run's own count
            if args.servers > 1:
                redis, env["REDIS_URL"] = room_servers.start_redis(folder)
                others.append(redis)
                workers = max(2, int(workers) // args.servers)
            ports = [server_process.free_port() for _ in range(args.servers)]
            for port in ports:
                servers.append(
                    server_process.start(port, env={**env, "WEB_CONCURRENCY": str(workers)})
                )
            base = f"http://127.0.0.1:{ports[0]}"
            if args.servers > 1:
                proxy, proxy_port = room_servers.start_proxy(ports)
                others.append(proxy)
                base = f"http://127.0.0.1:{proxy_port}"
            database = "PostgreSQL" if "DATABASE_URL" in env else "SQLite"
            where = f"gunicorn on {base}: {workers} processes"
            if args.servers > 1:
                where = (
                    f"HAProxy on {base} in front of {args.servers} gunicorn servers of {workers} "
                    f"processes, the public pages shared through Redis"
                )
            print(
                f"{where}; {database}; public cache {args.public_cache}; "
                f"{args.pairs} pairs, {args.turni} turni played.\n"
                f"{args.phones} phones arriving within {args.arrive:g} s, polling every "
                f"{args.period:g} s; a projector; the director's room board; the tables' phones "
                f"saving every {args.save_every:g} s in all; for {args.duration:g} s ...",
                flush=True,
            )
            load = os.getloadavg()[0]
            busy = machine_busy_seconds()
            server_cpu = sum(cpu_seconds(s.pid) for s in servers)
            own_cpu = time.process_time()
            record, elapsed, saved = asyncio.run(room(args, base, tables))
            server_cpu = sum(cpu_seconds(s.pid) for s in servers) - server_cpu
            own_cpu = time.process_time() - own_cpu
            others_cpu = max(0.0, machine_busy_seconds() - busy - server_cpu - own_cpu)
            report(record, elapsed, saved, steady_after=args.arrive + args.period)
            requests = sum(len(v) for v in record.latencies.values())
            print(
                f"CPU: the servers {server_cpu:.1f} s ({server_cpu / requests * 1000:.2f} ms a "
                f"request), this load generator {own_cpu:.1f} s, in {elapsed:.0f} s on "
                f"{os.cpu_count()} cores; the machine's load average {load:.1f} at the start, "
                f"{os.getloadavg()[0]:.1f} at the end; other programs used {others_cpu:.1f} s "
                f"of CPU meanwhile ({others_cpu / elapsed:.1f} of the cores; they slow it all)."
            )
            uncached_port = server_process.free_port()
            uncached = {**env, "PUBLIC_CACHE": "off", "WEB_CONCURRENCY": "1", "REDIS_URL": ""}
            servers.append(server_process.start(uncached_port, env=uncached))
            compare_cached(base, f"http://127.0.0.1:{uncached_port}", args.runs)
        finally:
            for server in servers:
                server_process.stop(server)
            for other in others:
                server_process.stop(other)
            if postgres is not None:
                from django.db import connections

                connections.close_all()
                postgres.stdin.close()
                postgres.wait(60)


if __name__ == "__main__":
    main()
