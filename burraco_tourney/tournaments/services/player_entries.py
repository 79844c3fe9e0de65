"""What the players do from their phones, and what the director does with it.

- ``turno_links_ensure`` gives every table of a published turno its secret link (a long random
  token, never derived from ids); ``table_links_revoke`` revokes a table's link and drops its
  drafts when the table's seating changes (``services/seating_fix.py``).
- ``player_line_choose`` and ``player_entry_save`` keep one draft per line (the line's
  ``Submission``, updated in place, its ``version`` counting the saves):
  a line enters the smazzate, the other confirms them (saves the same) or enters its own. The
  engine checks every draft through the results bridge, exactly as a director's save. A line
  belongs to the phone that chose it until the director frees it (``services.player_lines``).
- When both lines agree, the table is accepted at once (the tournament's
  ``players_auto_accept``) or waits for the director's ``player_table_accept``. Acceptance goes
  through ``services.submissions.submission_accept``, the one path for results: nothing a
  player does reaches the standings before it. A confirming save asks the engine once: its
  answer checks the draft, details the change log and, accepted at once, is the table's.
- ``turno_players_close`` closes a turno to the players (its links answer "turno chiuso").

Every function is one transaction: it locks the table's row first and reads the table, its
link and its drafts after, so a phone's automatic acceptance and the director's save never
both go in (the later one finds the earlier one's version and is refused). Each records what it
did with ``audit_record``: which line, from which phone session (a short random name kept in
the phone's session), entered or confirmed what. The token is never written in the change log.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from burraco_tourney.core.rule_messages import LINE_LABELS
from burraco_tourney.rules.outcome import EntryRefused, Outcome, SmazzateEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.rules.submission_data import entry_data

from ..audit_text import table_subject, turno_subject
from ..models import Submission, SubmissionState, Table, TableAccess, Turno
from ..results_bridge import table_outcome_for
from .audit import Note, audit_record
from .player_lines import (
    OTHER,
    accept_note,
    differences_log,
    draft_log,
    line_hold,
    locked_table,
    phone_log,
    player_line_free,
)
from .submissions import SavedResult, ScorecardInvalid, submission_accept
from .table_links import table_links_revoke, turno_links_ensure

PLAYER_ENTER = "player_enter"
PLAYER_CONFIRM = "player_confirm"
PLAYER_PHOTO = "player_photo"
PLAYERS_CLOSE = "turno_players_close"
PLAYERS_OPEN = "turno_players_open"

__all__ = ["player_line_free", "table_links_revoke", "turno_links_ensure"]


def new_phone_name() -> str:
    """A short random name for a phone's session, as the change log shows it."""
    return secrets.token_hex(4)


def access_closure(access: TableAccess) -> ValidationError | None:
    """Why nothing can be entered at this link any more (the link replaced, the turno closed to
    the phones), None while it is open; read from the link's rows alone."""
    turno = access.table.turno
    if access.revoked_at is not None:
        return ValidationError(
            _("This link is no longer valid: ask the director for the table's new QR code."),
            code="revoked",
        )
    if not turno.published or turno.players_closed or not turno.tournament.players_enter:
        return ValidationError(
            _("Turno %(turno)s is closed to the players' phones: ask the director for any change.")
            % {"turno": turno.number},
            code="turno_closed",
        )
    return None


def access_refusal(access: TableAccess) -> ValidationError | None:
    """Why the players may not enter at this link now, None when they may."""
    closure = access_closure(access)
    if closure is not None:
        return closure
    table, turno = access.table, access.table.turno
    if table.entry_mode:
        return ValidationError(
            _("Table %(table)s has been accepted: only the director changes it now.")
            % {"table": table.label},
            code="accepted",
        )
    not_ready = turno.tournament.fmt.scoring.table_refusal(table)
    if not_ready is not None:
        return ValidationError(not_ready, code="not_ready")
    return None


def _open_access(access: TableAccess) -> TableAccess:
    """The link, its table and turno read again once the table's row is locked for the
    transaction (read before the lock, a result the director saved meanwhile would go unseen);
    refused when closed."""
    Table.objects.select_for_update().filter(pk=access.table_id).first()
    fresh = TableAccess.objects.select_related(
        "table__turno__tournament", "table__ns", "table__eo"
    ).get(pk=access.pk)
    refusal = access_refusal(fresh)
    if refusal is not None:
        raise refusal
    return fresh


def _check_line(line: str) -> None:
    if line not in OTHER:
        raise ValueError(f"line must be 'ns' or 'eo', not {line!r}")


@transaction.atomic
def player_line_choose(*, access: TableAccess, line: str, session: str) -> Submission:
    """A phone says which line it is: it holds the line from now (refused when another phone
    does, or when this phone is the other line), and the table shows "being entered"."""
    _check_line(line)
    access = _open_access(access)
    entry, _other = line_hold(access.table, line, session)
    return entry


