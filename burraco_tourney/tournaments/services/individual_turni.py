"""Drawing and re-drawing the turni of an individual tournament.

The individual counterpart of ``turni.turno_draw``/``turno_redraw``: the same life (a draft, then
published and locked; a turno with results is never drawn again), the same refusals, the same
change-log actions and the same storing of tables, seats and riposi (``turni.turno_store_seating``);
only the draw differs (four players per table). Publishing, taking back to draft and deleting a
draft are ``services/turni.py``'s own functions: they do not depend on who sits.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..audit_text import turno_subject
from ..draw_manager import DrawPlan, DrawRequest
from ..models import Movement, Tournament, Turno
from ..results_bridge import tournament_bye_value
from .audit import audit_record
from .closing import turno_close_before_draw
from .locks import tournament_lock
from .turni import (
    _check_ready,
    _lock_turno,
    _refuse,
    redraw_refusal,
    turno_snapshot,
    turno_store_seating,
)


def _check_bye_value(tournament: Tournament, plan: DrawPlan) -> None:
    if plan.draw.byes and tournament_bye_value(tournament) is None:
        raise ValidationError(
            ngettext(
                "In this turno player %(players)s rests, but the custom VP table has no riposo "
                "value: set the riposo VP and MP in the tournament settings, then draw.",
                "In this turno players %(players)s rest, but the custom VP table has no riposo "
                "value: set the riposo VP and MP in the tournament settings, then draw.",
                len(plan.draw.byes),
            )
            % {"players": ", ".join(str(p) for p in plan.draw.byes)},
            code="bye_value_missing",
        )


def _check_danese_has_standings(number: int, request: DrawRequest) -> None:
    """A Danese individuale ranks the players by the standings after the previous turno: the
    first turno has none, so drawing it that way would only seat them by number."""
    if request.movement == Movement.DANESE and number == 1:
        raise ValidationError(
            _(
                "The Danese individuale seats the players by the standings, and before turno 1 "
                "there are none: draw turno 1 with the rotation or by hand, then use the Danese "
                "individuale from turno 2."
            ),
            code="danese_first_turno",
        )


@transaction.atomic
def individual_turno_draw(
    *, tournament: Tournament, user, request: DrawRequest, close_previous: bool = False
) -> Turno:
    """Draw the next turno as a draft. Raises ValidationError or the engine's RuleError.
    ``close_previous``: as ``services.turni.turno_draw``."""
    tournament = tournament_lock(tournament)
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
    _check_danese_has_standings(number, request)
    _check_ready(tournament, number, request)
    plan = tournament.fmt.draw_manager.draw(tournament=tournament, number=number, request=request)
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


@transaction.atomic
def individual_turno_redraw(*, turno: Turno, user, request: DrawRequest) -> Turno:
    """Draw a draft individual turno again, possibly with another movement."""
    turno = _lock_turno(turno)
    _refuse(redraw_refusal(turno))
    tournament = turno.tournament
    _check_danese_has_standings(turno.number, request)
    _check_ready(tournament, turno.number, request)
    before = turno_snapshot(turno)
    plan = tournament.fmt.draw_manager.draw(
        tournament=tournament, number=turno.number, request=request
    )
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
