"""The turno clock: running, the "last smazzata" warning, the end (the module's example)."""

from __future__ import annotations

import datetime

import pytest

from burraco_tourney.rules.turno_clock import clock_reading

START = datetime.datetime(2026, 11, 20, 21, 0, tzinfo=datetime.UTC)


@pytest.mark.parametrize(
    ("at", "state", "left"),
    [
        ((20, 59), "running", 3660),
        ((21, 30), "running", 1800),
        ((21, 45), "last_smazzata", 900),
        ((21, 50), "last_smazzata", 600),
        ((22, 0), "over", 0),
        ((22, 1), "over", 0),
    ],
)
def test_an_hour_with_a_quarter_of_warning(at, state, left):
    now = START.replace(hour=at[0], minute=at[1])
    reading = clock_reading(started_at=START, minutes=60, warning_minutes=15, now=now)
    assert (reading.state, reading.seconds_left) == (state, left)
    assert reading.ends_at == START + datetime.timedelta(hours=1)


@pytest.mark.parametrize(("started", "minutes"), [(None, 60), (START, None), (START, 0)])
def test_stopped_without_a_start_or_a_duration(started, minutes):
    reading = clock_reading(started_at=started, minutes=minutes, warning_minutes=15, now=START)
    assert reading.state == "stopped" and reading.ends_at is None


def test_no_warning_when_set_to_zero():
    now = START + datetime.timedelta(minutes=59)
    reading = clock_reading(started_at=START, minutes=60, warning_minutes=0, now=now)
    assert reading.state == "running"
