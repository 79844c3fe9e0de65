"""One line, one phone: which phone holds each line of a table, and what the change log keeps
of the players' drafts.

A phone that chooses a line holds it (``Submission.holder`` of the line's submission, its
session's short random name)
until the director frees it: no other phone, no second tab of another session, saves that
line; a phone never holds both lines, and the line that confirms is never the phone that
entered. Every function here runs inside the caller's transaction, with the table's row
already locked (``services.player_entries``), except ``player_line_free``, the director's.

The change log keeps, for each phone's save, what the line entered (its smazzate with each
line's total, as a result is kept), from which phone, and each box where it differs from the
other line's draft with both values; for the director's acceptance, which line he took, over
what, and why. Never the table's token.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from burraco_tourney.core.rule_messages import LINE_LABELS
from burraco_tourney.rules.outcome import EntryRefused, Outcome, SmazzateEntry
from burraco_tourney.rules.submission_data import data_smazzate, smazzate_log

from ..audit_text import table_subject
from ..models import Submission, SubmissionSource, SubmissionState, Table
from ..results_bridge import table_outcome_for, tournament_ruleset
from ..selectors.player_entries import box_differences
from .audit import Note, audit_record

OTHER = {"ns": "eo", "eo": "ns"}
LINE_FREE = "player_line_free"
PLAYER_ACCEPT = "player_accept"
DRAFT_CLEAR = "player_draft_clear"


def locked_table(pk: int) -> Table:
    """The table with its row locked for the transaction, read after the lock is taken (its
    result and version as the last writer left them), with its turno and tournament."""
    Table.objects.select_for_update().filter(pk=pk).first()
    return Table.objects.select_related("turno__tournament", "ns", "eo").get(pk=pk)


def line_refusal(entries: dict[str, Submission], line: str, session: str) -> str:
    """Why the phone ``session`` may not be ``line`` at this table; empty when it may."""
    params = {"line": LINE_LABELS[line], "other": LINE_LABELS[OTHER[line]]}
    other = entries.get(OTHER[line])
    if other is not None and other.holder == session:
        return _("This phone is line %(other)s: line %(line)s enters from its own phone.") % params
    if other is not None and other.entered and other.session == session:
        return (
            _(
                "This phone entered line %(other)s's scorecard: line %(line)s checks it from its "
                "own phone."
            )
            % params
        )
    entry = entries.get(line)
    if entry is not None and entry.holder and entry.holder != session:
        return (
            _(
                "Line %(line)s is already held by another phone. If that phone is lost or was "
                "a mistake, ask the referee to free the line."
            )
            % params
        )
    return ""


def line_hold(table: Table, line: str, session: str) -> tuple[Submission, Submission | None]:
    """``line``'s draft, held by ``session`` (taken now when free), and the other line's;
    refused (``ValidationError``) when ``line_refusal`` says why. The table is locked."""
    entries = {e.line: e for e in Submission.objects.lines().filter(table=table)}
    refusal = line_refusal(entries, line, session)
    if refusal:
        raise ValidationError(refusal, code="line_held")
    entry = entries.get(line) or Submission(
        table=table, source=SubmissionSource(line), session=session
    )
    if entry.pk is None or entry.holder != session:
        entry.holder = session
        entry.save(update_fields=None if entry.pk is None else ["holder"])
    return entry, entries.get(OTHER[line])


@transaction.atomic
def player_line_free(*, table: Table, user, line: str) -> Submission | None:
    """The director frees ``line``: the phone holding it no longer may save it, the next phone
    to choose it holds it. Its draft stays. None when the line was free already."""
    if line not in OTHER:
        raise ValueError(f"line must be 'ns' or 'eo', not {line!r}")
    table = locked_table(table.pk)
    entry = Submission.objects.lines().filter(table=table, source=line).first()
    if entry is None or not entry.holder:
        return None
    phone = entry.holder
    entry.holder = ""
    entry.save(update_fields=["holder"])
    phone_log(table, LINE_FREE, user=user, line=line, phone=phone)
    return entry


def line_drafts_clear(table: Table, user) -> None:
    """The table's result was just cleared (``services.scores.table_clear_result``, in its
    transaction, the table locked): the lines' drafts that made it, or were waiting beside it,
    are superseded with it, so both lines enter again from nothing. Each line keeps its phone;
    its version moves on, so a phone's page from before the clear saves nothing over the
    result it no longer sees. The change log keeps what each line had entered."""
    drafts = [e for e in Submission.objects.lines().filter(table=table) if e.entered]
    for entry in drafts:
        audit_record(
            tournament=table.turno.tournament,
            user=user,
            action=DRAFT_CLEAR,
            subject=table_subject(table),
            before={"smazzate": draft_log(table, entry.smazzate)},
            after={"line": entry.line, "phone": entry.session},
            table=table,
        )
    Submission.objects.filter(pk__in=[e.pk for e in drafts]).update(
        data={},
        state=SubmissionState.DRAFT,
        ended_early=False,
        client_id="",
        version=F("version") + 1,
    )


def phone_log(table: Table, action: str, *, user, line: str, phone: str) -> None:
    """Record ``action`` on ``line`` of ``table`` and the phone it concerns (never the token)."""
    audit_record(
        tournament=table.turno.tournament,
        user=user,
        action=action,
        subject=table_subject(table),
        after={"line": line, "phone": phone},
        table=table,
    )


def draft_log(
    table: Table, data: list[dict[str, Any]], outcome: Outcome | None = None
) -> list[dict[str, Any]]:
    """A draft's smazzate as the change log keeps a result's (``rules.submission_data``):
    numbered, each line's boxes and its total when the engine takes the draft. ``outcome`` is
    the engine's answer for this draft when the caller already has it."""
    if outcome is None:
        try:
            outcome = table_outcome_for(
                table.turno.tournament, table, SmazzateEntry(tuple(data_smazzate(data)))
            )
        except EntryRefused:
            outcome = None
    totals = [(s.ns.total, s.eo.total) for s in outcome.smazzate] if outcome else []
    # Every box a scorecard records (a semipulito kept as entered while its switch is off),
    # as the table's results are kept (``table_snapshot``).
    return smazzate_log(data, totals, tournament_ruleset(table.turno.tournament).entry_kinds)


def differences_log(table: Table, ns: Submission | None, eo: Submission | None) -> list[dict]:
    """Each box the two lines' drafts differ on, with both values (empty: they agree, or a
    line has entered nothing)."""
    if ns is None or eo is None or not ns.entered or not eo.entered:
        return []
    kinds = tournament_ruleset(table.turno.tournament).entry_kinds
    return [
        {"smazzata": n, "line": line, "box": box, "ns": ns_value, "eo": eo_value}
        for n, line, box, ns_value, eo_value in box_differences(ns.smazzate, eo.smazzate, kinds)
    ]


def accept_note(table: Table, chosen: Submission, other: Submission | None, *, reason: str) -> Note:
    """The change log entry of the director taking ``chosen``'s draft as the table's result:
    which line, over what, why (recorded with the result's, just before it)."""
    pair = {chosen.line: chosen, OTHER[chosen.line]: other}
    after: dict[str, Any] = {"line": chosen.line, "phone": chosen.session}
    if other is not None and other.entered:
        after.update(other_line=other.line, other_phone=other.session)
        after["differences"] = differences_log(table, pair["ns"], pair["eo"])
    return Note(action=PLAYER_ACCEPT, reason=reason.strip(), after=after)
