"""The migration to submissions keeps every line's draft: taken back to the lines' drafts and
forward again, each draft is the same, and the tournament's archive is the same file. The drafts
are saved, taken back to 0017 and forward again on the trip of every test of the migrations
(tests/migration_trip.py)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("migration_trip")]


def test_every_draft_survives_the_migration_both_ways(migration_trip):
    trip = migration_trip.submission
    lines = trip.lines
    assert [(n, source, state) for n, source, state, *_ in lines] == [
        (1, "eo", "draft"),
        (1, "ns", "draft"),
        (2, "eo", "confirmed"),
        (2, "ns", "confirmed"),
        (3, "eo", "draft"),
    ]

    drafts = trip.drafts  # at 0017, the lines' drafts of this tournament
    assert [(e.table.number, e.line, e.version, bool(e.smazzate)) for e in drafts] == [
        (1, "eo", 1, True),
        (1, "ns", 1, True),
        (2, "eo", 1, True),
        (2, "ns", 1, True),
        (3, "eo", 0, False),
    ]
    by_line = {(e.table.number, e.line): e for e in drafts}
    assert by_line[2, "eo"].ended_early
    assert by_line[1, "eo"].photo.name == lines[0][-1]

    assert trip.lines_again == lines
    assert trip.exported_again == trip.exported