@dataclass(frozen=True)
class PlayerSaved:
    """What a phone's save did: the line's draft, whether it matches the other line's, and the
    table's result when that made the table accepted."""

    entry: Submission
    agreed: bool
    accepted: SavedResult | None
    # The phone sent a save already stored (same ``client_id``): nothing was saved again.
    resent: bool = False
    # The other line had entered something else (it changed its entry since this phone read
    # it, or never agreed): the lines now disagree.
    disputed: bool = False


def _log_save(
    table: Table, entry: Submission, before: list, other: Submission | None, outcome: Outcome
) -> bool:
    """Record a phone's save: what the line entered (and had entered before), from which
    phone, and where it differs from the other line; whether the two lines agree now. The
    line's submission and the other's are marked confirmed when they agree, else draft."""
    agreed = other is not None and other.entered and other.smazzate == entry.smazzate
    after: dict = {"line": entry.line, "phone": entry.session}
    if agreed:
        after.update(other_line=other.line, other_phone=other.session)
    by_line = {entry.line: entry, OTHER[entry.line]: other}
    differences = differences_log(table, by_line["ns"], by_line["eo"])
    if differences:
        after.update(other_line=other.line, other_phone=other.session, differences=differences)
    after["smazzate"] = draft_log(table, entry.smazzate, outcome)
    state = SubmissionState.CONFIRMED if agreed else SubmissionState.DRAFT
    lines = [entry.pk] if other is None else [entry.pk, other.pk]
    if agreed or (other is not None and other.state == SubmissionState.CONFIRMED):
        Submission.objects.filter(pk__in=lines).update(state=state)
    audit_record(
        tournament=table.turno.tournament,
        user=None,
        action=PLAYER_CONFIRM if agreed else PLAYER_ENTER,
        subject=table_subject(table),
        before={"smazzate": draft_log(table, before)} if before else None,
        after=after,
        table=table,
    )
    return agreed


@transaction.atomic
def player_entry_save(
    *,
    access: TableAccess,
    line: str,
    session: str,
    smazzate: Sequence[SmazzataEntry],
    version: int,
    ended_early: bool = False,
    client_id: str = "",
) -> PlayerSaved:
    """Store ``line``'s draft of the scorecard, from the phone ``session``.

    ``client_id`` is the id the phone made for this save: sent again (the answer was lost when
    the Wi-Fi dropped), the save is recognised and not stored twice (``_resent``).

    ``version`` is the draft's version the phone read: a stale one is refused (the other phone
    of the line saved meanwhile). The engine refuses what it would refuse from the director
    (``ScorecardInvalid``). Saving what the other line entered is confirming it. Only the
    phone holding ``line`` saves it (``services.player_lines``).
    """
    _check_line(line)
    resent = _resent(access, line, client_id)
    if resent is not None:
        return resent
    access = _open_access(access)
    table = access.table
    entered = SmazzateEntry(tuple(smazzate))
    try:
        outcome = table_outcome_for(table.turno.tournament, table, entered)
    except EntryRefused as refused:
        raise ScorecardInvalid([(r.smazzata, r.error) for r in refused.refusals]) from None
    entry, other = line_hold(table, line, session)
    before = entry.smazzate
    claimed = Submission.objects.filter(pk=entry.pk, version=version).update(
        data=entry_data(entered),
        state=SubmissionState.DRAFT,
        ended_early=ended_early,
        session=session,
        entered_at=timezone.now(),
        version=version + 1,
        client_id=client_id,
    )
    if not claimed:
        raise ValidationError(
            _(
                "Another phone of your line saved this scorecard meanwhile: reload the page to "
                "see it, then change it if it is still needed."
            ),
            code="stale",
        )
    entry.refresh_from_db()
    agreed = _log_save(table, entry, before, other, outcome)
    accepted = None
    if agreed and table.turno.tournament.players_auto_accept:
        accepted = _accept(table, entry, other, user=None, reason="", outcome=outcome)
    disputed = not agreed and other is not None and other.entered
    return PlayerSaved(entry=entry, agreed=agreed, accepted=accepted, disputed=disputed)


def _resent(access: TableAccess, line: str, client_id: str) -> PlayerSaved | None:
    """The save ``client_id`` when this line already stored it, else None. The table is locked
    first, so that the same save arriving twice at once is stored by one request only."""
    if not client_id:
        return None
    Table.objects.select_for_update().filter(pk=access.table_id).first()
    entry = (
        Submission.objects.lines()
        .filter(table_id=access.table_id, source=line, client_id=client_id)
        .first()
    )
    if entry is None:
        return None
    return PlayerSaved(entry=entry, agreed=False, accepted=None, resent=True)


