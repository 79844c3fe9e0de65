"""The turno clock: the director sets how long a turno lasts (the tournament's settings; one turno
may last longer or shorter, from its results page), starts a turno's time, resets it.

Each write is one transaction recorded in the change log. The time is kept as the moment it
started (``Turno.clock_started_at``); the pages count down from it (``selectors.clock``).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from burraco_tourney.rules.turno_clock import MAX_MINUTES

from ..audit_text import tournament_subject, turno_subject
from ..models import Tournament, Turno
from ..selectors.clock import turno_minutes
from .audit import audit_record
from .locks import tournament_lock


def _check_minutes(minutes: int | None) -> None:
    """A turno lasts 1 to MAX_MINUTES minutes (None: no time of its own)."""
    if minutes is not None and not 1 <= minutes <= MAX_MINUTES:
        raise ValidationError(
            _("A turno lasts between 1 and %(max)s minutes.") % {"max": MAX_MINUTES},
            code="clock_minutes",
        )


@transaction.atomic
def tournament_clock_set(
    *, tournament: Tournament, user, turno_minutes: int | None, last_smazzata_minutes: int
) -> Tournament:
    """Set the duration of a turno (None: no clock) and the "last smazzata" warning."""
    _check_minutes(turno_minutes)
    if turno_minutes is not None and not 0 <= last_smazzata_minutes < turno_minutes:
        raise ValidationError(
            _("The “last smazzata” warning must come before the end of the turno."),
            code="clock_warning",
        )
    tournament = tournament_lock(tournament)
    before = {
        "turno_minutes": tournament.turno_minutes,
        "last_smazzata_minutes": tournament.last_smazzata_minutes,
    }
    tournament.turno_minutes = turno_minutes
    tournament.last_smazzata_minutes = last_smazzata_minutes
    tournament.save(update_fields=["turno_minutes", "last_smazzata_minutes"])
    after = {"turno_minutes": turno_minutes, "last_smazzata_minutes": last_smazzata_minutes}
    if after != before:
        audit_record(
            tournament=tournament,
            user=user,
            action="clock_settings",
            subject=tournament_subject(tournament),
            before=before,
            after=after,
        )
    return tournament


@transaction.atomic
def turno_clock_minutes_set(*, turno: Turno, user, minutes: int | None) -> Turno:
    """Set how long ``turno`` lasts (None: as the tournament's settings say)."""
    _check_minutes(minutes)
    tournament_lock(turno.tournament)
    turno = Turno.objects.select_related("tournament").get(pk=turno.pk)
    before = turno.clock_minutes
    if before == minutes:
        return turno
    turno.clock_minutes = minutes
    turno.save(update_fields=["clock_minutes"])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action="clock_turno_minutes",
        subject=turno_subject(turno),
        before={"clock_minutes": before},
        after={"clock_minutes": minutes},
    )
    return turno


@transaction.atomic
def turno_clock_start(*, turno: Turno, user, at=None) -> Turno:
    """Start (or start again) the time of a published turno, from ``at`` (default: now)."""
    tournament_lock(turno.tournament)
    turno = Turno.objects.select_related("tournament").get(pk=turno.pk)
    if not turno.published:
        raise ValidationError(
            _("Turno %(turno)s is a draft: publish it before starting its time.")
            % {"turno": turno.number},
            code="clock_draft",
        )
    if not turno_minutes(turno=turno, tournament=turno.tournament):
        raise ValidationError(
            _("Set how long a turno lasts before starting the time."), code="clock_unset"
        )
    before = turno.clock_started_at
    turno.clock_started_at = at or timezone.now()
    turno.save(update_fields=["clock_started_at"])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action="clock_start",
        subject=turno_subject(turno),
        before={"clock_started_at": before.isoformat()} if before else None,
        after={"clock_started_at": turno.clock_started_at.isoformat()},
    )
    return turno


@transaction.atomic
def turno_clock_reset(*, turno: Turno, user) -> Turno:
    """Stop the time of a turno and put the clock back to its start."""
    tournament_lock(turno.tournament)
    turno = Turno.objects.select_related("tournament").get(pk=turno.pk)
    if turno.clock_started_at is None:
        return turno
    before = turno.clock_started_at
    turno.clock_started_at = None
    turno.save(update_fields=["clock_started_at"])
    audit_record(
        tournament=turno.tournament,
        user=user,
        action="clock_reset",
        subject=turno_subject(turno),
        before={"clock_started_at": before.isoformat()},
    )
    return turno
