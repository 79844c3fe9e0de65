"""The change log of a tournament. Services call ``audit_record`` inside their transaction."""

from __future__ import annotations

from typing import Any

from ..models import AuditEntry, Tournament


def audit_record(
    *,
    tournament: Tournament,
    user,
    action: str,
    subject: str,
    reason: str = "",
    before: Any = None,
    after: Any = None,
    table=None,
) -> AuditEntry:
    """Record one change: ``action`` is a short stable key (e.g. "pair_edit", "turno_publish")."""
    return AuditEntry.objects.create(
        tournament=tournament,
        user=user if getattr(user, "is_authenticated", False) else None,
        action=action,
        subject=subject,
        reason=reason,
        before=before,
        after=after,
        table=table,
    )
