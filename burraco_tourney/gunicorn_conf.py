"""How ``./bin/run`` serves the site: gunicorn, several processes with a few threads each.

One Python process serves one request at a time on each core at best (the GIL); a room of a
thousand phones needs every core. gunicorn's ``gthread`` workers are processes that each answer
on a few threads (a thread waiting for the database or the network lets another work) and keep
the phones' connections open between their requests. Cores + 1 processes of 8 threads keep every
core busy while some wait: each process keeps its own copy of the values every pair's page reads
(live_cache), read again after each change, so more processes cost more (the room benchmark on
2 cores, one run each on a busy machine: 3.8 ms of CPU a request with 3 processes, 4.2 ms with
gunicorn's usual 2 x cores + 1).
``WEB_CONCURRENCY`` and ``WEB_THREADS`` change the counts. The backups, the certificate and
the addresses are ``bin/run``'s business; this file is read by
``gunicorn --config python:burraco_tourney.gunicorn_conf`` (``bin/run`` and
``benchmarks/room_load.py``, so the benchmark measures the real server).

SQLite with several processes: WAL mode lets them read while one writes, and each waits for the
write lock up to the busy timeout set in settings.py.
"""

import os

workers = int(os.environ.get("WEB_CONCURRENCY") or (os.cpu_count() or 1) + 1)
worker_class = "gthread"
threads = int(os.environ.get("WEB_THREADS") or 8)
# A phone polls every 10 s: its connection stays open in between rather than being made again
# (and, over HTTPS, its TLS handshake done again) each time.
keepalive = 15
# A request slower than this is a bug (a PDF of a whole tournament takes a few seconds).
timeout = 120
graceful_timeout = 10
# The log of each request would be 100 lines a second with a full room: errors only. Turned on,
# it shows a table's link as /tavolo/…/ (core/log_filters.py): the token is that table's key.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "warning").lower()
# The application is imported in each worker (not once before forking): every process opens its
# own database connections.
preload_app = False


def on_starting(server):
    """Empty the folder of the public pages that the processes share (settings.py): a restored
    backup may give a tournament a change counter it had before, with other pages."""
    import shutil

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "burraco_tourney.settings")
    from django.conf import settings

    shutil.rmtree(settings.PUBLIC_CACHE_FOLDER, ignore_errors=True)


def post_worker_init(worker):
    """The pages of the turni being played read (tournaments/room_warm_up.py), and templates,
    views and translations loaded (core/warm_up.py) before the first request: not by the first
    phones of a room, all arriving at once. The core's last: what it readies last stays ready
    (Python keeps the last patterns compiled)."""
    from burraco_tourney.core.warm_up import warm_up
    from burraco_tourney.tournaments.room_warm_up import rooms_ready

    rooms_ready(worker.wsgi)
    warm_up()
