"""The change log of a tournament. Services call ``audit_record`` inside their transaction."""

from __future__ import annotations

from typing import Any

from django.utils.text import Truncator

from ..audit_text import Subject, subject_text
from ..models import AuditEntry, Tournament

SUBJECT_MAX = AuditEntry._meta.get_field("subject").max_length


def audit_record(
    *,
    tournament: Tournament,
    user,
    action: str,
    subject: Subject,
    reason: str = "",
    before: Any = None,
    after: Any = None,
    table=None,
) -> AuditEntry:
    """Record one change: ``action`` is a short stable key (e.g. "pair_edit", "turno_publish"),
    ``subject`` what it is about (see ``audit_text``), read later in the reader's language."""
    return AuditEntry.objects.create(
        tournament=tournament,
        user=user if getattr(user, "is_authenticated", False) else None,
        action=action,
        subject_code=subject.code,
        subject_params=subject.params,
        # The words in the language of the moment, for the admin and as the last fallback.
        subject=Truncator(subject_text(subject)).chars(SUBJECT_MAX),
        reason=reason,
        before=before,
        after=after,
        table=table,
    )
