"""The one standings selector reads matches, not tables: a match of two tables (a team match,
built here by hand until teams have their own format) counts once for each side, with the MP
its tables add up to and the match's VP."""

from __future__ import annotations

import pytest

from burraco_tourney.tournaments.models import EntryMode, Table
from burraco_tourney.tournaments.selectors.standings import standings
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_rooms():
    """Turno 1: pairs 1 v 2 at table 1 (900 - 500) and 3 v 4 at table 2 (600 - 600); then a
    second table joins the match of table 1, the same sides at table 3 (300 - 700), and the
    match holds what both tables make: 1200 - 1200 MP and, say, 12 - 8 VP."""
    tournament = make_tournament()
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 500), (600, 600)])
    first = turno.tables.get(number=1)
    pairs = {p.number: p for p in tournament.entrants.all()}
    second = Table.objects.create(
        turno=turno,
        match=first.match,
        number=3,
        ns=pairs[1],
        eo=pairs[2],
        entry_mode=EntryMode.TOTALS,
        ns_mp=300,
        eo_mp=700,
    )
    match = first.match
    match.ns_mp, match.eo_mp = first.ns_mp + second.ns_mp, first.eo_mp + second.eo_mp
    match.ns_vp, match.eo_vp = 12, 8
    match.save()
    return tournament, second


def test_a_match_of_two_tables_counts_once_with_its_tables_mp_summed(two_rooms):
    tournament, _second = two_rooms
    rows = {row.entrant.number: row for row in standings(tournament=tournament)}
    assert (rows[1].played, rows[1].vp, rows[1].mp, rows[1].scarto) == (1, 12, 1200, 0)
    assert (rows[2].played, rows[2].vp, rows[2].mp, rows[2].scarto) == (1, 8, 1200, 0)
    assert rows[1].vp_by_turno == {1: 12}
    # The match of one table beside it is read as before.
    assert (rows[3].played, rows[3].vp, rows[3].mp) == (1, 10, 600)
    assert [row.entrant.number for row in standings(tournament=tournament)] == [1, 3, 4, 2]


def test_a_match_counts_only_once_all_its_tables_have_a_result(two_rooms):
    tournament, second = two_rooms
    second.entry_mode = EntryMode.NONE
    second.save()
    rows = {row.entrant.number: row for row in standings(tournament=tournament)}
    assert (rows[1].played, rows[1].vp, rows[2].played) == (0, 0, 0)
    assert (rows[3].played, rows[4].played) == (1, 1)
