"""The turno clock as the pages show it: the engine's reading at this moment, and the turno the
room is playing (the last published one)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from burraco_tourney.rules.turno_clock import ClockReading, clock_reading

from ..models import Tournament, Turno


@dataclass(frozen=True)
class TurnoClock:
    """A turno's clock for a template (``components/turno_clock.html``): the reading, and the
    moments as milliseconds since 1970 for the page's script, with the server's own now so a
    screen whose clock is wrong still counts right."""

    turno: Turno | None
    reading: ClockReading
    minutes: int | None
    warning_minutes: int
    server_now: datetime.datetime

    @property
    def state(self) -> str:
        return self.reading.state

    def _ms(self, moment: datetime.datetime | None) -> int | str:
        return int(moment.timestamp() * 1000) if moment else ""

    @property
    def ends_ms(self) -> int | str:
        return self._ms(self.reading.ends_at)

    @property
    def warn_ms(self) -> int | str:
        return self._ms(self.reading.warn_at)

    @property
    def now_ms(self) -> int | str:
        return self._ms(self.server_now)

    @property
    def shown(self) -> str:
        """The time left as mm:ss (hh:mm:ss past an hour), as the page first shows it."""
        left = self.reading.seconds_left
        if left is None:
            left = (self.minutes or 0) * 60
        hours, rest = divmod(left, 3600)
        minutes, seconds = divmod(rest, 60)
        if hours:
            return f"{hours}:{minutes:02d}:{seconds:02d}"
        return f"{minutes:02d}:{seconds:02d}"


def turno_minutes(*, turno: Turno | None, tournament: Tournament) -> int | None:
    """How long ``turno`` lasts: its own minutes when the director changed them on its results
    page, else the tournament's (its settings); None: no clock."""
    if turno is not None and turno.clock_minutes:
        return turno.clock_minutes
    return tournament.turno_minutes


def turno_clock(*, turno: Turno | None, tournament: Tournament) -> TurnoClock:
    now = timezone.now()
    minutes = turno_minutes(turno=turno, tournament=tournament)
    reading = clock_reading(
        started_at=turno.clock_started_at if turno else None,
        minutes=minutes,
        warning_minutes=tournament.last_smazzata_minutes,
        now=now,
    )
    return TurnoClock(turno, reading, minutes, tournament.last_smazzata_minutes, now)


def playing_turno(*, tournament: Tournament) -> Turno | None:
    """The turno the room is playing: the last published one."""
    return tournament.turni.filter(published=True).order_by("-number").first()
