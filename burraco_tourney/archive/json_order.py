"""The archive's values that come from JSON columns, written in one order of keys whatever the
database: SQLite keeps an object's keys as they were stored, PostgreSQL's jsonb in an order of
its own (shorter keys first), so an export that wrote them as read would differ by database.

Each value with a known shape is rebuilt in the order of that shape (a VP band's ``max`` then
``vp``; a KO round's ``round``, ``mode``, then its length; a phone draft in the order of
``rules.submission_data``); a draw note's ``params``, which differ by note, are written with
their keys sorted, like the change log's ``detail`` (``log.py``). This module only reads.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from burraco_tourney.rules.scoring import LineEntry

BAND_KEYS = ("max", "vp")
KO_ROUND_KEYS = ("round", "mode", "smazzate", "target")
# A phone draft's smazzata and line, in the order of ``rules.submission_data.smazzate_data``.
DRAFT_KEYS = ("end", "last_move", "ns", "eo")
BOX_KEYS = tuple(field.name for field in dataclasses.fields(LineEntry))


def _in_order(value: Mapping[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    """``value`` with ``keys`` first in that order, any other key after them, sorted."""
    ordered = {key: value[key] for key in keys if key in value}
    ordered.update(sorted((k, v) for k, v in value.items() if k not in ordered))
    return ordered


def sorted_json(value: Any) -> Any:
    """``value`` with the keys of every object in it sorted."""
    return json.loads(json.dumps(value, sort_keys=True))


def vp_table_json(value: Any) -> Any:
    """A tournament's ``vp_table``: a name as it is, a list of bands each ``{"max", "vp"}``."""
    if isinstance(value, str):
        return value
    return [_in_order(band, BAND_KEYS) for band in value]


def ko_rounds_json(rounds: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``ko.rounds``, by round number, each ``{"round", "mode", "smazzate" | "target"}``."""
    return [_in_order(item, KO_ROUND_KEYS) for item in sorted(rounds, key=lambda r: r["round"])]


def draw_notes_json(notes: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A turno's ``draw_notes`` in the draw's order, each ``{"code", "params"}`` with the
    params' keys sorted (a note's params have no shape of their own to follow)."""
    return [_in_order(sorted_json(note), ("code", "params")) for note in notes]


def draft_json(smazzate: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A line's phone draft in the order of a submission's smazzate: ``end``, ``last_move``,
    ``ns``, ``eo``, each line's boxes in scorecard order."""
    drafts = []
    for smazzata in smazzate:
        draft = _in_order(smazzata, DRAFT_KEYS)
        for line in ("ns", "eo"):
            if isinstance(draft.get(line), Mapping):
                draft[line] = _in_order(draft[line], BOX_KEYS)
        drafts.append(draft)
    return drafts
