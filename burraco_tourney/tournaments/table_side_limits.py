"""How often one address may ask for the table-side pages (the players' phones).

Only what guessing looks like is counted: a token that names no table. A valid link's page and
its polls are never refused, however long the phone stays open on it; the posts made with a
valid link (saves, previews, photos) have a generous limit per address *and* link, so the
tables behind one club router never share it. Counted in the cache (the database cache table by
default, shared by every worker) in a sliding window: the current minute's count plus the part
of the previous minute's still inside the window, each minute its own key (a counter whose
expiry a hit would refresh could never run out).
"""

from __future__ import annotations

import hashlib
import time

from django.core.cache import cache

from burraco_tourney.core.login_lockout import client_address

WINDOW_SECONDS = 60
# The posts of one phone with a valid link: the live preview as it types, the saves, a photo.
POSTS_PER_WINDOW = 300
# Tokens that name no table, per address: a mistyped or old link now and then, not a search.
MISSES_PER_WINDOW = 10


def _bucket_key(name: str, bucket: int) -> str:
    return f"tavolo:{name}:{bucket}"


def _add(name: str, now: float) -> None:
    key = _bucket_key(name, int(now // WINDOW_SECONDS))
    # Two windows: the bucket is still read, as the previous one, during the next window.
    if not cache.add(key, 1, 2 * WINDOW_SECONDS):
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, 2 * WINDOW_SECONDS)


def _count(name: str, now: float) -> float:
    """The hits of the last ``WINDOW_SECONDS``, the previous bucket weighted by its overlap."""
    bucket = int(now // WINDOW_SECONDS)
    counts = cache.get_many([_bucket_key(name, bucket), _bucket_key(name, bucket - 1)])
    elapsed = (now % WINDOW_SECONDS) / WINDOW_SECONDS
    current = counts.get(_bucket_key(name, bucket), 0)
    previous = counts.get(_bucket_key(name, bucket - 1), 0)
    return current + previous * (1 - elapsed)


def _now() -> float:
    return time.time()


def _address(request) -> str:
    return client_address(request) or "unknown"


def guessing(request) -> bool:
    """True when this address sent more wrong tokens than a person mistypes in a minute."""
    return _count(f"miss:{_address(request)}", _now()) > MISSES_PER_WINDOW


def record_miss(request) -> None:
    """A token that names no table: counted against the address."""
    _add(f"miss:{_address(request)}", _now())


def posting_too_often(request, token: str) -> bool:
    """Count a post made with a valid link; True when this address posts with this link more
    than a phone can. The key never holds the token."""
    link = hashlib.sha256(token.encode()).hexdigest()[:16]
    name = f"post:{_address(request)}:{link}"
    now = _now()
    _add(name, now)
    return _count(name, now) > POSTS_PER_WINDOW
