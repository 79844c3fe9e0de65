"""What a public page shows, as a digest: a page is built again only when it changes.

A save at one table changes the turno's page and the standings, but a pair's page only if that
pair's tables, riposi, penalties or ranks changed. A page that says what it shows
(``live_response``'s ``shows``: the rows and values its template reads, already read once for
every page of the tournament) is kept under the digest of those: after a save, each of the two
hundred pairs' pages is looked up under its digest, and only the pages that differ are built.

The digest of a database row is all its columns (whatever the template reads of it), its rows
read with it (``select_related``) and its prefetched rows, except the tournament's change
counter (it changes at every save and is shown nowhere).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping

from django.db import models

# Columns that say nothing about what a page shows.
UNSHOWN_COLUMNS = frozenset({"change_counter"})


def content_digest(value: object) -> str:
    """A digest of ``value``: rows, dataclasses, lists, sets, dicts and plain values."""
    parts: list[str] = []
    _walk(value, parts, set())
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=12).hexdigest()


def _walk(value: object, parts: list[str], seen: set[tuple[str, object]]) -> None:
    if isinstance(value, models.Model):
        label = value._meta.label
        parts.append(f"<{label}:{value.pk}")
        if (label, value.pk) not in seen:  # a row met again: its columns are written once
            seen.add((label, value.pk))
            for field in value._meta.concrete_fields:
                if field.attname not in UNSHOWN_COLUMNS:
                    parts.append(repr(value.__dict__.get(field.attname)))
            for name, related in sorted(value._state.fields_cache.items()):
                parts.append(name)
                _walk(related, parts, seen)
            for name, rows in sorted(getattr(value, "_prefetched_objects_cache", {}).items()):
                parts.append(name)
                _walk(list(rows), parts, seen)
        parts.append(">")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts.append(f"<{type(value).__name__}")
        for field in dataclasses.fields(value):
            _walk(getattr(value, field.name), parts, seen)
        parts.append(">")
    elif isinstance(value, Mapping):
        parts.append("{")
        for key in sorted(value, key=repr):
            parts.append(repr(key))
            _walk(value[key], parts, seen)
        parts.append("}")
    elif isinstance(value, list | tuple):
        parts.append("[")
        for item in value:
            _walk(item, parts, seen)
        parts.append("]")
    elif isinstance(value, set | frozenset):
        parts.append("{" + ",".join(sorted(map(repr, value))) + "}")
    else:
        parts.append(repr(value))
