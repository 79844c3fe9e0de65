"""Reads of a tournament's change log: the entries, filtered, and what each one changed.

The services write ``AuditEntry`` rows with ``before`` and ``after`` as JSON values (usually
dicts). ``audit_changes`` turns a pair of them into the few lines a director reads: only the keys
whose value changed, nested dicts flattened to dotted keys. Read only: never writes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from django.db.models import Q, QuerySet

from ..models import AuditEntry, Tournament

ChangeKind = Literal["added", "removed", "changed"]

# A value longer than this is shown folded (a turno's seating can hold hundreds of tables).
LONG_VALUE = 80


@dataclass(frozen=True)
class Change:
    """One key of a change: its value before and after (None when absent on that side)."""

    key: str
    before: Any
    after: Any
    kind: ChangeKind


def audit_entries(
    *,
    tournament: Tournament,
    turno: int | None = None,
    table: int | None = None,
    action: str | None = None,
) -> QuerySet[AuditEntry]:
    """The tournament's change log, newest first, filtered by turno, table number and action.

    An entry belongs to a turno when it names one of its tables, when it is about the turno
    itself (``turno_*`` actions keep the turno number as ``number``; any entry whose subject is
    the turno), or when its values say ``"turno": N`` (penalties and other per-turno changes).
    """
    entries = AuditEntry.objects.filter(tournament=tournament).select_related("user")
    if turno is not None:
        about_turno = Q(action__startswith="turno_") & (
            Q(after__number=turno) | Q(before__number=turno)
        )
        # Whatever names the turno as its subject: the exchange of two pairs, a correction of
        # the turno's seating that names no single table.
        subject_turno = Q(subject_code="turno", subject_params__number=turno)
        entries = entries.filter(
            Q(table__turno__number=turno)
            | about_turno
            | subject_turno
            | Q(after__turno=turno)
            | Q(before__turno=turno)
        )
    if table is not None:
        entries = entries.filter(
            Q(table__number=table) | Q(after__table=table) | Q(before__table=table)
        )
    if action:
        entries = entries.filter(action=action)
    return entries.order_by("-at", "-id")


def audit_actions(*, tournament: Tournament) -> list[str]:
    """The action keys present in the tournament's change log, for the filter."""
    return sorted(
        AuditEntry.objects.filter(tournament=tournament)
        .order_by()
        .values_list("action", flat=True)
        .distinct()
    )


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Dicts to dotted keys; a list of dicts (the smazzate of a result) too, each item keyed by
    its ``number`` when it has one, else by its position from 1."""
    if isinstance(value, Mapping):
        flat: dict[str, Any] = {}
        for key, item in value.items():
            flat.update(_flatten(item, f"{prefix}{key}."))
        return flat
    if isinstance(value, list) and value and all(isinstance(i, Mapping) for i in value):
        flat = {}
        for position, item in enumerate(value, start=1):
            # An item with a number is keyed by it, which then need not be listed again.
            number = item.get("number")
            fields = item if number is None else {k: v for k, v in item.items() if k != "number"}
            flat.update(_flatten(fields, f"{prefix}{position if number is None else number}."))
        return flat
    return {prefix.rstrip("."): value}


# The order a director reads a record in. PostgreSQL's jsonb does not keep the order of keys,
# so changes are listed in this order (unknown keys after, by name), on every database alike.
# A turno reads as its page shows it, the settings as their page lists them.
READING_ORDER = (
    "turno", "table", "pair", "number", "players", "player1", "player2", "club", "withdrawn",
    "joined_turno", "missed", "missed_vp", "missed_mp",
    "movement", "published", "tables", "byes", "seeding", "options",
    "entry_mode", "forfeit_winner", "ns_mp", "eo_mp", "ns_vp", "eo_vp", "winner", "vp", "mp",
    "reason", "smazzate", "ns", "eo", "end", "last_move", "cards", "pulito", "semipulito", "sporco",
    "nobile", "reale", "chiusura", "pozzetto", "total",
    "name", "date", "venue", "kind", "ruleset_name", "rules", "closing_needs_pulito",
    "pozzetto_penalty_always", "bonuses", "chiusura_bonus", "pozzetto_penalty",
    "smazzate_per_turno", "vp_table", "bye_vp", "bye_mp", "forfeit_vp", "forfeit_mp",
    "forfeit_loser_vp", "tiebreaks", "planned_turni", "ko_mode", "ko_smazzate", "ko_target",
    "ko_rounds", "round", "target",
)  # fmt: skip
_RANK = {key: i for i, key in enumerate(READING_ORDER)}


def _reading_order(key: str) -> tuple:
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, _RANK.get(part, len(_RANK)), part)
        for part in key.split(".")
    )


def _records(value: Any) -> bool:
    """Whether a value is read key by key: a dict, a list of dicts (the pairs of an imported
    list, the calls of a table), or nothing."""
    if value is None or isinstance(value, Mapping):
        return True
    return isinstance(value, list) and bool(value) and all(isinstance(i, Mapping) for i in value)


def audit_changes(before: Any, after: Any) -> list[Change]:
    """What changed between two JSON values, key by key (only keys whose value differs).

    Keys are dotted paths: ``smazzate.2.ns.cards`` is the NS card points of smazzata 2.

    A created thing (no ``before``) lists its values as added; a deleted one (no ``after``)
    as removed. Two values that are not dicts give one change with an empty key.
    """
    if before is None and after is None:
        return []
    if not _records(before) or not _records(after):
        return [] if before == after else [Change("", before, after, "changed")]
    old = _flatten(before or {})
    new = _flatten(after or {})
    changes = []
    # PostgreSQL's jsonb does not keep the order of keys: sort them the way a scorecard reads.
    for key in sorted(set(old) | set(new), key=_reading_order):
        if key in old and key in new:
            if old[key] != new[key]:
                changes.append(Change(key, old[key], new[key], "changed"))
        elif key in old:
            changes.append(Change(key, old[key], None, "removed"))
        else:
            changes.append(Change(key, None, new[key], "added"))
    return changes


@dataclass(frozen=True)
class SmazzataChanges:
    """What changed in one smazzata of a result, its keys relative to it (``ns.cards``).

    ``totals`` are the lines' totals that changed (what a folded smazzata shows), ``boxes``
    every other box that changed (shown when the director opens it). ``kind`` is "added" for a
    smazzata that was not there before, "removed" for one that is gone, else "changed".
    """

    number: int
    kind: ChangeKind
    totals: tuple[Change, ...]
    boxes: tuple[Change, ...]


SMAZZATE_KEY = "smazzate"
TOTAL_KEY = "total"


def grouped_changes(before: Any, after: Any) -> list[Change | SmazzataChanges]:
    """``audit_changes`` with the keys of each smazzata gathered into one ``SmazzataChanges``,
    in the place of the smazzata's first key: a result entered smazzata by smazzata reads as a
    few lines (its MP and VP, one line per smazzata) instead of one line per box.

    The smazzata's own ``number`` is left out: the group is named by it.
    """
    grouped: list[Change | SmazzataChanges] = []
    smazzate: dict[int, list[Change]] = {}
    for change in audit_changes(before, after):
        parts = change.key.split(".", 2)
        if len(parts) == 3 and parts[0] == SMAZZATE_KEY and parts[1].isdigit():
            number = int(parts[1])
            if number not in smazzate:
                smazzate[number] = []
                grouped.append(SmazzataChanges(number, "changed", (), ()))  # placeholder
            smazzate[number].append(Change(parts[2], change.before, change.after, change.kind))
        else:
            grouped.append(change)
    return [_smazzata_group(item, smazzate) for item in grouped]


def _smazzata_group(
    item: Change | SmazzataChanges, smazzate: dict[int, list[Change]]
) -> Change | SmazzataChanges:
    if isinstance(item, Change):
        return item
    changes = smazzate[item.number]
    kinds = {change.kind for change in changes}
    kind: ChangeKind = kinds.pop() if len(kinds) == 1 and "changed" not in kinds else "changed"
    return SmazzataChanges(
        number=item.number,
        kind=kind,
        totals=tuple(c for c in changes if c.key.rsplit(".", 1)[-1] == TOTAL_KEY),
        boxes=tuple(
            c for c in changes if c.key != "number" and c.key.rsplit(".", 1)[-1] != TOTAL_KEY
        ),
    )


def value_text(value: Any) -> str:
    """A JSON value as short text: lists of pairs as ``1-2``, no quotes around words."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        if value and all(isinstance(item, list) for item in value):
            return ", ".join("-".join(value_text(i) for i in item) for item in value)
        return ", ".join(value_text(item) for item in value)
    return json.dumps(value, ensure_ascii=False)
