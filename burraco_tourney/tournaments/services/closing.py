"""Closing a turno, and reopening it: the director's word that its results are final.

Until its turno is closed, standings that include it are provisional (PROVVISORIA on the page,
the PDF, the workbook and the projector: ``selectors.standings.standings_choice``). Closing is
offered once every table has a result; the anomalies still open are listed first (the director
sees them and may still close: they are recorded with the close). Closing also closes the turno
to the players' phones. A result changed afterwards is marked as corrected, with its time
(``services.scores``). Reopening ("riapri il turno") needs a reason, and is recorded; a turno is
reopened only while no later turno is closed.

Both functions are one transaction, lock the tournament and then the turno's tables (a result
being saved at that moment is either seen by the close or comes after it), and record what
they did with ``audit_record``.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..audit_text import turno_subject
from ..models import Table, Turno
from ..selectors.anomalies import turno_anomaly_list
from ..selectors.scores import later_closed_turno
from .audit import audit_record
from .locks import tournament_lock

TURNO_CLOSE = "turno_close"
TURNO_REOPEN = "turno_reopen"


def _locked(turno: Turno) -> Turno:
    tournament_lock(turno.tournament)
    return Turno.objects.select_for_update().select_related("tournament").get(pk=turno.pk)


def close_refusal(turno: Turno, tables: list[Table] | None = None) -> str | None:
    """Why ``turno`` cannot be closed now, None when it can."""
    if not turno.published:
        return _("Turno %(turno)s is a draft: publish it and enter its results first.") % {
            "turno": turno.number
        }
    if tables is None:
        tables = list(turno.tables.all())
    if not tables:
        return _("Turno %(turno)s has no tables.") % {"turno": turno.number}
    missing = sorted(t.number for t in tables if not t.entry_mode)
    if missing:
        return ngettext(
            "Turno %(turno)s cannot be closed yet: table %(tables)s has no result.",
            "Turno %(turno)s cannot be closed yet: tables %(tables)s have no result.",
            len(missing),
        ) % {"turno": turno.number, "tables": ", ".join(str(n) for n in missing)}
    return None


@transaction.atomic
def turno_close(*, turno: Turno, user) -> Turno:
    """Close ``turno``: its standings are no longer provisional, its phones are closed. A turno
    already closed stays as it is (a second click changes nothing)."""
    turno = _locked(turno)
    if turno.closed_at is not None:
        return turno
    tables = list(Table.objects.select_for_update().filter(turno=turno).order_by("number"))
    refusal = close_refusal(turno, tables)
    if refusal is not None:
        raise ValidationError(refusal, code="not_ready")
    open_anomalies = [
        {"table": a.table.number, "code": a.code}
        for a in turno_anomaly_list(turno=turno)
        if a.dismissal is None
    ]
    turno.closed_at = timezone.now()
    turno.players_closed = True
    turno.save(update_fields=["closed_at", "players_closed"])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action=TURNO_CLOSE,
        subject=turno_subject(turno),
        after={"open_anomalies": open_anomalies} if open_anomalies else None,
    )
    return turno


def turno_close_before_draw(*, last: Turno | None, user, close: bool) -> None:
    """The draw of the next turno (pairs or individual) closes ``last`` first when the director
    left its box ticked and it is published and still open; inside the draw's transaction."""
    if close and last is not None and last.published and last.closed_at is None:
        turno_close(turno=last, user=user)


@transaction.atomic
def turno_reopen(*, turno: Turno, user, reason: str) -> Turno:
    """Reopen a closed turno ("riapri il turno"): its standings are provisional again until it
    is closed again. The turno stays closed to the phones (the room board opens it to them)."""
    turno = _locked(turno)
    reason = reason.strip()
    if turno.closed_at is None:
        raise ValidationError(
            _("Turno %(turno)s is not closed.") % {"turno": turno.number}, code="not_closed"
        )
    later = later_closed_turno(turno=turno)
    if later is not None:
        raise ValidationError(
            _("Turno %(later)s is closed: reopen it before turno %(turno)s.")
            % {"later": later, "turno": turno.number},
            code="later_closed",
        )
    if not reason:
        raise ValidationError(
            _("Say why turno %(turno)s is reopened: the change is recorded.")
            % {"turno": turno.number},
            code="reason_required",
        )
    turno.closed_at = None
    turno.save(update_fields=["closed_at"])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action=TURNO_REOPEN,
        subject=turno_subject(turno),
        reason=reason,
    )
    return turno
