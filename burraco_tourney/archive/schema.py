"""The published JSON Schema of the archive (``archive.schema.json``) and its check of a file.

The schema holds the structure of a file: which keys an object has, which are required, the
type and range of every value. Other tools can validate the files they write with it; this
module validates an uploaded file with the ``jsonschema`` library and turns the first fault (in
file order) into an ``ArchiveError`` that names the place and says why in the reader's
language, with the same sentences as the reader's own checks. The rest (the rules of the game,
numbering, who sits where, the keys a kind of tournament needs) is the reader's.

This module never touches the database.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

import jsonschema
from django.utils.translation import gettext as _
from jsonschema.exceptions import ValidationError

from burraco_tourney.tournaments.formats import FORMATS

from .checks import at, shown
from .records import ArchiveError

SCHEMA_PATH = Path(__file__).with_name("archive.schema.json")
DATE_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"


def schema_text() -> str:
    """The schema as the site publishes it: the file, with the kinds the formats serve."""
    return json.dumps(published_schema(), ensure_ascii=False, indent=2) + "\n"


def published_schema() -> dict[str, Any]:
    """The schema the site checks files with and publishes: ``archive.schema.json`` with the
    kinds the formats serve (the registry, ``formats.FORMATS``, is the one list of kinds: the
    file lists the kinds of this tree, and a kind registered since is read and published)."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    schema["$defs"]["tournament"]["properties"]["kind"]["enum"] = list(FORMATS)
    return schema


def _is_integer(checker: Any, value: Any) -> bool:
    # JSON Schema counts 245.0 as an integer and Python counts True as one; an archive does not.
    return isinstance(value, int) and not isinstance(value, bool)


@cache
def _validator(kinds: tuple[str, ...]) -> jsonschema.protocols.Validator:
    """The validator of the published schema, made again when the registered ``kinds`` change
    (a kind registered since is one format, not a schema edit)."""
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", _is_integer)
    schema = published_schema()
    base.check_schema(schema)
    return jsonschema.validators.extend(base, type_checker=checker)(schema)


def check_structure(root: Any) -> None:
    """Raise ``ArchiveError`` for the first place (in file order) the schema refuses."""
    # A file broken everywhere need not be listed whole: its first faults are enough.
    errors = list(islice(_validator(tuple(FORMATS)).iter_errors(root), 500))
    if not errors:
        return
    path, message = min((_explain(error) for error in errors), key=lambda e: _order(root, e[0]))
    raise ArchiveError(_path_text(path), message)


# -- where ------------------------------------------------------------------------------------


def _path_text(path: Sequence[str | int]) -> str:
    text = ""
    for key in path:
        text = at(text, key)
    return text


def _order(root: Any, path: Sequence[str | int]) -> tuple[int, ...]:
    """The place of ``path`` in the file: key positions in objects, indexes in lists."""
    places: list[int] = []
    value = root
    for key in path:
        if isinstance(value, Mapping):
            keys = list(value)
            places.append(keys.index(key) if key in value else len(keys))
            value = value.get(key)
        elif isinstance(value, list) and isinstance(key, int) and key < len(value):
            places.append(key)
            value = value[key]
        else:
            places.append(0)
            value = None
    return tuple(places)


# -- why --------------------------------------------------------------------------------------


def _type_words(types: Any, value: str) -> str | None:
    """The sentence for a value of the wrong type, by the type (or types) the schema wants."""
    wanted = tuple(types) if isinstance(types, list) else (types,)
    words = {
        ("integer",): _("must be a whole number, not %(value)s"),
        ("boolean",): _("must be true or false, not %(value)s"),
        ("string",): _("must be text, not %(value)s"),
        ("object",): _("must be an object {…}, not %(value)s"),
        ("array",): _("must be a list […], not %(value)s"),
        ("string", "array"): _('must be "fibur-3", "fibur-4" or a list of bands, not %(value)s'),
        ("integer", "null"): _("must be a whole number or null, not %(value)s"),
        ("string", "object"): _("must be a name or a person {…}, not %(value)s"),
    }.get(wanted)
    return None if words is None else words % {"value": value}


def _explain(error: ValidationError) -> tuple[list[str | int], str]:
    """The place and the sentence of one schema fault."""
    path: list[str | int] = list(error.absolute_path)
    value, schema, keyword = error.instance, error.schema, error.validator
    last = path[-1] if path else ""
    if keyword == "required":
        missing = next(key for key in schema["required"] if key not in value)
        return [*path, missing], _("is missing")
    if keyword == "additionalProperties":
        allowed = list(schema.get("properties", {}))
        extra = next(key for key in value if key not in allowed)
        return [*path, extra], _("unknown key (allowed here: %(keys)s)") % {
            "keys": ", ".join(allowed)
        }
    if keyword == "type":
        words = _type_words(schema["type"], shown(value))
        if words is not None:
            return path, words
    if keyword in ("enum", "const"):
        choices = schema["enum"] if keyword == "enum" else [schema["const"]]
        return path, _("must be one of %(choices)s, not %(value)s") % {
            "choices": ", ".join(json.dumps(c) for c in choices),
            "value": shown(value),
        }
    if keyword == "minimum":
        return path, _("%(value)s is too small: the least allowed is %(min)s") % {
            "value": value,
            "min": schema["minimum"],
        }
    if keyword == "maximum":
        return path, _("%(value)s is too large: the most allowed is %(max)s") % {
            "value": value,
            "max": schema["maximum"],
        }
    if keyword == "multipleOf":
        return path, _("%(value)s is not a multiple of %(step)s") % {
            "value": value,
            "step": schema["multipleOf"],
        }
    if keyword == "pattern" and schema["pattern"] == DATE_PATTERN:
        return path, _("must be a date written YYYY-MM-DD, not %(value)s") % {"value": shown(value)}
    if keyword in ("pattern", "minLength"):
        return path, _("must not be empty")
    if keyword == "maxLength":
        return path, _("is longer than %(max)s characters") % {"max": schema["maxLength"]}
    if keyword in ("minItems", "maxItems"):
        return path, _count_words(last, value)
    if keyword == "uniqueItems":
        index = _first_repeat(value)
        repeated = value[index]
        return [*path, index], _("%(key)s is listed twice") % {
            "key": repeated if isinstance(repeated, str) else shown(repeated)
        }
    return path, error.message  # a keyword this module does not know: jsonschema's English


def _count_words(key: str | int, value: Sequence[Any]) -> str:
    if key == "players":
        return _("must hold exactly two player names, not %(count)s") % {"count": len(value)}
    if key == "vp":
        return _("must be two numbers: [winner VP, loser VP]")
    return _("must name at least one tie-break (or leave the key out)")


def _first_repeat(values: Iterable[Any]) -> int:
    seen: list[Any] = []
    for index, value in enumerate(values):
        if value in seen:
            return index
        seen.append(value)
    return 0
