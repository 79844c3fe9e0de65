"""Correcting a published seating after results were entered: the only code that changes the
pairs of a table that has a result.

Two corrections, one transaction each, each recorded in the change log with its reason:

- ``table_swap_lines``: a table whose lines sat the wrong way round (NS/EO swapped). The pairs
  change lines and so does everything entered for them (each smazzata's NS and EO columns, the
  turno totals, the forfeit's winner, the last move), so each pair keeps what it scored.
- ``turno_exchange_pairs``: two pairs sat at each other's place (at two tables of the turno).
  The two pairs change places; what was entered at each table stays there, because it is the
  scorecard of the game played at that table: it is now credited to the pair who really sat
  there, and that pair's results move with it.

Every result touched is recomputed through the results bridge and the table's version goes up,
so a scorecard form opened before the correction is refused instead of undoing it. A knock-out
tournament is refused: its seating is its bracket, and a match that moved would move the
bracket with it (enter the match again instead).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from burraco_tourney.core.rule_messages import rule_error_message

from ..audit_text import turno_subject
from ..models import Entrant, Line, Smazzata, Table, Turno
from ..results_bridge import (
    LINE_FIELDS,
    MATCH_FIELDS,
    RESULT_FIELDS,
    EntryRefused,
    apply_outcome,
    stored_entry,
    table_outcome_for,
)
from .audit import audit_record
from .locks import tournament_lock
from .table_links import table_links_revoke
from .turni import turno_snapshot

SWAP_LINES = "seating_swap_lines"
EXCHANGE_PAIRS = "seating_exchange_pairs"
OTHER_LINE = {Line.NS.value: Line.EO.value, Line.EO.value: Line.NS.value, "": ""}


def seating_fix_refusal(turno: Turno) -> str | None:
    """Why the seating of ``turno`` cannot be corrected here, None when it can."""
    refusal = turno.tournament.fmt.seating_fix_refusal()
    if refusal is not None:
        return refusal
    if not turno.published:
        return _("Turno %(turno)s is a draft: draw it again instead.") % {"turno": turno.number}
    return None


def _locked_turno(turno: Turno) -> Turno:
    tournament_lock(turno.tournament)
    turno = Turno.objects.select_related("tournament").get(pk=turno.pk)
    refusal = seating_fix_refusal(turno)
    if refusal:
        raise ValidationError(refusal, code="seating_fixed")
    return turno


def _reason(reason: str) -> str:
    reason = reason.strip()
    if not reason:
        raise ValidationError(
            _("Say why the seating is corrected: the change is recorded."),
            code="reason_required",
        )
    return reason


def _rescore(table: Table, smazzate: list[Smazzata]) -> None:
    """Recompute the table's result from what it holds now, through the results bridge, and
    store it with a new version; refuse when the rules in force refuse the moved result."""
    entry = stored_entry(table, smazzate)
    outcome = None
    if entry is not None:
        try:
            outcome = table_outcome_for(table.turno.tournament, table, entry)
        except EntryRefused as refused:
            raise ValidationError(
                [rule_error_message(r.error) for r in refused.refusals], code="refused"
            ) from None
    changed = apply_outcome(table, smazzate, outcome)
    table.version += 1
    table.save(update_fields=["ns", "eo", "forfeit_winner", "version", *RESULT_FIELDS])
    table.match.save(update_fields=MATCH_FIELDS)
    if changed:
        Smazzata.objects.bulk_update(changed, ["ns_total", "eo_total"])


def _swap_smazzata(smazzata: Smazzata) -> None:
    for field in (*LINE_FIELDS, "total"):
        ns, eo = getattr(smazzata, f"ns_{field}"), getattr(smazzata, f"eo_{field}")
        setattr(smazzata, f"ns_{field}", eo)
        setattr(smazzata, f"eo_{field}", ns)
    smazzata.last_move = OTHER_LINE[smazzata.last_move]


@transaction.atomic
def table_swap_lines(*, table: Table, user, reason: str) -> Table:
    """Swap the lines of ``table`` with everything entered for them; each pair keeps its
    score. Raises ValidationError (a knock-out, a draft, no reason)."""
    turno = _locked_turno(table.turno)
    reason = _reason(reason)
    table = (
        Table.objects.select_related("turno__tournament", "ns", "eo", "match")
        .prefetch_related("smazzate")
        .get(pk=table.pk)
    )
    before = turno_snapshot(turno)
    smazzate = list(table.smazzate.all())
    for smazzata in smazzate:
        _swap_smazzata(smazzata)
    table.ns, table.eo = table.eo, table.ns
    table.ns_mp, table.eo_mp = table.eo_mp, table.ns_mp
    table.forfeit_winner = OTHER_LINE[table.forfeit_winner]
    if smazzate:
        fields = [f"{line}_{f}" for line in ("ns", "eo") for f in (*LINE_FIELDS, "total")]
        Smazzata.objects.bulk_update(smazzate, [*fields, "last_move"])
    _rescore(table, smazzate)
    # The printed QR code and the phones' drafts named the lines the other way round.
    table_links_revoke([table])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action=SWAP_LINES,
        subject=turno_subject(turno),
        reason=reason,
        before=before,
        after=turno_snapshot(turno),
        table=table,
    )
    return table


def _seat_of(turno: Turno, pair: Entrant) -> tuple[Table, str]:
    for line in ("ns", "eo"):
        table = (
            Table.objects.select_related("turno__tournament", "ns", "eo", "match")
            .filter(turno=turno, **{line: pair})
            .first()
        )
        if table is not None:
            return table, line
    raise ValidationError(
        _("Pair %(pair)s has no table in turno %(turno)s (it rests or is not in the turno).")
        % {"pair": pair.number, "turno": turno.number},
        code="not_seated",
    )


@transaction.atomic
def turno_exchange_pairs(
    *, turno: Turno, first: Entrant, second: Entrant, user, reason: str
) -> None:
    """Put ``first`` in the seat of ``second`` and ``second`` in the seat of ``first`` (two
    tables of ``turno``); each table's result stays with its table and is recomputed. Raises
    ValidationError (a knock-out, a draft, the same table, a pair not seated, no reason)."""
    turno = _locked_turno(turno)
    reason = _reason(reason)
    if first.pk == second.pk:
        raise ValidationError(_("Choose two different pairs."), code="same_pair")
    (table_a, line_a), (table_b, line_b) = _seat_of(turno, first), _seat_of(turno, second)
    if table_a.pk == table_b.pk:
        raise ValidationError(
            _("Pairs %(first)s and %(second)s sit at the same table: swap its lines instead.")
            % {"first": first.number, "second": second.number},
            code="same_table",
        )
    before = turno_snapshot(turno)
    setattr(table_a, line_a, second)
    setattr(table_b, line_b, first)
    for table in (table_a, table_b):
        _rescore(table, list(table.smazzate.all()))
    table_links_revoke([table_a, table_b])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action=EXCHANGE_PAIRS,
        subject=turno_subject(turno),
        reason=reason,
        before=before,
        after=turno_snapshot(turno),
    )
