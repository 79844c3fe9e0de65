"""The secret link of each table of a published turno (its QR code): made, and revoked.

A link is a long random token (``secrets``), never derived from ids. It is revoked when the
table's seating changes (``services/seating_fix.py``) or the turno goes back to draft
(``services/turni.py``): the printed codes and the phones' drafts no longer name the right
pairs, so the drafts go with it. Never imports the scoring services (they import this).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils import timezone

from ..models import Submission, Table, TableAccess, Turno


def new_token() -> str:
    """A link's secret: 32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


@transaction.atomic
def turno_links_ensure(*, turno: Turno) -> dict[int, TableAccess]:
    """Every table of a published turno with its live link, by table id (created the first
    time it is asked for); nothing for a draft."""
    if not turno.published:
        return {}
    live = {
        a.table_id: a
        for a in TableAccess.objects.filter(table__turno=turno, revoked_at__isnull=True)
    }
    missing = [t for t in turno.tables.all() if t.pk not in live]
    for table in missing:
        try:
            with transaction.atomic():
                live[table.pk] = TableAccess.objects.create(table=table, token=new_token())
        except IntegrityError:
            # Another request made it meanwhile: take that one.
            live[table.pk] = TableAccess.objects.get(table=table, revoked_at__isnull=True)
    return live


def table_photos_delete_on_commit(tables: Iterable[Table]) -> None:
    """The players' photos of ``tables``, about to be deleted with them, leave the disk too once
    the caller's transaction commits (a rollback keeps them: the rows come back)."""
    entries = Submission.objects.filter(table_id__in=[t.pk for t in tables]).exclude(photo="")
    for entry in entries:
        storage, name = entry.photo.storage, entry.photo.name
        transaction.on_commit(lambda storage=storage, name=name: storage.delete(name))


def table_links_revoke(tables: Iterable[Table]) -> None:
    """Revoke the links of ``tables`` and drop their drafts: their seating changed, so the
    printed QR codes and what the phones entered no longer name the right pairs. Runs inside
    the caller's transaction; new links are made when next asked for."""
    ids = [t.pk for t in tables]
    TableAccess.objects.filter(table_id__in=ids, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    for entry in Submission.objects.lines().filter(table_id__in=ids):
        if entry.photo:
            entry.photo.delete(save=False)
        entry.delete()
