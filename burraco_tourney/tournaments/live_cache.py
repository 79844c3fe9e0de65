"""The cache behind the public pages (``live_pages``): one builder at a time for each page, in
this process and across processes and servers, and the change counter the players' pages show.

A value is built by one thread at a time per key: when a save changes a page that a hundred
phones are waiting for, one process builds it once and the others wait for it or, if they have
its previous version, get that at once (``_cache_build``'s ``previous``). Between processes the
lock is a file lock in the shared cache's folder, or a Redis lock between servers (REDIS_URL).

The players' pages follow the tournament's change counter as it was when they last caught up
with it, at most every ``PUBLIC_PAGES_COALESCE_SECONDS`` (``shown_counter``): a burst of saves is
shown once. Values shared by many pages (the ranks every pair's page reads) are kept per shown
counter (``cached``).
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.db import transaction
from django.utils import translation

try:
    import fcntl
except ImportError:  # not on Linux or macOS: each process builds its own pages
    fcntl = None

from .models import Tournament

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


def _cache_build(
    key: str,
    build: Callable[[], object],
    *,
    previous: str = "",
    key_of: Callable[[object], str] | None = None,
):
    """The cached value, built by one thread at a time per key: when a save changes a page that a
    hundred phones are waiting for, one process builds it once and the others wait for it.

    With ``previous`` (the key of the page's last version, whatever the counter), a request that
    finds the page being built by someone else gets that version at once instead of waiting: for
    the time a build takes (milliseconds, or a second or two with a full room), a phone may see
    the page as it was just before the save; whoever asks first after a save always builds it.

    ``key_of``: the key the value built belongs under (a page kept under the digest of what it
    shows, read again by its build): a value that turns out not to be ``key``'s (the data changed
    in between) is given to this caller and kept under its own key only."""
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
                    own = key_of(value) if key_of is not None else key
                    for level in ("public", "public_shared"):
                        caches[level].set(own, value)
                        if previous:
                            caches[level].set(previous, value)
        finally:
            lock.release()
    except _Busy:
        value = _cache_get(previous)
        if value is None:  # nothing older to show: wait for it after all
            return _cache_build(key, build, key_of=key_of)
        served_stale.set(True)
    finally:
        if acquired:
            with _building:
                _key_locks.pop(key, None)
    return value


# Set when ``_cache_build`` gave a value's last version (``previous``) rather than the one asked
# for: its ETag is not the current one (``live_pages``: not remembered for the 304s).
served_stale: ContextVar[bool] = ContextVar("served_stale", default=False)


# Many, so that two pages rarely wait for each other's builder.
LOCK_STRIPES = 512


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
    return shown_for(tournament.pk, tournament.change_counter)


def shown_for(pk: int, counter: int) -> int:
    """``shown_counter`` of the tournament ``pk`` whose change counter is ``counter``."""
    seconds = getattr(settings, "PUBLIC_PAGES_COALESCE_SECONDS", 0)
    store = caches["public_shared"]
    if isinstance(store, DummyCache):
        store = caches["public"]
    if seconds <= 0 or isinstance(store, DummyCache):
        return counter
    key = f"c:{pk}"
    memo = _memo()
    if memo is not None and memo.get(f"s:{pk}") == counter:
        return counter  # the pages caught up with it (a counter never goes back)
    now = time.time()
    kept = store.get(key)
    if kept is not None:
        shown, since = kept
        if shown == counter or (shown < counter and now - since < seconds):
            if shown == counter and memo is not None:
                memo.set(f"s:{pk}", counter)
            return shown
    store.set(key, (counter, now))
    if memo is not None:
        memo.set(f"s:{pk}", counter)
    return counter


def _memo() -> LocMemCache | None:
    """This process's memory of what it last read from, or wrote to, the shared cache's files (or
    Redis): a public page served from the cache opened such a file three times, two of them for
    what this process knows already (the counter the pages show, the counter it left for the
    phones' 304s). None when the pages are not kept in this process's memory."""
    memo = caches["public"]
    return memo if isinstance(memo, LocMemCache) else None


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


def cached(
    tournament: Tournament,
    name: str,
    build: Callable[[], object],
    *,
    stale_ok: bool = False,
    shared: bool = True,
) -> object:
    """A value computed once per change of the tournament (and language), shared by its pages:
    e.g. the ranks after each turno, read by every pair's page.

    ``stale_ok``: while another thread or process builds it, its last version will do
    (``_cache_build``'s ``previous``). ``shared=False``: kept in this process only, built by one
    of its threads at a time: rows that take longer to unpickle from the cache than to read
    again (every pair's tables with their smazzate: about 30 to 180 ms against 60)."""
    counter = _shown.get()
    if counter is None:
        counter = tournament.change_counter
    key = f"v:{tournament.pk}-{counter}-{translation.get_language()}-{name}"
    # Kept as it is too (the cache would unpickle it for each of the two hundred pages reading
    # it): the last few such values of this process.
    value = _values.get(key)
    if value is not None:
        return value
    if stale_ok:  # maybe the last version: not kept as this counter's
        last = f"v:{tournament.pk}-{translation.get_language()}-{name}"
        return _cache_build(key, build, previous=last)
    if shared:
        value = _cache_build(key, build)
    else:
        with _building:
            lock = _key_locks.setdefault(key, threading.Lock())
        with lock:
            value = _values.get(key)
            if value is None:
                value = build()
        with _building:
            _key_locks.pop(key, None)
    if isinstance(caches["public"], DummyCache):  # the cache is off: so is this
        return value
    with _building:
        _values[key] = value
        while len(_values) > VALUES_KEPT:
            _values.pop(next(iter(_values)))
    return value


# --- The counter without the database: the phones' conditional requests ------------------------
#
# A phone polling a live part with the ETag it has gets 304 while the page is unchanged; the
# tournament's change counter (which says whether it is) is kept in the shared cache by the
# writers, after each commit, so that the 304 reads nothing from the database
# (``live_pages.live_not_modified``). A counter kept there can be older than the database's for
# at most ``COUNTER_SECONDS`` (two writers' commits and their writes to the cache crossing), or
# ``PUBLIC_PAGES_COALESCE_SECONDS`` when a reader left it: about what the coalescing of saves
# already lets a page lag.

COUNTER_SECONDS = 60


def counter_store():
    """The cache every process of every server reads alike (files, Redis, the database), or None
    (each process's own memory, or none): then the counter is read from the database."""
    for level in ("public_shared", "public"):
        store = caches[level]
        if not isinstance(store, DummyCache):
            return None if isinstance(store, LocMemCache) else store
    return None


def _counter_key(slug: str) -> str:
    return "n:" + hashlib.blake2b(slug.encode(), digest_size=12).hexdigest()


def counter_publish(tournament: Tournament) -> None:
    """After the transaction that raised the tournament's counter commits: the counter the
    database has then, for the phones' conditional requests (``known_counter``)."""
    store = counter_store()
    connection = transaction.get_connection()
    queued = (
        getattr(f, "tournament_pk", None)
        for _, f, _ in connection.run_on_commit
        if not getattr(f, "done", True)
    )
    if store is None or tournament.pk in queued:  # once for all the writes of a transaction
        return

    def publish():
        publish.done = True
        counter = (
            Tournament.objects.filter(pk=tournament.pk)
            .values_list("change_counter", flat=True)
            .first()
        )
        key = _counter_key(tournament.slug)
        kept = store.get(key)
        # Another writer's, committed after this one and already kept: not put back.
        if counter is not None and not (kept and kept[0] == tournament.pk and kept[1] > counter):
            store.set(key, (tournament.pk, counter), COUNTER_SECONDS)

    publish.tournament_pk, publish.done = tournament.pk, False
    transaction.on_commit(publish)


def counter_remember(tournament: Tournament) -> None:
    """A reader's counter, just read from the database, when no writer left one: for
    ``PUBLIC_PAGES_COALESCE_SECONDS`` only (a writer's newer one may have come in between)."""
    store = counter_store()
    seconds = getattr(settings, "PUBLIC_PAGES_COALESCE_SECONDS", 0)
    if store is None or seconds <= 0:
        return
    key = _counter_key(tournament.slug)
    memo, value = _memo(), (tournament.pk, tournament.change_counter)
    # Done less than a second ago by this process: the counter is there (or, expired since,
    # the phones' next 304 reads the database instead for a second).
    if memo is not None and memo.get(f"r:{key}") == value:
        return
    store.add(key, value, seconds)
    if memo is not None:
        memo.set(f"r:{key}", value, min(seconds, 1))


def known_counter(slug: str) -> tuple[int, int] | None:
    """(the tournament's id, its change counter) of the tournament ``slug``, from the cache."""
    store = counter_store()
    return None if store is None else store.get(_counter_key(slug))
