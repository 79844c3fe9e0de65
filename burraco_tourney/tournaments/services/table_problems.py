"""A table's call for the director from a phone ("segnala un problema") and the director's
clearing of it.

``table_problem_report`` keeps the call (which line, which phone session, a short message) and
the room board shows the table red with the message until ``table_problems_clear``, from the
director's page of the table. Both are one transaction each and are in the change log.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..audit_text import table_subject
from ..models import Table, TableAccess, TableProblem
from .audit import audit_record

TABLE_PROBLEM = "table_problem"
TABLE_PROBLEM_CLEAR = "table_problem_clear"
MESSAGE_MAX = 200


@transaction.atomic
def table_problem_report(
    *, access: TableAccess, line: str, session: str, message: str, client_id: str = ""
) -> TableProblem:
    """Call the director to ``access``'s table; refused when the link no longer works.

    ``client_id`` is the id the phone made for this call: sent again (the answer was lost), the
    call already kept is returned and nothing is written. The table's row is locked first, so
    that the same call arriving twice at once is kept by one request only."""
    Table.objects.select_for_update().filter(pk=access.table_id).first()
    if client_id:
        kept = TableProblem.objects.filter(table_id=access.table_id, client_id=client_id).first()
        if kept is not None:
            return kept
    access = TableAccess.objects.select_related("table__turno__tournament").get(pk=access.pk)
    table = access.table
    if access.revoked_at is not None or not table.turno.published:
        raise ValidationError(
            _("This table's link is no longer valid: the seating changed. Ask the referee."),
            code="revoked",
        )
    message = " ".join(message.split())
    if len(message) > MESSAGE_MAX:
        raise ValidationError(
            _("Say it in %(max)s characters at most.") % {"max": MESSAGE_MAX}, code="too_long"
        )
    problem = TableProblem.objects.create(
        table=table,
        line=line if line in ("ns", "eo") else "",
        message=message,
        session=session,
        client_id=client_id,
    )
    audit_record(
        tournament=table.turno.tournament,
        user=None,
        action=TABLE_PROBLEM,
        subject=table_subject(table),
        after={"line": problem.line, "phone": session, "message": message},
        table=table,
    )
    return problem


@transaction.atomic
def table_problems_clear(*, table: Table, user) -> int:
    """Clear the table's open calls (the director has been there); how many were open."""
    open_calls = list(
        TableProblem.objects.select_for_update().filter(table=table, cleared_at__isnull=True)
    )
    if not open_calls:
        return 0
    TableProblem.objects.filter(pk__in=[p.pk for p in open_calls]).update(
        cleared_at=timezone.now(), cleared_by=user
    )
    audit_record(
        tournament=table.turno.tournament,
        user=user,
        action=TABLE_PROBLEM_CLEAR,
        subject=table_subject(table),
        before=[{"line": p.line, "message": p.message} for p in open_calls],
        table=table,
    )
    return len(open_calls)
