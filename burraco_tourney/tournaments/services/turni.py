"""Drawing, re-drawing, publishing and deleting turni: the only code that writes seatings.

The life of a turno: drawn as a DRAFT (seen by the director only, may be drawn again or deleted),
then PUBLISHED (seating locked, shown to the players). A published turno on which no result has
been entered yet may go back to draft with an explicit confirmation; once a table has a result the
turno is never drawn again: a seating written down wrong is corrected pair by pair, its results
moving with it (``services/seating_fix.py``). Only the last turno changes state, so a later turno
is never drawn on a seating that is later changed.

Every kind's turni go this one way: what differs is asked of the kind's draw manager
(``tournament.fmt.draw_manager``): the plan of the draw, a refusal before the engine (the Danese
individuale on turno 1), the words of a riposo without a value.

Every function runs in one transaction and records the change with ``audit_record``. A refusal
that depends on the state of the tournament is a ``ValidationError`` with a translated message;
a refusal of the pairing engine is its ``RuleError`` (the view shows it next to the field).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_tourney.rules.gironi import girone_tables

from .. import draw_manager
from ..audit_text import turno_subject
from ..draw_manager import DrawRequest
from ..models import Bye, Match, Movement, Table, TableSeat, Tournament, Turno
from ..results_bridge import tournament_bye_value
from .audit import audit_record
from .closing import turno_close_before_draw
from .gironi_phase import gironi_clear
from .locks import tournament_lock
from .matches import tables_create
from .table_links import table_links_revoke


def _lock_turno(turno: Turno) -> Turno:
    """Lock the turno's tournament, then read the turno again: another director may have changed
    it while this one waited for the lock."""
    tournament_lock(turno.tournament)
    return Turno.objects.select_related("tournament").get(pk=turno.pk)


def _has_results(turno: Turno) -> bool:
    return turno.tables.exclude(entry_mode="").exists()


def _is_last(turno: Turno) -> bool:
    return not Turno.objects.filter(
        tournament=turno.tournament_id, number__gt=turno.number
    ).exists()


def _check_ready(tournament: Tournament, number: int, request: DrawRequest) -> None:
    """Refuse a Danese draw while an earlier turno still misses results (no standings yet)."""
    if request.movement != Movement.DANESE:
        return
    missing = draw_manager.missing_results(tournament, before=number)
    if missing:
        turno, count = missing[0]
        raise ValidationError(
            ngettext(
                "A Danese turno is drawn from the standings: turno %(turno)s still has "
                "%(count)s table without a result.",
                "A Danese turno is drawn from the standings: turno %(turno)s still has "
                "%(count)s tables without a result.",
                count,
            )
            % {"turno": turno, "count": count},
            code="results_missing",
        )


def _check_bye_value(tournament: Tournament, plan: draw_manager.DrawPlan) -> None:
    """Refuse a draw that makes an entrant rest while the riposo has no value (a custom VP table
    whose riposo was left blank): its standings could not be counted, for anyone. The kind's
    draw manager says it in its words."""
    if plan.draw.byes and tournament_bye_value(tournament) is None:
        raise ValidationError(
            tournament.fmt.draw_manager.bye_value_missing(plan.draw.byes),
            code="bye_value_missing",
        )


def turno_store_seating(turno: Turno, *, seats: Iterable, byes: Iterable[int]) -> None:
    """Create the tables and riposi of a turno that has none, for every kind. ``seats`` are the
    engine's, each with ``table``, ``ns`` and ``eo``: a line is one entrant's number (a pair:
    the table's ``ns``/``eo``) or the numbers of the players sitting there (an individual
    table's seats, 1 and 2). A team match's seats also name their ``room`` and ``match``: the
    two tables of one match share it. ``byes`` are the numbers of the entrants resting. Runs
    inside the caller's transaction."""
    entrants = {e.number: e for e in turno.tournament.entrants.all()}
    seats = list(seats)
    matches: dict[int, Match] = {}

    def entrant(line):
        return entrants[line] if isinstance(line, int) else None

    def match(seat) -> Match | None:
        number = getattr(seat, "match", None)
        if number is None:
            return None
        return matches.setdefault(number, Match(turno=turno, number=number))

    girone = girone_tables(turno.draw_options.get("gironi", []))
    tables = tables_create(
        Table(
            turno=turno,
            number=s.table,
            room=getattr(s, "room", ""),
            match=match(s),
            ns=entrant(s.ns),
            eo=entrant(s.eo),
            girone=girone.get(s.table, ("", None))[0],
            girone_number=girone.get(s.table, ("", None))[1],
        )
        for s in seats
    )
    TableSeat.objects.bulk_create(
        TableSeat(table=table, line=line, seat=i, entrant=entrants[number])
        for table, s in zip(tables, seats, strict=True)
        for line, numbers in (("ns", s.ns), ("eo", s.eo))
        if not isinstance(numbers, int)
        for i, number in enumerate(numbers, start=1)
    )
    Bye.objects.bulk_create(Bye(turno=turno, entrant=entrants[n]) for n in byes)


def turno_snapshot(turno: Turno) -> dict[str, Any]:
    """What the audit log keeps of a turno: movement, options, seating, riposi, state."""
    options = {k: v for k, v in turno.draw_options.items() if k not in ("order", "standings")}
    return {
        "number": turno.number,
        "movement": turno.movement,
        "published": turno.published,
        "options": options,
        "tables": [
            list(t)
            for t in turno.tables.order_by("number").values_list(
                "number", "ns__number", "eo__number"
            )
        ],
        "byes": sorted(turno.byes.values_list("entrant__number", flat=True)),
        **_player_seating(turno),
    }


def _player_seating(turno: Turno) -> dict[str, Any]:
    """An individual turno's seats (table, line, player numbers) and resting players; nothing
    for a turno of pairs, whose snapshot stays as it was. The log keeps the shape it always had:
    an individual turno's riposi under ``player_byes``, its ``byes`` (the pairs') empty."""
    seats = TableSeat.objects.filter(table__turno=turno).order_by("table__number", "line", "seat")
    rows = list(seats.values_list("table__number", "line", "entrant__number"))
    if not rows:
        return {}
    lines: dict[tuple[int, str], list[int]] = {}
    for table, line, player in rows:
        lines.setdefault((table, line), []).append(player)
    return {
        "byes": [],
        "seats": [[t, line, players] for (t, line), players in sorted(lines.items())],
        "player_byes": sorted(turno.byes.values_list("entrant__number", flat=True)),
    }


@transaction.atomic
def turno_draw(
    *, tournament: Tournament, user, request: DrawRequest, close_previous: bool = False
) -> Turno:
    """Draw the next turno as a draft. Raises ValidationError or the engine's RuleError.

    ``close_previous``: close the turno before it first (``services.closing``), in the same
    transaction, when it is not closed yet; the draw page offers it, ticked, once that turno has
    every result (a draft may still be prepared while the last tables finish)."""
    tournament = tournament_lock(tournament)
    manager = tournament.fmt.draw_manager
    manager.check_turno_draw()
    last = tournament.turni.order_by("-number").first()
    number = last.number + 1 if last else 1
    if last is not None and not last.published:
        raise ValidationError(
            _(
                "Turno %(turno)s is still a draft: publish it or delete it before drawing "
                "turno %(next)s."
            )
            % {"turno": last.number, "next": number},
            code="previous_draft",
        )
    turno_close_before_draw(last=last, user=user, close=close_previous)
    manager.check_request(number=number, request=request)
    _check_ready(tournament, number, request)
    plan = manager.draw(tournament=tournament, number=number, request=request)
    _check_bye_value(tournament, plan)
    try:
        with transaction.atomic():
            turno = Turno.objects.create(
                tournament=tournament,
                number=number,
                movement=plan.movement,
                published=False,
                draw_options=plan.options,
                draw_notes=plan.notes,
            )
    except IntegrityError:
        raise ValidationError(
            _("Turno %(turno)s has just been drawn by someone else.") % {"turno": number},
            code="concurrent_draw",
        ) from None
    turno_store_seating(turno, seats=plan.draw.seats, byes=plan.draw.byes)
    audit_record(
        tournament=tournament,
        user=user,
        action="turno_draw",
        subject=turno_subject(turno),
        after=turno_snapshot(turno),
    )
    return turno


def _locked_by_results(turno: Turno) -> str:
    return _(
        "Turno %(turno)s has results: it cannot be drawn again or go back to draft. A seating "
        "written down wrong is corrected with “Correct the seating”."
    ) % {"turno": turno.number}


def redraw_refusal(turno: Turno) -> str | None:
    """Why a turno cannot be drawn again or deleted, None when it can (a draft, no result)."""
    if turno.published:
        return _("Turno %(turno)s is published: its seating is locked.") % {"turno": turno.number}
    if _has_results(turno):
        return _locked_by_results(turno)
    return None


def _refuse(refusal: str | None) -> None:
    """Raise the refusal of ``redraw_refusal`` or ``unpublish_refusal``, if there is one."""
    if refusal:
        raise ValidationError(refusal, code="locked")


@transaction.atomic
def turno_redraw(*, turno: Turno, user, request: DrawRequest) -> Turno:
    """Draw a draft turno again, possibly with another movement or other options."""
    turno = _lock_turno(turno)
    _refuse(redraw_refusal(turno))
    tournament = turno.tournament
    manager = tournament.fmt.draw_manager
    manager.check_request(number=turno.number, request=request)
    _check_ready(tournament, turno.number, request)
    before = turno_snapshot(turno)
    plan = manager.draw(tournament=tournament, number=turno.number, request=request)
    _check_bye_value(tournament, plan)
    turno.matches.all().delete()  # with their tables
    turno.byes.all().delete()
    turno.movement = plan.movement
    turno.draw_options = plan.options
    turno.draw_notes = plan.notes
    turno.save(update_fields=["movement", "draw_options", "draw_notes"])
    turno_store_seating(turno, seats=plan.draw.seats, byes=plan.draw.byes)
    audit_record(
        tournament=tournament,
        user=user,
        action="turno_redraw",
        subject=turno_subject(turno),
        before=before,
        after=turno_snapshot(turno),
    )
    return turno


@transaction.atomic
def turno_publish(*, turno: Turno, user) -> Turno:
    """Publish a draft: the seating is shown to the players and locked."""
    turno = _lock_turno(turno)
    if turno.published:
        raise ValidationError(
            _("Turno %(turno)s is already published.") % {"turno": turno.number},
            code="published",
        )
    turno_mark_published(turno, user=user)
    return turno


def turno_mark_published(turno: Turno, *, user) -> None:
    """Publish a draft and record it: the step shared by ``turno_publish`` and the KO bracket's
    round 1. Runs inside the caller's transaction, the tournament locked and the turno checked."""
    turno.published = True
    turno.published_at = timezone.now()
    turno.save(update_fields=["published", "published_at"])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action="turno_publish",
        subject=turno_subject(turno),
        after=turno_snapshot(turno),
    )
    _close_earlier_to_players(turno, user=user)


