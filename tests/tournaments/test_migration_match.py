"""The migration to matches keeps every stored result: each table's VP, KO winner and last-move
decision move onto its own match and back again, and the archive a director downloads is the
same file before and after. The tournaments are played, taken back to 0017 and forward again on
the trip of every test of the migrations (tests/migration_trip.py).
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("migration_trip")]


def test_every_table_gets_a_match_with_its_values_and_the_archive_stays_the_same(migration_trip):
    trip = migration_trip.match
    played, on_matches = trip.tournaments, trip.on_matches
    # What the tables held: pairs VP 14-6 by forfeit, 10-10 for a tie; KO winners, one by the
    # last move of a tie entered as totals only.
    assert on_matches[(played[0].slug, 2, 1)] == (14, 6, "", False)
    assert on_matches[(played[0].slug, 1, 2)] == (10, 10, "", False)
    assert on_matches[(played[1].slug, 1, 2)] == (None, None, "eo", True)
    assert on_matches[(played[1].slug, 2, 1)] == (None, None, "ns", True)
    assert trip.on_tables == on_matches
    assert trip.again == on_matches
    assert trip.archives_again == trip.archives
