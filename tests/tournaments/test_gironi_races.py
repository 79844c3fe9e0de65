"""Two directors starting the gironi at once, with real transactions in threads (SQLite and
PostgreSQL alike): one start wins, the other is refused, and the entrants' gironi, the phase's
first turno and its tables are all the winner's, never a mix of the two."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.tournaments.models import Tournament
from tests.factories import make_director
from tests.tournaments.gironi_support import pairs_evening, start
from tests.tournaments.test_turno_close_races import ROUNDS, _at_once

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {(3, 4): {"A": 6, "B": 9}, (4, 3): {"A": 8, "B": 7}}


@pytest.mark.usefixtures("site_database")
@pytest.mark.parametrize("attempt", range(ROUNDS))
def test_two_starts_at_once_leave_one_phase(attempt):
    director = make_director(f"arbitro{attempt}")
    tournament = pairs_evening(director)

    def starting(sizes):
        return lambda: start(Tournament.objects.get(pk=tournament.pk), director, sizes=sizes)

    results = _at_once(*(starting(sizes) for sizes in SIZES))
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1, results
    assert isinstance(refused[0], ValidationError) and refused[0].code == "gironi_started"
    won = next(sizes for sizes, r in zip(SIZES, results, strict=True) if r is not refused[0])
    tournament.refresh_from_db()
    assert tournament.gironi_from == 3
    assert tournament.turni.count() == 3
    counts = Counter(tournament.entrants.values_list("girone", flat=True))
    assert counts == SIZES[won]
    tables = Counter(tournament.turni.get(number=3).tables.values_list("girone", flat=True))
    assert tables == {"A": won[0], "B": won[1]}
