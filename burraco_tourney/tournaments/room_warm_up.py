"""The public pages of the turni being played, read by a server process before its first request
(``gunicorn_conf.post_worker_init``, after ``core.warm_up``).

A process keeps what the pages of a tournament read (the standings' rows, every pair's tables,
the ranks after each turno, the digest of each pair's page: ``live_cache``) and the pages it
built. A fresh process has none of them, and the phones of a room, each asking every few
seconds, all come to it at once: a server started or restarted while a turno is played built
the same values in each of its processes for the first phones, which waited a second or more
(the room benchmark's first requests). Read here by each process, before it takes requests,
through the site's own pages, the first phones get them as fast as the others. The tiles of the
director's room board (drawn once per process, ``room_tiles``) are drawn too. Then the
entrants' own pages its kind says are worth it (``fmt.entrants.warm_pages``: every pair's page,
built once for all the processes; the one that builds a page keeps its turni, ``fragments``,
for the page it builds after a save).

Only the turni being played (published, not closed), of at most ``ROOMS`` tournaments, and for
at most ``SECONDS``: the pages every phone of every room follows first, then the entrants' pages
as far as the time allows. A process takes no request before it is done, so it never waits
longer than that (a room of 200 pairs: 2.6 s of CPU where the pages are built, 0.5 s in a
process that finds them built).
"""

from __future__ import annotations

import io
import logging
import sys
import threading
import time
from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError, connections
from django.urls import reverse
from django.utils import translation

from .room_tiles import tiles_ready
from .selectors.tournaments import turni_in_play

logger = logging.getLogger(__name__)

ROOMS = 5
SECONDS = 10.0


def rooms_ready(application: Callable) -> int:
    """Ask ``application`` (the process's WSGI application) for the pages the phones and the
    projector follow in each turno being played; return how many answered.

    Read in a thread of its own, whose database connections are closed when it is done: the
    threads that serve the requests open their own."""
    answered: list[int] = []
    reader = threading.Thread(
        target=lambda: answered.append(_read(application)), name="rooms-ready", daemon=True
    )
    reader.start()
    reader.join()
    return answered[0] if answered else 0


def _read(application: Callable) -> int:
    deadline = time.monotonic() + SECONDS
    answered = 0
    try:
        rooms = list(turni_in_play(limit=ROOMS))
        entrants = {
            t.tournament_id: t.tournament.fmt.entrants.warm_pages(t.tournament) for t in rooms
        }
        for turno in rooms:
            # One entrant's page reads what every entrant's page reads (their tables, the
            # ranks, the digest of each page).
            for path in _room_pages(turno) + entrants[turno.tournament_id][:1]:
                if time.monotonic() > deadline:
                    return answered
                answered += _get(application, path) == 200
            # The director's room board (only where the players enter their tables) needs a
            # session: its tiles are drawn here, in the site's language, as the board would.
            if turno.tournament.players_enter and time.monotonic() <= deadline:
                _tiles(turno)
        # Then every other entrant's page, each a phone's first page (its turni drawn and kept
        # for the pages built after a save), once every room has what all its phones follow.
        for pages in entrants.values():
            for path in pages[1:]:
                if time.monotonic() > deadline:
                    return answered
                answered += _get(application, path) == 200
    except DatabaseError as error:  # e.g. a site whose database is not made yet
        logger.warning("warm-up of the rooms: %s", error)
    finally:
        connections.close_all()  # this thread's
    return answered


def _tiles(turno) -> None:
    try:
        with translation.override(settings.LANGUAGE_CODE):
            tiles_ready(turno)
    except Exception:  # a tile that fails here fails on the board too, and says why there
        logger.warning("warm-up of the rooms: the tiles of %s failed", turno, exc_info=True)


def _room_pages(turno) -> list[str]:
    slug = turno.tournament.slug
    return [
        reverse("tournaments:standings", args=[slug]),
        reverse("tournaments:turno", args=[slug, turno.number]),
        reverse("tournaments:seating", args=[slug, turno.number]),
        reverse("tournaments:projector", args=[slug]),
    ]


def _get(application: Callable, path: str) -> int:
    """A plain visitor's GET of ``path`` (no cookie, the site's language), as a phone's; its
    status, or 0 if it failed."""
    secure = settings.SECURE_SSL_REDIRECT or bool(settings.SECURE_PROXY_SSL_HEADER)
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "443" if secure else "80",
        "HTTP_HOST": "localhost",
        "REMOTE_ADDR": "127.0.0.1",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "https" if secure else "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if settings.SECURE_PROXY_SSL_HEADER:
        header, value = settings.SECURE_PROXY_SSL_HEADER
        environ[header] = value
    statuses: list[str] = []

    def start_response(status, headers, exc_info=None):
        statuses.append(status)

    try:
        body = application(environ, start_response)
        try:
            for _chunk in body:
                pass
        finally:
            if hasattr(body, "close"):
                body.close()
    except Exception:  # a page that fails here fails for its first phone too, and says why there
        logger.warning("warm-up of the rooms: %s failed", path, exc_info=True)
        return 0
    return int(statuses[0].split()[0]) if statuses else 0