def _accepted_note(chosen: Submission, other: Submission | None) -> str:
    """The change log's words for an accepted table: who entered, who confirmed."""
    params = {"line": LINE_LABELS[chosen.line], "phone": chosen.session}
    if other is not None and other.entered and other.smazzate == chosen.smazzate:
        params.update(other=LINE_LABELS[other.line], other_phone=other.session)
        return (
            _(
                "Entered by the players: %(line)s (phone %(phone)s) and %(other)s "
                "(phone %(other_phone)s) agree."
            )
            % params
        )
    return _("Entered by the players: %(line)s (phone %(phone)s).") % params


def _accept_reason(chosen: Submission, other: Submission | None, reason: str) -> str:
    """The reason the change log keeps for an accepted draft: who entered and confirmed it,
    an early end, then what the director typed."""
    note = _accepted_note(chosen, other)
    if chosen.ended_early:
        played = len(chosen.smazzate)
        note = _("The turno ended early: %(played)s smazzate.") % {"played": played} + " " + note
    return f"{note} {reason.strip()}".strip()


def _accept(
    table: Table,
    chosen: Submission,
    other: Submission | None,
    *,
    user,
    reason: str,
    outcome: Outcome | None = None,
    notes: Sequence[Note] = (),
) -> SavedResult:
    # The version read under the table's lock: a result saved before it was taken is seen.
    return submission_accept(
        submission=chosen,
        entry=chosen.entry,
        user=user,
        version=table.version,
        reason=_accept_reason(chosen, other, reason),
        outcome=outcome,
        notes=notes,
    )


@transaction.atomic
def player_table_accept(
    *,
    table: Table,
    user,
    line: str,
    version: int,
    entry_version: int | None = None,
    reason: str = "",
) -> SavedResult:
    """The director accepts ``line``'s draft as the table's result. When the two lines do not
    agree (they differ, or only one entered) a reason is required: it is recorded.

    ``version`` is the table's version and ``entry_version`` the draft's, as the director's
    page showed them: a phone that changed the draft since is refused, so what is accepted is
    what he saw."""
    _check_line(line)
    table = locked_table(table.pk)
    entries = {e.line: e for e in Submission.objects.lines().filter(table=table)}
    chosen = entries.get(line)
    if chosen is None or not chosen.entered:
        raise ValidationError(
            _("%(line)s has entered nothing to accept.") % {"line": LINE_LABELS[line]},
            code="nothing_entered",
        )
    if entry_version is not None and chosen.version != entry_version:
        raise ValidationError(
            _(
                "%(line)s's phone changed its entry after you opened the page: check the new "
                "one, then accept it again."
            )
            % {"line": LINE_LABELS[line]},
            code="entry_changed",
        )
    other = entries.get(OTHER[line])
    agreed = other is not None and other.entered and other.smazzate == chosen.smazzate
    if not agreed and not reason.strip():
        if other is not None and other.entered:
            message = _("The two lines do not agree: say why you accept %(line)s's entry.")
        else:
            message = _(
                "Only %(line)s entered the scorecard: say why you accept it without the other "
                "line's confirmation."
            )
        raise ValidationError(message % {"line": LINE_LABELS[line]}, code="reason_required")
    if table.version != version:
        raise ValidationError(
            _(
                "Someone else saved table %(table)s meanwhile: reload the page to see their "
                "result, then enter yours again if it is still needed."
            )
            % {"table": table.label},
            code="stale",
        )
    note = accept_note(table, chosen, other, reason=reason)
    return _accept(table, chosen, other, user=user, reason=reason, notes=[note])


@transaction.atomic
def player_photo_attach(*, access: TableAccess, line: str, session: str, photo) -> Submission:
    """Keep ``photo`` (an already resized JPEG file) as ``line``'s picture of the scorecard,
    replacing any earlier one."""
    _check_line(line)
    access = _open_access(access)
    table = access.table
    entry, _other = line_hold(table, line, session)
    if entry.photo:
        entry.photo.delete(save=False)
    entry.photo.save(f"t{table.pk}-{line}-{secrets.token_hex(6)}.jpg", photo, save=True)
    phone_log(table, PLAYER_PHOTO, user=None, line=line, phone=session)
    return entry


@transaction.atomic
def turno_players_close(*, turno: Turno, user, closed: bool = True) -> Turno:
    """Close ``turno`` to the players (their links answer "turno chiuso"), or open it again."""
    turno = Turno.objects.select_for_update().select_related("tournament").get(pk=turno.pk)
    if turno.players_closed == closed:
        return turno
    turno.players_closed = closed
    turno.save(update_fields=["players_closed"])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action=PLAYERS_CLOSE if closed else PLAYERS_OPEN,
        subject=turno_subject(turno),
    )
    return turno
