"""The change log of a tournament. Services call ``audit_record`` inside their transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import F
from django.utils.text import Truncator

from ..audit_text import Subject, subject_text
from ..live_cache import counter_publish
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
    ``subject`` what it is about (see ``audit_text``), read later in the reader's language.

    Also raises the tournament's change counter, in the same transaction: every write of a
    service passes here, so the public pages' cache (``live_pages``) never outlives a change.
    """
    tournament_touch(tournament=tournament)
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


@dataclass(frozen=True)
class Note:
    """A change log entry written together with a result's, just before it (the director's
    acceptance of a line's draft: which line, over what, why)."""

    action: str
    reason: str = ""
    after: Any = None


def tournament_touch(*, tournament: Tournament) -> None:
    """Raise the change counter (one UPDATE, safe against concurrent writers) and keep the
    instance in step, so that a later ``save()`` of it cannot write the old value back."""
    Tournament.objects.filter(pk=tournament.pk).update(change_counter=F("change_counter") + 1)
    tournament.change_counter = (
        Tournament.objects.filter(pk=tournament.pk).values_list("change_counter", flat=True).get()
    )
    counter_publish(tournament)  # the phones' 304s read it without the database
