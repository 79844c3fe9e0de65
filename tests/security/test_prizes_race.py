"""Two directors saving the prize list at once: each save replaces the whole list in one
transaction behind the tournament's lock, so the list that stays is one of the two, whole,
never a mix of their categories or a category twice (real transactions, threads)."""

import pytest

from burraco_tourney.rules import prizes as engine
from burraco_tourney.tournaments.models import PrizeCategory, PrizeList
from burraco_tourney.tournaments.services.prizes import prize_list_save
from tests.factories import make_tournament
from tests.security.test_races import _at_once


def _list(tag: str, count: int) -> engine.PrizeList:
    return engine.PrizeList(
        tuple(
            engine.Category(f"{tag} {i}", (engine.Place(1, amount=1000 * (i + 1)),))
            for i in range(count)
        )
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_two_directors_saving_the_prize_list_at_once_leave_one_whole_list():
    tournament = make_tournament()
    lists = [_list("Prima", 5), _list("Seconda", 3), _list("Terza", 4), _list("Quarta", 6)]

    def save(i):
        prize_list_save(tournament=tournament, prizes=lists[i], record=True)
        return "ok"

    assert _at_once(4, save) == ["ok"] * 4
    assert PrizeList.objects.count() == 1
    names = list(PrizeCategory.objects.order_by("order").values_list("name", flat=True))
    assert names in [[c.name for c in one.categories] for one in lists]
    assert tournament.audit.filter(action="prizes_save").count() == 4