def _close_earlier_to_players(turno: Turno, *, user) -> None:
    """The players' links of the turni before ``turno`` close by themselves when it is
    published: those tables are played (the director opens one again from its room board)."""
    earlier = Turno.objects.filter(
        tournament=turno.tournament, published=True, players_closed=False, number__lt=turno.number
    )
    for previous in earlier.order_by("number"):
        previous.players_closed = True
        previous.save(update_fields=["players_closed"])
        audit_record(
            tournament=turno.tournament,
            user=user,
            action="turno_players_close",
            subject=turno_subject(previous),
            reason=_("Turno %(turno)s was published.") % {"turno": turno.number},
        )


def unpublish_refusal(turno: Turno) -> str | None:
    """Why a published turno cannot go back to draft, None when it can."""
    if not turno.published:
        return _("Turno %(turno)s is a draft.") % {"turno": turno.number}
    if _has_results(turno):
        return _locked_by_results(turno)
    if not _is_last(turno):
        return _("Turno %(turno)s is not the last turno: its seating is locked.") % {
            "turno": turno.number
        }
    return None


@transaction.atomic
def turno_unpublish(*, turno: Turno, user, reason: str = "") -> Turno:
    """Take a published turno with no result back to draft (the caller had it confirmed)."""
    turno = _lock_turno(turno)
    _refuse(unpublish_refusal(turno))
    before = turno_snapshot(turno)
    # A draft may be drawn again: the links printed for its tables stop working.
    table_links_revoke(turno.tables.all())
    turno.published = False
    turno.published_at = None
    turno.save(update_fields=["published", "published_at"])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action="turno_unpublish",
        subject=turno_subject(turno),
        reason=reason,
        before=before,
        after=turno_snapshot(turno),
    )
    return turno


@transaction.atomic
def turno_delete_draft(*, turno: Turno, user) -> None:
    """Delete a draft turno with its tables and riposi."""
    turno = _lock_turno(turno)
    _refuse(redraw_refusal(turno))
    turno_delete_recorded(turno, user=user)
    gironi_clear(turno.tournament, turno.number)


def turno_delete_recorded(turno: Turno, *, user) -> None:
    """Delete a draft with its tables and riposi and record it: the step shared by
    ``turno_delete_draft`` and the KO bracket's round 1. Runs inside the caller's transaction,
    the tournament locked and the turno checked."""
    before = turno_snapshot(turno)
    tournament = turno.tournament
    subject = turno_subject(turno)
    turno.delete()
    audit_record(
        tournament=tournament, user=user, action="turno_delete", subject=subject, before=before
    )
