"""Checks of decoded JSON values that raise ``ArchiveError`` naming the place in the file.

The archive reader is built from these: each takes a value and its path (``pairs[3].number``)
and returns the value with its type confirmed, or raises. ``rule_message`` is the one place that
turns a rules-engine refusal into the sentence an archive error shows.

This module never touches the database.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.rules.errors import RuleError

from .records import ArchiveError

# The database columns are 32-bit integers (small ones for counts and numbers); a larger number
# is certainly a typo.
INT_MAX = 2**31 - 1
SMALL_MAX = 32767

# Limits that keep a hostile file from exhausting the site (a file is read whole, in memory). A
# tournament of 500 pairs and 8 turni with its whole change log is about 10 MB of indented JSON;
# an archive nests about 10 levels deep (a log entry's detail a few more); a JSON number with
# more digits than a 64-bit integer is no number of an archive.
MAX_ARCHIVE_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
MAX_DIGITS = 20
# Counts beyond any real tournament (the largest federation events have a few hundred pairs
# and a dozen turni; a change log a few thousand entries): a file listing more is refused before
# the schema and the reader spend seconds on it.
MAX_COUNTS = {
    "pairs": 2000,
    "players": 4000,
    "teams": 1000,
    "turni": 100,
    "penalties": 10_000,
    "log": 200_000,
}
MAX_TABLES_PER_TURNO = 2000
MAX_SMAZZATE_PER_TABLE = 100
# A key each entry of a list holds once, counted in the raw file before it is decoded: found in
# milliseconds, where decoding a file of 100,000 pairs holds the server for seconds. The change
# log may hold the key too (a pair's or a player's snapshot), so only ten times the list's limit
# is surely no real tournament; the lists themselves are counted exactly once decoded.
_ENTRY_KEYS = (("pairs", '"players"'), ("players", '"name"'))
_RAW_FACTOR = 10
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
# Characters no database column takes: NUL (PostgreSQL refuses it) and half a surrogate pair.
_NUL = re.compile(r"\\u0000")
_LONE_SURROGATE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)
_BRACKET = re.compile(r"[\[\]{}]")


def rule_message(error: RuleError) -> str:
    """The sentence for a refusal of the rules engine.

    The engine speaks English; the web layer keeps the translated sentence of every code in one
    place, used here when it is there.
    """
    try:
        from burraco_tourney.core.rule_messages import rule_error_message
    except ImportError:
        return error.message
    return str(rule_error_message(error))


class _JsonObject(dict):
    """A decoded JSON object that remembers the keys the file repeated (json keeps the last)."""

    duplicates: tuple[str, ...] = ()


def _object_hook(items: list[tuple[str, Any]]) -> _JsonObject:
    obj = _JsonObject(items)
    if len(obj) != len(items):
        seen: set[str] = set()
        repeated: list[str] = []
        for key, _value in items:
            if key in seen:
                repeated.append(key)
            seen.add(key)
        obj.duplicates = tuple(repeated)
    return obj


def _refuse_constant(name: str) -> None:
    raise ArchiveError("", _("%(value)s is not a number JSON allows.") % {"value": name})


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ArchiveError(
            "",
            _("The file holds a number of %(digits)s digits: no number of an archive is that long.")
            % {"digits": len(text.lstrip("-"))},
        )
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ArchiveError(
            "",
            _("The file holds the number %(number)s, too large for any archive.")
            % {"number": text[:20]},
        )
    return value


def _too_deep(text: str) -> bool:
    """Whether arrays and objects nest deeper than ``MAX_DEPTH`` (brackets in strings aside).

    Checked before decoding: the decoder and every check after it would recurse that deep."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


def too_large_message() -> str:
    return _("The file is larger than %(size)s MB: it is not a tournament archive.") % {
        "size": MAX_ARCHIVE_BYTES // (1024 * 1024)
    }


def load_json(data: bytes | str | Mapping[str, Any]) -> Any:
    """The decoded JSON of a file given as bytes (UTF-8) or text; a mapping is returned as is.

    A file too large, nested too deep or holding an absurdly long number is refused with an
    ``ArchiveError`` before it can cost the site its memory or its stack."""
    if isinstance(data, Mapping):
        return data
    if len(data) > MAX_ARCHIVE_BYTES:
        raise ArchiveError("", too_large_message())
    if isinstance(data, bytes | bytearray):
        try:
            # utf-8-sig: files saved by Windows editors start with a byte-order mark.
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ArchiveError("", _("The file is not UTF-8 text.")) from None
    if _NUL.search(data) or _LONE_SURROGATE.search(data):
        raise ArchiveError(
            "",
            _("The file holds a character no text may hold (\\u0000, or half a surrogate pair)."),
        )
    if _too_deep(data):
        raise ArchiveError(
            "",
            _(
                "The file nests lists and objects more than %(depth)s levels deep: it is not a "
                "tournament archive."
            )
            % {"depth": MAX_DEPTH},
        )
    try:
        return json.loads(
            data,
            object_pairs_hook=_object_hook,
            parse_constant=_refuse_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
        )
    except json.JSONDecodeError as error:
        raise ArchiveError(
            "",
            _("The file is not valid JSON: %(error)s (line %(line)s, column %(column)s).")
            % {"error": error.msg, "line": error.lineno, "column": error.colno},
        ) from None


