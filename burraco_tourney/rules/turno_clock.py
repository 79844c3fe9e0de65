"""The turno clock: where a turno's time stands at a given moment.

The director starts the time; the turno lasts ``minutes``; ``warning_minutes`` before the end the
players are told to start their last smazzata (``last_smazzata``); at the end the time is up
(``over``). Before the start, or with no duration set, the clock is ``stopped``.

Example: started at 21:00 for 60 minutes with a 15-minute warning: at 21:30 ``running`` with
1,800 seconds left; at 21:50 ``last_smazzata`` with 600 left; at 22:01 ``over`` with 0 left.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Literal

State = Literal["stopped", "running", "last_smazzata", "over"]

# The longest a turno may last, in minutes (the settings and a turno's own time).
MAX_MINUTES = 600


@dataclass(frozen=True)
class ClockReading:
    """The clock at one moment: its state, the seconds left, when the warning and the end come
    (None while stopped)."""

    state: State
    seconds_left: int | None = None
    warn_at: datetime.datetime | None = None
    ends_at: datetime.datetime | None = None


def clock_reading(
    *,
    started_at: datetime.datetime | None,
    minutes: int | None,
    warning_minutes: int,
    now: datetime.datetime,
) -> ClockReading:
    """The clock of a turno started at ``started_at`` (None: not started) lasting ``minutes``."""
    if started_at is None or not minutes:
        return ClockReading("stopped")
    ends_at = started_at + datetime.timedelta(minutes=minutes)
    warn_at = ends_at - datetime.timedelta(minutes=min(warning_minutes, minutes))
    left = max(0, int((ends_at - now).total_seconds()))
    if now >= ends_at:
        state: State = "over"
    elif warning_minutes and now >= warn_at:
        state = "last_smazzata"
    else:
        state = "running"
    return ClockReading(state, left, warn_at, ends_at)
