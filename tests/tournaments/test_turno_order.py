"""The turni of a tournament come in their own order wherever they are counted (an aggregate
query drops the model's ordering, and PostgreSQL then returns its groups in any order)."""

from __future__ import annotations

import pytest

from burraco_tourney.tournaments.selectors.standings import standings_choice
from burraco_tourney.tournaments.selectors.tournaments import turno_summaries
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


def test_turni_written_out_of_order_are_listed_by_number_and_the_standings_follow():
    tournament = make_tournament(bye_vp=12, bye_mp=0)
    make_pairs(tournament, 4)
    # Written 3, 1, 2 (a turno drawn again gets a new row): the rows' order is not the turni's.
    make_turno(tournament, 3, [(1, 4), (2, 3)], totals=[(900, 600), (700, 700)])
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(800, 500), (600, 650)])
    make_turno(tournament, 2, [(1, 3), (2, 4)])  # no results yet: being played
    assert [s.turno.number for s in turno_summaries(tournament=tournament)] == [1, 2, 3]
    choice = standings_choice(tournament=tournament)
    assert choice.turni == (1, 2, 3)
    assert choice.in_progress.turno.number == 2
    assert choice.default == 1
