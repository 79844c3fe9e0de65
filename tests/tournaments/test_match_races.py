"""Two directors saving the same table at once, with real transactions in threads, on SQLite
and PostgreSQL alike: one save wins, the other is refused as stale, and the match above the
table holds the VP of the result that won, never a mix of the two."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.tournaments.models import Table
from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.test_turno_close_races import ROUNDS, _at_once

pytestmark = pytest.mark.django_db(transaction=True)

# 1250 - 830 = 420: 14-6 with 3 smazzate; 900 - 1900 = -1000: 3-17.
RESULTS = {(1250, 830): (14, 6), (900, 1900): (3, 17)}


def _enter(turno, ns_mp, eo_mp, director):
    """A save of table 1 from a page both directors opened before either saved (version 0)."""

    def work():
        table = Table.objects.get(turno=turno, number=1)
        return table_record_totals(table=table, user=director, ns_mp=ns_mp, eo_mp=eo_mp, version=0)

    return work


@pytest.mark.usefixtures("site_database")
@pytest.mark.parametrize("attempt", range(ROUNDS))
def test_two_saves_of_one_table_at_once_leave_its_match_with_the_winning_result(attempt):
    director = make_director(f"arbitro{attempt}")
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 2)
    turno = make_turno(tournament, 1, [(1, 2)], closed=False)
    first, second = _at_once(*(_enter(turno, ns_mp, eo_mp, director) for ns_mp, eo_mp in RESULTS))
    refused = [r for r in (first, second) if isinstance(r, Exception)]
    assert len(refused) == 1, (first, second)
    assert isinstance(refused[0], ValidationError) and refused[0].code == "stale"
    table = Table.objects.select_related("match").get(turno=turno, number=1)
    match = table.match
    assert (match.ns_mp, match.eo_mp) == (table.ns_mp, table.eo_mp)
    assert (match.ns_vp, match.eo_vp) == RESULTS[(table.ns_mp, table.eo_mp)]
    assert table.version == 1
