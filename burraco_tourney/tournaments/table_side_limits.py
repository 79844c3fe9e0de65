"""How often one address may ask for the table-side pages (the players' phones).

Counted in the cache (the database cache table by default, shared by every worker): every
request, and apart the requests with a token that names no table, which is what guessing
looks like. Over either limit the address is answered "too many requests" for the rest of the
window, valid token or not.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache

from burraco_tourney.core.login_lockout import client_address

WINDOW_SECONDS = 60
# A phone polls the page's state every few seconds and posts the live preview as it types.
REQUESTS_PER_WINDOW = 300
MISSES_PER_WINDOW = 10


def _count(key: str) -> int:
    if cache.add(key, 1, WINDOW_SECONDS):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, WINDOW_SECONDS)
        return 1


def over_limit(request, token: str) -> bool:
    """Count this request; True when its address asked too often for this table, or guessed.

    Requests are counted per address and table: behind a club's router every phone may share
    one address, and each table's two phones poll on their own."""
    address = client_address(request) or "unknown"
    misses = cache.get(f"tavolo-miss:{address}", 0)
    table = hashlib.sha256(token.encode()).hexdigest()[:16]  # the key never holds the token
    return _count(f"tavolo-req:{address}:{table}") > REQUESTS_PER_WINDOW or (
        misses > MISSES_PER_WINDOW
    )


def record_miss(request) -> None:
    """A token that names no table: counted against the address."""
    _count(f"tavolo-miss:{client_address(request) or 'unknown'}")
