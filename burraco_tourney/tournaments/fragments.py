"""Pieces of a page drawn once for what they show, kept by the server process.

A page polled every few seconds while the room plays (the room board's tiles, the projector's
panels, a pair's turni) is made of many pieces, and a save changes one or two of them: a piece is
drawn again only when what it shows changed. ``shown`` is every value the piece's template reads
(and the language), as a string; the last ``KEPT`` pieces are kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from django.utils import translation
from django.utils.safestring import SafeString

# Enough for the rooms a process warms up (``room_warm_up``: five rooms of 200 pairs, five turni
# each, are 5,000 pairs' turni besides the tiles and panels), about 1 to 2 KB each.
KEPT = 8192

_kept: OrderedDict[str, str] = OrderedDict()
_lock = threading.Lock()


def kept_piece(name: str, shown: object, draw: Callable[[], str]) -> SafeString:
    """The piece ``name`` showing ``shown`` (its values, in a ``repr``), drawn by ``draw()`` the
    first time."""
    key = f"{name}:{translation.get_language()}:{shown!r}"
    with _lock:
        html = _kept.get(key)
        if html is not None:
            _kept.move_to_end(key)
            return SafeString(html)
    html = draw()
    with _lock:
        _kept[key] = html
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return SafeString(html)
