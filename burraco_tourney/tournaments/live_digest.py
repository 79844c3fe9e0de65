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


def content_digest(value: object, rows: RowDigests | None = None) -> str:
    """A digest of ``value``: rows, dataclasses, lists, sets, dicts and plain values.

    ``rows``: the digests of rows already walked, kept with the rows read once for many pages
    (``RowDigests``): a row met again is not walked again."""
    parts: list[str] = []
    _walk(value, parts, set(), rows)
    return _hash(parts)


def _hash(parts: list[str]) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=12).hexdigest()


class RowDigests:
    """The digest of each row of a value read once and shown by many pages (every pair's tables,
    read once for two hundred pairs' pages, each table on two of them), by the row itself: kept
    as long as the value is, whose rows are never changed in place."""

    def __init__(self) -> None:
        self._rows: dict[int, tuple[models.Model, str]] = {}

    def of(self, row: models.Model) -> str:
        kept = self._rows.get(id(row))
        if kept is None:
            parts: list[str] = []
            _walk(row, parts, set(), None)
            kept = self._rows[id(row)] = (row, _hash(parts))
        return kept[1]


def _walk(
    value: object, parts: list[str], seen: set[tuple[str, object]], rows: RowDigests | None
) -> None:
    if rows is not None and isinstance(value, models.Model):
        # A row on its own (not inside another row): its digest, walked once.
        parts.append(f"<{value._meta.label}#{rows.of(value)}>")
    elif isinstance(value, models.Model):
        label = value._meta.label
        parts.append(f"<{label}:{value.pk}")
        if (label, value.pk) not in seen:  # a row met again: its columns are written once
            seen.add((label, value.pk))
            for field in value._meta.concrete_fields:
                if field.attname not in UNSHOWN_COLUMNS:
                    parts.append(repr(value.__dict__.get(field.attname)))
            for name, related in sorted(value._state.fields_cache.items()):
                parts.append(name)
                _walk(related, parts, seen, None)
            for name, prefetched in sorted(getattr(value, "_prefetched_objects_cache", {}).items()):
                parts.append(name)
                _walk(list(prefetched), parts, seen, None)
        parts.append(">")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts.append(f"<{type(value).__name__}")
        for field in dataclasses.fields(value):
            _walk(getattr(value, field.name), parts, seen, rows)
        parts.append(">")
    elif isinstance(value, Mapping):
        parts.append("{")
        for key in sorted(value, key=repr):
            parts.append(repr(key))
            _walk(value[key], parts, seen, rows)
        parts.append("}")
    elif isinstance(value, list | tuple):
        parts.append("[")
        for item in value:
            _walk(item, parts, seen, rows)
        parts.append("]")
    elif isinstance(value, set | frozenset):
        parts.append("{" + ",".join(sorted(map(repr, value))) + "}")
    else:
        parts.append(repr(value))
