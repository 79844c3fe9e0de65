"""Accepting a submission: the one code that writes a table's result.

Every result arrives as a ``Submission`` (``models/submission.py``) and becomes the table's
result through ``submission_accept``: the director's four saves (``services.scores``) make a
submission and accept it; a line's phone draft is accepted
by the director or, when both lines agree, at once (``services.player_entries``). Accepting is
one transaction that:

- refuses a draft turno (only published turni accept scores);
- asks the engine once, through the results bridge (``table_outcome_for``), for the table's
  outcome, and refuses the whole entry with every refusal found before anything is written
  (``ScorecardInvalid`` for a scorecard, a ``ValidationError`` next to its box otherwise);
- claims the table's version with a conditional update, so that of two directors saving the same
  table at once the second is refused ("someone else saved this table meanwhile") instead of
  silently overwriting the first;
- replaces the table's smazzate as a whole, stores the outcome (``results_bridge.apply_outcome``,
  once), marks the submission accepted and the one accepted before it superseded, and records
  the change with ``audit_record``:
  ``result_enter`` for a first result, ``result_correct`` (a reason is required) for a change,
  ``result_clear`` (with a reason) when the table goes back to "no result";
  ``result_correct_closed`` for a change made after the turno was closed
  (``services.closing``): the table keeps the time (``corrected_at``), which the public pages
  and the standings show. A closed turno's result is never cleared: the turno is reopened
  first.

The change log's detail of a result (``table_snapshot``) writes its smazzate through the one
shape of ``rules.submission_data``. A refusal due to the state of the table is a
``ValidationError`` with a translated message and a stable ``code`` (``turno_draft``, ``stale``,
``reason_required``, ``no_result``, ...).

The path of one save, function by function, is in docs/submissions.md.
"""

from __future__ import annotations

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
from burraco_tourney.rules.submission_data import (
    data_entry,
    entry_data,
    smazzate_data,
    smazzate_log,
)

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
    apply_outcome,
    rules_fingerprint,
    smazzata_entry,
    smazzata_row,
    table_outcome_for,
    totals_last_move,
    tournament_ruleset,
)
from ..selectors.scores import RESULT_CORRECT, RESULT_CORRECT_CLOSED
from .audit import audit_record

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
    table: Table, smazzate: Sequence[Smazzata], kinds: Sequence[str]
) -> dict[str, Any] | None:
    """The result as the audit log keeps it (JSON); None for a table without a result."""
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
    if totals_last_move(table):
        data["last_move"] = totals_last_move(table)
    if table.entry_mode == EntryMode.SMAZZATE:
        rows = sorted(smazzate, key=lambda s: s.number)
        entered = smazzate_data([smazzata_entry(s) for s in rows])
        data["smazzate"] = smazzate_log(entered, [(s.ns_total, s.eo_total) for s in rows], kinds)
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
            % {"table": table.number},
            code="stale",
        )
    table.version = version + 1


def _save(
    table: Table,
    submission: Submission,
    *,
    user,
    version: int,
    reason: str,
    smazzate: list[Smazzata],
    outcome: Outcome | None,
    action: str | None = None,
) -> SavedResult:
    """Store ``outcome`` (None: no result) for ``table`` (already changed in memory) if the
    result changed, and ``submission`` as the table's accepted one.

    ``table`` comes from ``_current``: its prefetched smazzate are still the stored ones.
    """
    tournament = table.turno.tournament
    kinds = tournament_ruleset(tournament).entry_kinds
    stored = Table.objects.select_related("match").get(pk=table.pk)
    before = table_snapshot(stored, list(table.smazzate.all()), kinds)
    apply_outcome(table, smazzate, outcome)
    after = table_snapshot(table, smazzate, kinds)
    if before == after:
        return SavedResult(table=stored, action=None)
    _claim(table, version)
    reason = reason.strip()
    if action is None:
        entering = before is None or _match_goes_on(before, after)
        action = RESULT_ENTER if entering else RESULT_CORRECT
    if action != RESULT_ENTER and not reason:
        raise ValidationError(
            _("Say why the result of table %(table)s changes: the change is recorded.")
            % {"table": table.number},
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
                % {"turno": table.turno.number, "table": table.number},
                code="turno_closed",
            )
        action = RESULT_CORRECT_CLOSED
        table.corrected_at = timezone.now()
        fields.append("corrected_at")
    Smazzata.objects.filter(table=table).delete()
    Smazzata.objects.bulk_create(smazzate)
    table.save(update_fields=fields)
    table.match.save(update_fields=MATCH_FIELDS)
    _accepted(table, submission)
    audit_record(
        tournament=tournament,
        user=user,
        action=action,
        subject=table_subject(table),
        reason=reason,
        before=before,
        after=after,
        table=table,
    )
    tournament.fmt.scoring.after_result(table=table, user=user)
    return SavedResult(table=table, action=action)