def at(path: str, key: str | int) -> str:
    """The path of a key (or, for an int, an array position) inside ``path``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def shown(value: Any) -> str:
    """A short rendering of a JSON value for an error message."""
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= 40 else text[:37] + "..."


def json_object(
    value: Any, path: str, required: Sequence[str], optional: Sequence[str] = ()
) -> Mapping[str, Any]:
    """``value`` as an object with exactly the allowed keys; the required ones present."""
    if not isinstance(value, Mapping):
        raise ArchiveError(
            path, _("must be an object {…}, not %(value)s") % {"value": shown(value)}
        )
    duplicates = getattr(value, "duplicates", ())
    if duplicates:
        raise ArchiveError(at(path, duplicates[0]), _("is written twice in the same object"))
    allowed = (*required, *optional)
    for key in value:
        if key not in allowed:
            raise ArchiveError(
                at(path, str(key)),
                _("unknown key (allowed here: %(keys)s)") % {"keys": ", ".join(allowed)},
            )
    for key in required:
        if key not in value:
            raise ArchiveError(at(path, key), _("is missing"))
    return value


def json_int(value: Any, path: str, *, minimum: int = -INT_MAX - 1, maximum: int = INT_MAX) -> int:
    # bool is an int subclass in Python, but `true` is never a number in an archive.
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArchiveError(
            path, _("must be a whole number, not %(value)s") % {"value": shown(value)}
        )
    if value < minimum:
        raise ArchiveError(
            path,
            _("%(value)s is too small: the least allowed is %(min)s")
            % {"value": value, "min": minimum},
        )
    if value > maximum:
        raise ArchiveError(
            path,
            _("%(value)s is too large: the most allowed is %(max)s")
            % {"value": value, "max": maximum},
        )
    return value


def json_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise ArchiveError(
            path, _("must be true or false, not %(value)s") % {"value": shown(value)}
        )
    return value


def json_text(value: Any, path: str, *, max_length: int, blank: bool = False) -> str:
    if not isinstance(value, str):
        raise ArchiveError(path, _("must be text, not %(value)s") % {"value": shown(value)})
    if not blank and not value.strip():
        raise ArchiveError(path, _("must not be empty"))
    if len(value) > max_length:
        raise ArchiveError(path, _("is longer than %(max)s characters") % {"max": max_length})
    return value


def json_choice(value: Any, path: str, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ArchiveError(
            path,
            _("must be one of %(choices)s, not %(value)s")
            % {"choices": ", ".join(f'"{c}"' for c in choices), "value": shown(value)},
        )
    return value


def json_list(value: Any, path: str) -> Sequence[Any]:
    if not isinstance(value, list | tuple):
        raise ArchiveError(path, _("must be a list […], not %(value)s") % {"value": shown(value)})
    return value


def json_datetime(value: Any, path: str) -> datetime.datetime:
    """An ISO 8601 date and time with its offset from UTC (``2026-11-28T21:14:05+01:00``)."""
    if isinstance(value, str) and "T" in value:
        try:
            moment = datetime.datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            # Years the database and the time zones can convert: no archive is from year 1.
            if moment.utcoffset() is not None and 1900 <= moment.year <= 2999:
                return moment
    raise ArchiveError(
        path,
        _("must be a date and time with its offset, like 2026-11-28T21:14:05+01:00, not %(value)s")
        % {"value": shown(value)},
    )


def _too_many(value: Any, path: str, limit: int) -> None:
    if isinstance(value, list) and len(value) > limit:
        raise ArchiveError(
            path,
            _("lists %(count)s entries, more than any real tournament (at most %(max)s)")
            % {"count": len(value), "max": limit},
        )


def check_counts(root: Any) -> None:
    """Refuse a decoded file whose lists are longer than any real tournament's, before its
    structure is checked entry by entry."""
    if not isinstance(root, Mapping):
        return
    for key, limit in MAX_COUNTS.items():
        _too_many(root.get(key), key, limit)
    turni = root.get("turni")
    for t, turno in enumerate(turni if isinstance(turni, list) else ()):
        tables = turno.get("tables") if isinstance(turno, Mapping) else None
        _too_many(tables, at(at("turni", t), "tables"), MAX_TABLES_PER_TURNO)
        _check_tables(tables, at(at("turni", t), "tables"))
        # A team turno: its matches, each of two tables.
        matches = turno.get("matches") if isinstance(turno, Mapping) else None
        _too_many(matches, at(at("turni", t), "matches"), MAX_TABLES_PER_TURNO)
        for m, match in enumerate(matches if isinstance(matches, list) else ()):
            if isinstance(match, Mapping):
                path = at(at(at("turni", t), "matches"), m)
                _too_many(match.get("tables"), at(path, "tables"), MAX_TABLES_PER_TURNO)
                _check_tables(match.get("tables"), at(path, "tables"))


def _check_tables(tables: Any, path: str) -> None:
    for n, table in enumerate(tables if isinstance(tables, list) else ()):
        if isinstance(table, Mapping):
            _too_many(table.get("smazzate"), at(at(path, n), "smazzate"), MAX_SMAZZATE_PER_TABLE)


def check_counts_before_decoding(data: bytes | str | Mapping[str, Any]) -> None:
    """Refuse a raw file whose pair or player lists are surely longer than any real
    tournament's, before it is decoded."""
    if isinstance(data, Mapping):
        return
    for key, name in _ENTRY_KEYS:
        needle: bytes | str = name if isinstance(data, str) else name.encode()
        count = data.count(needle)  # type: ignore[arg-type]
        if count > _RAW_FACTOR * MAX_COUNTS[key]:
            raise ArchiveError(
                key,
                _("lists about %(count)s entries, more than any real tournament (at most %(max)s)")
                % {"count": count, "max": MAX_COUNTS[key]},
            )
