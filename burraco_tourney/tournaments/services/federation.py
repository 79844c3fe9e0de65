"""Writing what the director adds to the federation report (RULES.md section 14): the names of
its three signatories, and the mark that it was sent (and by whom), or taking that mark back.
Each change is one transaction with its entry in the tournament's change log; the tournament's
row is locked first, so two directors marking at once make one report row and one entry each
that reads what the other left.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from ..audit_text import tournament_subject
from ..models import FederationReport, Tournament
from .audit import audit_record
from .locks import tournament_lock

SIGNATORIES = ("arbitro", "direttore", "sala_conti")


def _report(tournament: Tournament) -> FederationReport:
    tournament_lock(tournament)
    report, _created = FederationReport.objects.get_or_create(tournament=tournament)
    return report


@transaction.atomic
def federation_signatories_set(
    *, tournament: Tournament, user, arbitro: str, direttore: str, sala_conti: str
) -> FederationReport:
    """Set the names printed under the report's signature lines."""
    report = _report(tournament)
    after = {"arbitro": arbitro.strip(), "direttore": direttore.strip()}
    after["sala_conti"] = sala_conti.strip()
    before = {name: getattr(report, name) for name in SIGNATORIES}
    changed = [name for name in SIGNATORIES if before[name] != after[name]]
    if not changed:
        return report
    for name in changed:
        setattr(report, name, after[name])
    report.save(update_fields=changed)
    audit_record(
        tournament=tournament,
        user=user,
        action="federation_signatories",
        subject=tournament_subject(tournament),
        before={name: before[name] for name in changed},
        after={name: after[name] for name in changed},
    )
    return report


@transaction.atomic
def federation_report_mark_sent(
    *, tournament: Tournament, user, sent_on: datetime.date | None = None
) -> FederationReport:
    """Mark the report as sent to the federation on ``sent_on`` (today by default). Marking a
    report already marked changes nothing."""
    report = _report(tournament)
    if report.sent_on is not None:
        return report
    report.sent_on = sent_on or timezone.localdate()
    report.sent_by = user
    report.save(update_fields=["sent_on", "sent_by"])
    audit_record(
        tournament=tournament,
        user=user,
        action="federation_report_sent",
        subject=tournament_subject(tournament),
        after={"sent_on": report.sent_on.isoformat()},
    )
    return report


@transaction.atomic
def federation_report_unmark(*, tournament: Tournament, user, reason: str = "") -> None:
    """Take back the mark (marked by mistake): the report counts as not sent again."""
    report = _report(tournament)
    if report.sent_on is None:
        return
    before = {"sent_on": report.sent_on.isoformat()}
    report.sent_on = None
    report.sent_by = None
    report.save(update_fields=["sent_on", "sent_by"])
    audit_record(
        tournament=tournament,
        user=user,
        action="federation_report_unsent",
        subject=tournament_subject(tournament),
        reason=reason,
        before=before,
    )
