"""The change log in an archive (version 2 ``log``): written on export, kept on import.

An entry of the site becomes ``{"at", "by", "action", "reason", "detail"}``; its ``detail`` is
the project's own vocabulary (docs/archive.md)::

    {"subject": {"code": "table", "params": {...}, "text": "Turno 2, tavolo 4: 3 – 7"},
     "before": {...}, "after": {...}, "table": {"turno": 2, "table": 4}}

each key left out when empty, keys in alphabetical order. An imported entry keeps the file's
``by`` and ``detail`` as they are (so it is written back unchanged) and, when its detail has
that shape, also the subject, the values before and after and the table, so the change-log page
shows it like any other.

``log_json`` only reads; ``log_rows`` builds unsaved rows for the import service to insert.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils import timezone

from burraco_tourney.tournaments.models import AuditEntry, Table, Tournament

from .records import ArchiveLogEntry

SUBJECT_MAX = AuditEntry._meta.get_field("subject").max_length
CODE_MAX = AuditEntry._meta.get_field("subject_code").max_length


def moment_json(moment) -> str:
    """A stored time as the archive writes it: local time with its offset."""
    return timezone.localtime(moment).isoformat()


def entry_detail(entry: AuditEntry) -> dict[str, Any]:
    """The ``detail`` of an entry recorded on this site."""
    detail: dict[str, Any] = {}
    subject: dict[str, Any] = {}
    if entry.subject_code:
        subject["code"] = entry.subject_code
    if entry.subject_params:
        subject["params"] = entry.subject_params
    if entry.subject:
        subject["text"] = entry.subject
    if subject:
        detail["subject"] = subject
    if entry.before is not None:
        detail["before"] = entry.before
    if entry.after is not None:
        detail["after"] = entry.after
    if entry.table_id is not None:
        detail["table"] = {"turno": entry.table.turno.number, "table": entry.table.number}
    return detail


def log_json(tournament: Tournament) -> list[dict[str, Any]]:
    """The tournament's change log, oldest first."""
    entries = (
        AuditEntry.objects.filter(tournament=tournament)
        .select_related("user", "table__turno")
        .order_by("at", "id")
    )
    log: list[dict[str, Any]] = []
    for entry in entries:
        if entry.imported:
            by, detail = entry.by_name, entry.detail
        else:
            by = entry.user.get_username() if entry.user else ""
            detail = entry_detail(entry) or None
        item: dict[str, Any] = {"at": moment_json(entry.at), "by": by, "action": entry.action}
        if entry.reason:
            item["reason"] = entry.reason
        if detail is not None:
            # Keys sorted: PostgreSQL's jsonb keeps no order, and the file must not depend on it.
            item["detail"] = json.loads(json.dumps(detail, sort_keys=True))
        log.append(item)
    return log


def _text(value: Any, limit: int) -> str:
    return value[:limit] if isinstance(value, str) else ""


def log_rows(
    tournament: Tournament, entries: Iterable[ArchiveLogEntry], tables: Mapping[tuple, Table]
) -> list[AuditEntry]:
    """Unsaved rows for the file's entries, in order; ``tables`` maps (turno, table) numbers to
    the tournament's new tables."""
    rows: list[AuditEntry] = []
    for entry in entries:
        row = AuditEntry(
            tournament=tournament,
            at=entry.at,
            action=entry.action,
            reason=entry.reason,
            imported=True,
            by_name=entry.by,
            detail=entry.detail,
        )
        detail = entry.detail if isinstance(entry.detail, Mapping) else {}
        subject = detail.get("subject")
        if isinstance(subject, Mapping):
            row.subject_code = _text(subject.get("code"), CODE_MAX)
            params = subject.get("params")
            row.subject_params = dict(params) if isinstance(params, Mapping) else {}
            row.subject = _text(subject.get("text"), SUBJECT_MAX)
        row.before, row.after = detail.get("before"), detail.get("after")
        place = detail.get("table")
        if isinstance(place, Mapping):
            key = (place.get("turno"), place.get("table"))
            if all(isinstance(number, int) for number in key):
                row.table = tables.get(key)
        rows.append(row)
    return rows
