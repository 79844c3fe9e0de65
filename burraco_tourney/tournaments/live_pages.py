"""The public pages that update themselves, served from a cache for a full room of phones.

A room of a thousand phones asks for the standings, its turno, its seating and its pair's page
every ten seconds; between two saves every answer is the same. So each public page is built once
per change of its tournament and kept in the "public" cache under the tournament's change counter
(raised in the transaction of every write, ``services.audit.tournament_touch``): a page built
before a save is never served after it, because after the save nobody asks for the old key.

Each page has two forms:

- the whole page (``tournaments/live_page.html``): the site's frame (menu, language buttons with
  their CSRF token, drawn for each request without reading the database) around the cached part;
- its live part alone (``?live=1``), which htmx fetches every few seconds into the page without a
  reload (``static/js/live.js``), with an ETag (the part's digest): an unchanged part answers
  ``304 Not Modified`` after reading nothing but the tournament's row.

A burst of saves (every table's phones at the end of a turno, one every two seconds) is
coalesced: the players' pages follow the counter as it was when they last caught up with it, and
catch up again at most every ``PUBLIC_PAGES_COALESCE_SECONDS`` (settings), so each page and each
value shared by the pages (the ranks) is built at most once per such interval whatever the number
of saves in it; a save after a quiet spell shows at once. The counter shown is kept in the shared
cache, so every process and server shows the same version.

Directors (logged in) see links the players do not: their pages are built every time, never
cached. Without JavaScript the whole page still works; it just does not update by itself.

Reads only: the parts are built by the views' ``build`` functions from the selectors.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString, mark_safe

try:
    import fcntl
except ImportError:  # not on Linux or macOS: each process builds its own pages
    fcntl = None

from .access import can_direct
from .models import Tournament

LIVE_PARAMETER = "live"
# How often the page asks for its live part (htmx ``every``), in seconds.
POLL_SECONDS = 10


@dataclass(frozen=True)
class LiveParts:
    """What a page is made of besides the site's frame: its title, the tournament's menu (also
    as an out-of-band swap, so that a new turno appears in it), and the part that updates."""

    title: str
    subnav: str
    subnav_oob: str
    body: str
    # The live part's ETag: its content's digest, so that a save that leaves a page as it was
    # (a seating list, the standings after a complete turno) still answers 304.
    etag: str


@dataclass(frozen=True)
class LivePage:
    """One public page: its name and the query values that change it (already checked)."""

    name: str
    params: Mapping[str, str]
    stylesheets: tuple[str, ...] = ()
    scripts: tuple[str, ...] = ()


_building = threading.Lock()
_key_locks: dict[str, threading.Lock] = {}
VALUES_KEPT = 32
_values: dict[str, object] = {}


def _cache_get(key: str):
    """From this process's memory, else from the pages other processes left (kept then)."""
    value = caches["public"].get(key)
    if value is None:
        value = caches["public_shared"].get(key)
        if value is not None:
            caches["public"].set(key, value)
    return value


class _Busy(Exception):
    """Another thread or process is building the value, and the caller would rather not wait."""


def _cache_build(key: str, build: Callable[[], object], *, previous: str = ""):
    """The cached value, built by one thread at a time per key: when a save changes a page that a
    hundred phones are waiting for, one process builds it once and the others wait for it.

    With ``previous`` (the key of the page's last version, whatever the counter), a request that
    finds the page being built by someone else gets that version at once instead of waiting: for
    the time a build takes (milliseconds, or a second or two with a full room), a phone may see
    the page as it was just before the save; whoever asks first after a save always builds it."""
    value = _cache_get(key)
    if value is not None:
        return value
    with _building:
        lock = _key_locks.setdefault(key, threading.Lock())
    wait = not previous
    acquired = False
    try:
        acquired = lock.acquire(blocking=wait)
        if not acquired:
            raise _Busy
        try:
            with _other_processes_wait(key, blocking=wait):
                value = _cache_get(key)
                if value is None:
                    value = build()
                    for level in ("public", "public_shared"):
                        caches[level].set(key, value)
                        if previous:
                            caches[level].set(previous, value)
        finally:
            lock.release()
    except _Busy:
        value = _cache_get(previous)
        if value is None:  # nothing older to show: wait for it after all
            return _cache_build(key, build)
    finally:
        if acquired:
            with _building:
                _key_locks.pop(key, None)
    return value


LOCK_STRIPES = 64


_held = threading.local()