def _accepted(table: Table, submission: Submission) -> None:
    """``submission`` is the table's result now; the one accepted before is superseded. A
    director's submission is stored here, with the table's version it made."""
    earlier = Submission.objects.filter(table=table, state=SubmissionState.ACCEPTED)
    if submission.pk is not None:
        earlier = earlier.exclude(pk=submission.pk)
    earlier.update(state=SubmissionState.SUPERSEDED)
    submission.state = SubmissionState.ACCEPTED
    if submission.pk is None:
        submission.table, submission.version = table, table.version
        submission.save()
    else:
        Submission.objects.filter(pk=submission.pk).update(state=SubmissionState.ACCEPTED)


def _outcome(table: Table, entry: TableEntry) -> Outcome:
    """The engine's outcome of ``entry``; a refusal of a totals or forfeit entry becomes a
    ``ValidationError`` next to its box (a scorecard's is ``ScorecardInvalid``)."""
    try:
        return table_outcome_for(table.turno.tournament, table, entry)
    except EntryRefused as refused:
        if isinstance(entry, SmazzateEntry):
            raise ScorecardInvalid([(r.smazzata, r.error) for r in refused.refusals]) from None
        raise refusal_validation_error(refused) from None


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
    user,
    version: int,
    reason: str = "",
    rules_seen: str = "",
    outcome: Outcome | None = None,
) -> SavedResult:
    """Make ``submission`` its table's result, inside the caller's transaction.

    ``version`` is the table's version the sender saw. ``outcome`` is the engine's answer for
    this very entry when the caller already asked it inside this transaction, with the table
    locked (a phone's confirming save): the engine is not asked twice. In a KO a smazzata ended
    by chiusura without a last move gets the closer as its last move; a totals entry keeps a
    last move only in a KO. Raises ``ScorecardInvalid`` or ``ValidationError``.
    """
    current = _current(submission.table, rules_seen)
    scoring = current.turno.tournament.fmt.scoring
    entry = sent = data_entry(submission.data)
    if isinstance(entry, SmazzateEntry):
        # Stored as the engine reads it (in a KO, a chiusura is the last move).
        entry = SmazzateEntry(tuple(scoring.stored_smazzate(entry.smazzate)))
    elif isinstance(entry, TotalsEntry):
        entry = TotalsEntry(entry.ns_mp, entry.eo_mp, scoring.totals_last_move(entry.last_move))
    if entry is None and not current.entry_mode:
        raise ValidationError(
            _("Table %(table)s has no result to clear.") % {"table": current.number},
            code="no_result",
        )
    if entry is not None and outcome is None:
        outcome = _outcome(current, entry)
    if submission.pk is None and entry != sent:
        # A director's submission is stored as the table holds it (a line's keeps its draft).
        submission.data = entry_data(entry)
    rows: list[Smazzata] = []
    current.forfeit_winner = ""
    if isinstance(entry, SmazzateEntry):
        current.entry_mode = EntryMode.SMAZZATE
        rows = [smazzata_row(current, n, s) for n, s in enumerate(entry.smazzate, start=1)]
    elif isinstance(entry, TotalsEntry):
        current.entry_mode = EntryMode.TOTALS
        current.ns_mp, current.eo_mp = entry.ns_mp, entry.eo_mp
    elif isinstance(entry, ForfeitEntry):
        current.entry_mode = EntryMode.FORFEIT
        current.forfeit_winner = entry.winner
    else:
        current.entry_mode = EntryMode.NONE
    return _save(
        current,
        submission,
        user=user,
        version=version,
        reason=reason,
        smazzate=rows,
        outcome=outcome,
        action=RESULT_CLEAR if entry is None else None,
    )
