"""Dismissing an anomaly: the director looked at a table's flagged result and lets it stand,
with a note. One transaction, recorded in the change log. The dismissal holds for the result as
it is (the table's version): a later change of the result lists the anomaly again."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..audit_text import table_subject
from ..models import AnomalyDismissal, Table
from ..selectors.anomalies import turno_anomaly_list
from .audit import audit_record


@transaction.atomic
def anomaly_dismiss(*, table: Table, user, code: str, note: str) -> AnomalyDismissal:
    """Record that the anomaly ``code`` of ``table`` was looked at; ``note`` says why it stands.

    Refused when the table no longer has that anomaly (the result changed meanwhile)."""
    table = Table.objects.select_for_update().select_related("turno__tournament").get(pk=table.pk)
    note = note.strip()
    if not note:
        raise ValidationError(_("Write a note saying why the result stands."), code="note")
    current = [a for a in turno_anomaly_list(turno=table.turno) if a.table.pk == table.pk]
    if code not in {a.code for a in current}:
        raise ValidationError(
            _("Table %(table)s no longer shows this anomaly: nothing to dismiss.")
            % {"table": table.label},
            code="gone",
        )
    dismissal, _created = AnomalyDismissal.objects.update_or_create(
        table=table,
        code=code,
        table_version=table.version,
        defaults={
            "note": note,
            "created_by": user if getattr(user, "is_authenticated", False) else None,
        },
    )
    audit_record(
        tournament=table.turno.tournament,
        user=user,
        action="anomaly_dismiss",
        subject=table_subject(table),
        reason=note,
        after={"anomaly": code},
        table=table,
    )
    return dismissal