@contextmanager
def _other_processes_wait(key: str, *, blocking: bool = True):
    """While one process builds a page, the others wait for it and then read it from the shared
    files, rather than all building it at once after a save. One of LOCK_STRIPES lock files
    (``flock``) in the shared cache's folder, chosen by the key; without such a folder (another
    cache, or a system without ``fcntl``) each process builds its own. Not ``blocking``: raise
    ``_Busy`` rather than wait.

    A thread holds one such lock at most: a value built while building a page (the ranks read by
    a pair's page) takes none, so two builders never wait for each other's lock."""
    shared = caches["public_shared"]
    if isinstance(shared, RedisCache) and not getattr(_held, "lock", False):
        with _redis_lock(shared, key, blocking=blocking):
            yield
        return
    if fcntl is None or not isinstance(shared, FileBasedCache) or getattr(_held, "lock", False):
        yield
        return
    stripe = int(hashlib.blake2b(key.encode(), digest_size=4).hexdigest(), 16) % LOCK_STRIPES
    Path(shared._dir).mkdir(parents=True, exist_ok=True)
    with open(Path(shared._dir) / f"build-{stripe}.lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except BlockingIOError:
            raise _Busy from None
        _held.lock = True
        try:
            yield
        finally:
            _held.lock = False
            fcntl.flock(lock, fcntl.LOCK_UN)


# The counter a player's page is being built for (None: a director's, built on the real one).
_shown: ContextVar[int | None] = ContextVar("shown_counter", default=None)


def shown_counter(tournament: Tournament) -> int:
    """The change counter the players' pages show: the real one, unless the pages caught up with
    an older one less than ``PUBLIC_PAGES_COALESCE_SECONDS`` ago (a burst of saves)."""
    counter = tournament.change_counter
    seconds = getattr(settings, "PUBLIC_PAGES_COALESCE_SECONDS", 0)
    store = caches["public_shared"]
    if isinstance(store, DummyCache):
        store = caches["public"]
    if seconds <= 0 or isinstance(store, DummyCache):
        return counter
    key = f"c:{tournament.pk}"
    now = time.time()
    kept = store.get(key)
    if kept is not None:
        shown, since = kept
        if shown == counter or (shown < counter and now - since < seconds):
            return shown
    store.set(key, (counter, now))
    return counter


@contextmanager
def _redis_lock(shared: RedisCache, key: str, *, blocking: bool):
    """The same, between the servers sharing a Redis (REDIS_URL): a lock kept in Redis, let go
    after a minute if its holder died."""
    client = shared._cache.get_client(key, write=True)  # Django's own client of that Redis
    lock = client.lock(shared.make_key(f"build:{key}"), timeout=60, blocking_timeout=30)
    if not lock.acquire(blocking=blocking):
        raise _Busy
    _held.lock = True
    try:
        yield
    finally:
        _held.lock = False
        from redis.exceptions import LockError

        # Held longer than its timeout: another server has it now.
        with suppress(LockError):
            lock.release()


def _page_name(tournament: Tournament, page: LivePage) -> str:
    """The page whatever the tournament's counter: its last version is kept under it."""
    params = "&".join(f"{k}={v}" for k, v in sorted(page.params.items()))
    digest = hashlib.blake2b(f"{page.name}?{params}".encode(), digest_size=8).hexdigest()
    return f"{tournament.pk}-{translation.get_language()}-{digest}"


def _variant(tournament: Tournament, page: LivePage, counter: int) -> str:
    params = "&".join(f"{k}={v}" for k, v in sorted(page.params.items()))
    digest = hashlib.blake2b(f"{page.name}?{params}".encode(), digest_size=8).hexdigest()
    return f"{tournament.pk}-{counter}-{translation.get_language()}-{digest}"


def cached(tournament: Tournament, name: str, build: Callable[[], object]) -> object:
    """A value computed once per change of the tournament (and language), shared by its pages:
    e.g. the ranks after each turno, read by every pair's page."""
    counter = _shown.get()
    if counter is None:
        counter = tournament.change_counter
    key = f"v:{tournament.pk}-{counter}-{translation.get_language()}-{name}"
    # Kept as it is too (the cache would unpickle it for each of the two hundred pages reading
    # it): the last few such values of this process.
    value = _values.get(key)
    if value is None:
        value = _cache_build(key, build)
        if isinstance(caches["public"], DummyCache):  # the cache is off: so is this
            return value
        with _building:
            _values[key] = value
            while len(_values) > VALUES_KEPT:
                _values.pop(next(iter(_values)))
    return value


def render_parts(
    request: HttpRequest,
    *,
    tournament: Tournament,
    title: str,
    body_template: str,
    context: dict,
    section: str,
    turno=None,
) -> LiveParts:
    """Render a page's parts: ``body_template`` is the live part; the menu marks ``section``."""
    context = {**context, "tournament": tournament}
    body = render_to_string(body_template, context, request)
    # The menu is the same for every pair's page (and every page of one turno): rendered once.
    turno_number = getattr(turno, "number", None)
    subnav = cached(
        tournament,
        f"subnav:{section}:{turno_number}",
        lambda: render_to_string(
            "tournaments/_subnav.html",
            {"tournament": tournament, "section": section, "turno": turno},
            request,
        ),
    )
    subnav_oob = subnav.replace(SUBNAV_OPENING, f'{SUBNAV_OPENING} hx-swap-oob="true"', 1)
    digest = hashlib.blake2b(f"{body}{subnav_oob}".encode(), digest_size=12).hexdigest()
    return LiveParts(
        title=title, subnav=subnav, subnav_oob=subnav_oob, body=body, etag=f'"{digest}"'
    )


# The start of the menu's <nav> (templates/tournaments/_subnav.html): the live part's copy of
# the menu replaces the page's one (htmx's out-of-band swap).
SUBNAV_OPENING = '<nav class="subnav" id="subnav"'


def live_response(
    request: HttpRequest,
    *,
    tournament: Tournament,
    page: LivePage,
    build: Callable[[bool], LiveParts],
) -> HttpResponse:
    """Answer a public page, or its live part when ``?live=1``: from the cache for the players,
    built afresh for a director (``build(director)``)."""
    live = request.GET.get(LIVE_PARAMETER) == "1"
    # The parts are the same whichever form asked: links in them (sorting) must not say "live".
    request.GET = request.GET.copy()
    request.GET.pop(LIVE_PARAMETER, None)
    director = request.user.is_authenticated and can_direct(request.user, tournament)
    if director:
        parts, etag = build(True), ""
    else:
        counter = shown_counter(tournament)
        variant = _variant(tournament, page, counter)
        shown = _shown.set(counter)
        try:
            parts = _cache_build(
                f"p:{variant}", lambda: build(False), previous=f"l:{_page_name(tournament, page)}"
            )
        finally:
            _shown.reset(shown)
        etag = parts.etag
        if live and etag in _etags(request.headers.get("If-None-Match", "")):
            return _live_headers(HttpResponseNotModified(), etag)
    if live:
        response = HttpResponse(mark_safe(parts.body + parts.subnav_oob))
        return _live_headers(response, etag)
    query = request.GET.copy()
    query[LIVE_PARAMETER] = "1"
    context = {
        "page": page,
        "title": parts.title,
        "subnav": SafeString(parts.subnav),
        "body": SafeString(parts.body),
        "live_url": f"{request.path}?{query.urlencode()}",
        "etag": etag,
        "poll_seconds": POLL_SECONDS,
    }
    if director or not _plain_visitor(request):
        return render(request, "tournaments/live_page.html", context)
    # A player's whole page: the same for every player but for the CSRF token of the language
    # buttons, so it is kept with a stand-in for the token, put in for each request.
    path = hashlib.blake2b(request.get_full_path().encode(), digest_size=8).hexdigest()
    key = f"w:{etag}:{translation.get_language()}:{path}"
    html = _cache_build(
        key,
        lambda: render_to_string(
            "tournaments/live_page.html", {**context, "csrf_token": TOKEN_STAND_IN}, request
        ),
    )
    return HttpResponse(html.replace(TOKEN_STAND_IN, get_token(request)))


TOKEN_STAND_IN = "csrf-token-stand-in"


def _plain_visitor(request: HttpRequest) -> bool:
    """No session and no message waiting: the page is the one every player gets."""
    return not ({settings.SESSION_COOKIE_NAME, "messages"} & request.COOKIES.keys())


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def counter_etag(tournament: Tournament) -> str:
    """An ETag that changes with every write to the tournament (and with the language)."""
    return f'"{tournament.pk}-{tournament.change_counter}-{translation.get_language()}"'


def etag_response(
    request: HttpRequest, etag: str, render_part: Callable[[], HttpResponse]
) -> HttpResponse:
    """A part the browser keeps while ``etag`` holds: 304 when it has it (nothing rendered),
    else ``render_part()`` with the ETag. The projector's panels are answered so."""
    if etag in _etags(request.headers.get("If-None-Match", "")):
        return _live_headers(HttpResponseNotModified(), etag)
    return _live_headers(render_part(), etag)


def _live_headers(response: HttpResponse, etag: str) -> HttpResponse:
    if etag:
        response["ETag"] = etag
        # The browser keeps the part and asks each time whether it changed (304 when not).
        response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response
