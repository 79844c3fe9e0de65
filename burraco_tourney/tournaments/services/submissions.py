"""Accepting a submission: the one code that writes a table's result.

Every result arrives as a ``Submission`` (``models/submission.py``) and becomes the table's
result through ``submission_accept``: the director's four saves (``services.scores``) make a
submission and accept it; a line's phone draft is accepted
by the director or, when both lines agree, at once (``services.player_entries``). Accepting is
one transaction that:

- refuses a draft turno (only published turni accept scores);
- takes the entry as the engine's object (built once by its caller: never read back from
  data here) and asks the results bridge once (``entry_apply``: the engine's outcome put in
  the table, its match and the smazzata rows, in memory), refusing the whole entry with every
  refusal found before anything is written (``ScorecardInvalid`` for a scorecard, a
  ``ValidationError`` next to its box otherwise);
- claims the table's version with a conditional update, so that of two directors saving the same
  table at once the second is refused ("someone else saved this table meanwhile") instead of
  silently overwriting the first;
- replaces the table's smazzate as a whole, stores the outcome, marks the submission accepted
  and the one accepted before it superseded, and records the change with ``audit_record``, at
  the end (after the ``notes`` its caller hands it, such as the director's acceptance of a
  line):
  ``result_enter`` for a first result, ``result_correct`` (a reason is required) for a change,
  ``result_clear`` (with a reason) when the table goes back to "no result";
  ``result_correct_closed`` for a change made after the turno was closed
  (``services.closing``): the table keeps the time (``corrected_at``), which the public pages
  and the standings show. A closed turno's result is never cleared: the turno is reopened
  first.

The change log's detail of a result (``table_snapshot``) writes its smazzate through the one
shape of ``rules.submission_data``, after the engine has answered: the path of a save never
goes back to a file it has left (``tests/tournaments/test_save_path.py``). A refusal due to
the state of the table is a ``ValidationError`` with a translated message and a stable
``code`` (``turno_draft``, ``stale``, ``reason_required``, ``no_result``, ...).

The path of one save, function by function, is in docs/submissions.md.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.outcome import (
    EntryRefused,
    ForfeitEntry,
    Outcome,
    SmazzateEntry,
    TableEntry,
    TotalsEntry,
)
from burraco_tourney.rules.submission_data import entry_data, smazzate_data, smazzate_log

from ..audit_text import table_subject
from ..models import (
    EntryMode,
    Smazzata,
    Submission,
    SubmissionState,
    Table,
    Turno,
)
from ..results_bridge import (
    MATCH_FIELDS,
    RESULT_FIELDS,
    RULES_CHANGED,
    Applied,
    entry_apply,
    rules_fingerprint,
    stored_entry,
    tournament_ruleset,
)
from ..selectors.scores import RESULT_CORRECT, RESULT_CORRECT_CLOSED
from .audit import Note, audit_record

RESULT_ENTER = "result_enter"
RESULT_CLEAR = "result_clear"
LINES = ("ns", "eo")


class ScorecardInvalid(RuleError):
    """The engine refused the scorecard; nothing was saved. Its code is the first refusal's.

    ``errors`` holds (smazzata number counted from 1, or None for the whole table, the engine's
    error), every one found.
    """

    def __init__(self, errors: Sequence[tuple[int | None, RuleError]]) -> None:
        self.errors = list(errors)
        first = self.errors[0][1]
        message = "; ".join(f"smazzata {n}: {e.message}" for n, e in self.errors)
        super().__init__(first.code, message, **first.params)


@dataclass(frozen=True)
class SavedResult:
    """What a save did: ``action`` is the audit action, or None when nothing had changed."""

    table: Table
    action: str | None


def table_snapshot(
    table: Table,
    entry: TableEntry | None,
    totals: Sequence[tuple[int, int]],
    kinds: Sequence[str],
) -> dict[str, Any] | None:
    """The result as the audit log keeps it (JSON); None for a table without a result.

    ``entry`` is the table's entry as stored (``results_bridge.stored_entry``), ``totals`` its
    smazzate's totals in order.
    """
    if not table.entry_mode:
        return None
    data: dict[str, Any] = {
        "entry_mode": table.entry_mode,
        "ns_mp": table.ns_mp,
        "eo_mp": table.eo_mp,
    }
    data.update(table.turno.tournament.fmt.scoring.logged_decision(table.match))
    if table.entry_mode == EntryMode.FORFEIT:
        data["forfeit_winner"] = table.forfeit_winner
    if isinstance(entry, TotalsEntry) and entry.last_move:
        data["last_move"] = entry.last_move
    if isinstance(entry, SmazzateEntry):
        data["smazzate"] = smazzate_log(smazzate_data(entry.smazzate), totals, kinds)
    return data


def _match_goes_on(before: dict[str, Any], after: dict[str, Any] | None) -> bool:
    """A KO match still being played ("a punti", no winner yet) gets its next smazzate, the
    ones already stored unchanged: an entry going on, not a correction (no reason asked, the
    table not marked corrected)."""
    if after is None or before.get("winner") != "":
        return False
    if before["entry_mode"] != EntryMode.SMAZZATE or after["entry_mode"] != EntryMode.SMAZZATE:
        return False
    stored, now = before["smazzate"], after["smazzate"]
    return len(now) > len(stored) and now[: len(stored)] == stored


def _current(table: Table, rules_seen: str = "") -> Table:
    """The table as stored now, its turno and tournament; refuse a draft turno, and a form
    built under other rules (``rules_seen``, blank: not known) than those in force. The
    table's row is locked before the rules are read, so a rule change (which locks every
    table first) never lands between the check and the save; rows are always locked table
    first, tournament after (the KO's ``ko_after_result``)."""
    Table.objects.select_for_update().filter(pk=table.pk).first()
    current = (
        Table.objects.select_related("turno__tournament", "ns", "eo", "match")
        .prefetch_related("smazzate")
        .get(pk=table.pk)
    )
    if rules_seen and rules_seen != rules_fingerprint(current.turno.tournament):
        raise ValidationError(RULES_CHANGED, code="rules_changed")
    if not current.turno.published:
        raise ValidationError(
            _("Turno %(turno)s is a draft: publish it before entering its scores.")
            % {"turno": current.turno.number},
            code="turno_draft",
        )
    return current


def _claim(table: Table, version: int) -> None:
    """Take the table's version, or refuse: someone saved it since the form was loaded."""
    if not Table.objects.filter(pk=table.pk, version=version).update(version=version + 1):
        raise ValidationError(
            _(
                "Someone else saved table %(table)s meanwhile: reload the page to see their "
                "result, then enter yours again if it is still needed."
            )
            % {"table": table.label},
            code="stale",
        )
    table.version = version + 1


@dataclass(frozen=True)
class _Before:
    """The table as stored before the save: its row, its entry and its smazzate's totals."""

    table: Table
    entry: TableEntry | None
    totals: list[tuple[int, int]]


def _save(
    table: Table,
    submission: Submission,
    *,
    user,
    version: int,
    reason: str,
    entry: TableEntry | None,
    before_table: _Before,
    applied: Applied,
    action: str | None = None,
    notes: Sequence[Note] = (),
) -> SavedResult:
    """Store what ``applied`` put in ``table`` (already changed in memory) if the result
    changed, and ``submission`` (whose entry, as stored, is ``entry``) as the table's accepted
    one; record ``notes``, then the change.
    """
    tournament = table.turno.tournament
    kinds = tournament_ruleset(tournament).entry_kinds
    stored = before_table.table
    before = table_snapshot(stored, before_table.entry, before_table.totals, kinds)
    totals = [(row.ns_total, row.eo_total) for row in applied.rows]
    after = table_snapshot(table, applied.entry, totals, kinds)
    if before == after:
        _record(tournament, table, user, notes)
        return SavedResult(table=stored, action=None)
    _claim(table, version)
    reason = reason.strip()
    if action is None:
        entering = before is None or _match_goes_on(before, after)
        action = RESULT_ENTER if entering else RESULT_CORRECT
    if action != RESULT_ENTER and not reason:
        raise ValidationError(
            _("Say why the result of table %(table)s changes: the change is recorded.")
            % {"table": table.label},
            code="reason_required",
        )
    # Read with the table claimed (locked): a close either saw this change or comes after it.
    closed = Turno.objects.filter(pk=table.turno_id).values_list("closed_at", flat=True).get()
    fields = ["entry_mode", "forfeit_winner", *RESULT_FIELDS]
    if closed is not None:
        if action == RESULT_CLEAR:
            raise ValidationError(
                _(
                    "Turno %(turno)s is closed: reopen it before clearing the result of table "
                    "%(table)s."
                )
                % {"turno": table.turno.number, "table": table.label},
                code="turno_closed",
            )
        action = RESULT_CORRECT_CLOSED
        table.corrected_at = timezone.now()
        fields.append("corrected_at")
    Smazzata.objects.filter(table=table).delete()
    Smazzata.objects.bulk_create(applied.rows)
    table.save(update_fields=fields)
    table.match.save(update_fields=MATCH_FIELDS)
    _accepted(table, submission, entry)
    change = Note(action=action, reason=reason, after=after)
    _record(tournament, table, user, [*notes, change], before=before)
    tournament.fmt.scoring.after_result(table=table, user=user)
    return SavedResult(table=table, action=action)


def _record(tournament, table: Table, user, notes: Sequence[Note], before: Any = None) -> None:
    """The change log entries of a save, in order; the last one, the result's, with
    ``before``."""
    for n, note in enumerate(notes, start=1):
        audit_record(
            tournament=tournament,
            user=user,
            action=note.action,
            subject=table_subject(table),
            reason=note.reason,
            before=before if n == len(notes) else None,
            after=note.after,
            table=table,
        )


def _accepted(table: Table, submission: Submission, entry: TableEntry | None) -> None:
    """``submission`` is the table's result now; the one accepted before is superseded. A
    director's submission is stored here, with the table's version it made and ``entry`` as
    its data."""
    earlier = Submission.objects.filter(table=table, state=SubmissionState.ACCEPTED)
    if submission.pk is not None:
        earlier = earlier.exclude(pk=submission.pk)
    earlier.update(state=SubmissionState.SUPERSEDED)
    submission.state = SubmissionState.ACCEPTED
    if submission.pk is None:
        submission.table, submission.version = table, table.version
        submission.data = entry_data(entry)
        submission.save()
    else:
        Submission.objects.filter(pk=submission.pk).update(state=SubmissionState.ACCEPTED)


def _refused(entry: TableEntry, refused: EntryRefused) -> RuleError | ValidationError:
    """The engine's refusal of ``entry``: ``ScorecardInvalid`` for a scorecard, a
    ``ValidationError`` next to its box for a totals or forfeit entry."""
    if isinstance(entry, SmazzateEntry):
        return ScorecardInvalid([(r.smazzata, r.error) for r in refused.refusals])
    return refusal_validation_error(refused)


def refusal_validation_error(refused: EntryRefused) -> ValidationError:
    """The refusals of a totals or forfeit entry, each next to its box when it has one."""
    errors: dict[str | None, list[ValidationError]] = {}
    for refusal in refused.refusals:
        if refusal.field == "mp" and refusal.line in LINES:
            name: str | None = f"{refusal.line}_mp"
        elif refusal.field == "last_move":
            name = "last_move"
        else:
            name = None
        message = ValidationError(rule_error_message(refusal.error), code=refusal.code)
        errors.setdefault(name, []).append(message)
    if list(errors) == [None]:
        return ValidationError(errors[None])
    return ValidationError({name or "__all__": messages for name, messages in errors.items()})


def submission_accept(
    *,
    submission: Submission,
    entry: TableEntry | None,
    user,
    version: int,
    reason: str = "",
    rules_seen: str = "",
    outcome: Outcome | None = None,
    notes: Sequence[Note] = (),
) -> SavedResult:
    """Make ``submission``, whose entry is ``entry`` (None: no result), its table's result,
    inside the caller's transaction.

    ``version`` is the table's version the sender saw. ``outcome`` is the engine's answer for
    this very entry when the caller already asked it inside this transaction, with the table
    locked (a phone's confirming save): the engine is not asked twice. ``notes`` are change
    log entries recorded just before the result's (the director's acceptance of a line). In a
    KO a smazzata ended by chiusura without a last move gets the closer as its last move; a
    totals entry keeps a last move only in a KO. Raises ``ScorecardInvalid`` or
    ``ValidationError``.
    """
    current = _current(submission.table, rules_seen)
    scoring = current.turno.tournament.fmt.scoring
    if isinstance(entry, SmazzateEntry):
        # Stored as the engine reads it (in a KO, a chiusura is the last move).
        entry = SmazzateEntry(tuple(scoring.stored_smazzate(entry.smazzate)))
    elif isinstance(entry, TotalsEntry):
        entry = TotalsEntry(entry.ns_mp, entry.eo_mp, scoring.totals_last_move(entry.last_move))
    # A forfeit needs no line-up: the absent side has none to give.
    playing = entry is not None and not isinstance(entry, ForfeitEntry)
    refusal = scoring.table_refusal(current) if playing else None
    if refusal is not None:
        raise ValidationError(refusal, code="not_ready")
    if entry is None and not current.entry_mode:
        raise ValidationError(
            _("Table %(table)s has no result to clear.") % {"table": current.label},
            code="no_result",
        )
    # The result as stored before this save, kept aside from the table this save changes in
    # memory (its prefetched smazzate are the stored ones).
    rows = sorted(current.smazzate.all(), key=lambda s: s.number)
    stored = copy.copy(current)
    stored.match = copy.copy(current.match)
    before = _Before(stored, stored_entry(stored, rows), [(s.ns_total, s.eo_total) for s in rows])
    current.forfeit_winner = ""
    if isinstance(entry, SmazzateEntry):
        current.entry_mode = EntryMode.SMAZZATE
    elif isinstance(entry, TotalsEntry):
        current.entry_mode = EntryMode.TOTALS
        current.ns_mp, current.eo_mp = entry.ns_mp, entry.eo_mp
    elif isinstance(entry, ForfeitEntry):
        current.entry_mode = EntryMode.FORFEIT
        current.forfeit_winner = entry.winner
    else:
        current.entry_mode = EntryMode.NONE
    try:
        applied = entry_apply(current, entry, outcome)
    except EntryRefused as refused:
        assert entry is not None
        raise _refused(entry, refused) from None
    return _save(
        current,
        submission,
        user=user,
        version=version,
        reason=reason,
        entry=entry,
        before_table=before,
        applied=applied,
        action=RESULT_CLEAR if entry is None else None,
        notes=notes,
    )
