"""A pair's page is built again only when what it shows changed, not at every save of the
tournament: after a save a room's phones ask for all two hundred pairs' pages, and most are as
they were (issue 26)."""

import re

import pytest
from django.core.cache import caches
from django.urls import reverse

from burraco_tourney.tournaments import live_cache
from burraco_tourney.tournaments.services.entrants import entrant_update
from burraco_tourney.tournaments.services.scores import table_record_totals
from burraco_tourney.tournaments.views import pair_page
from tests.tournaments.test_live_pages import _live, public_cache, room  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def builds(monkeypatch):
    """The pairs' pages built, by pair number."""
    built = []
    real = pair_page.render_parts

    def counted(request, **kwargs):
        built.append(kwargs["context"]["pair"].number)
        return real(request, **kwargs)

    monkeypatch.setattr(pair_page, "render_parts", counted)
    return built


def _url(tournament, number):
    return reverse("tournaments:pair", args=[tournament.slug, number])


def _correct(tournament, director, table, ns_mp, eo_mp):
    row = tournament.turni.get(number=1).tables.get(number=table)
    table_record_totals(
        table=row, user=director, ns_mp=ns_mp, eo_mp=eo_mp, version=row.version, reason="Errore"
    )


def _ranks(page) -> list[str]:
    return re.findall(r'data-figure="rank">(\d+)<', page)


def _rename(tournament, director, number, player1):
    pair = tournament.entrants.get(number=number)
    entrant_update(
        entrant=pair, user=director, player1=player1, player2=pair.player2, number=pair.number
    )


def test_a_save_that_leaves_a_pairs_page_as_it_was_does_not_build_it_again(
    client,
    room,  # noqa: F811
    public_cache,  # noqa: F811
    builds,
):
    tournament, director = room
    # Pair 2 played pairs 1 and 5; pair 4 plays pair 6 in turno 2.
    two = _live(client, _url(tournament, 2))
    four = _live(client, _url(tournament, 4))
    assert builds == [2, 4]
    _rename(tournament, director, 6, "Zanardelli")
    again = _live(client, _url(tournament, 2), two["ETag"])
    assert again.status_code == 304  # nothing on pair 2's page changed: not built either
    changed = _live(client, _url(tournament, 4), four["ETag"])
    assert changed.status_code == 200
    assert "Zanardelli" in changed.content.decode()
    assert builds == [2, 4, 4]
    # The whole page too, for a phone arriving now.
    assert "Zanardelli" in client.get(_url(tournament, 4)).content.decode()
    assert builds == [2, 4, 4]


def test_a_page_built_after_a_later_save_is_not_kept_as_the_earlier_version(
    client,
    room,  # noqa: F811
    public_cache,  # noqa: F811
    monkeypatch,
):
    """The pages' digests are read once for every pair (while they are read again, a phone gets
    the last ones); a page built from rows saved after them shows those rows, and is never shown
    for the earlier version when the data goes back to it (a director correcting another table's
    result, which moves the pair's rank, and then putting it back)."""
    tournament, director = room
    url = _url(tournament, 1)
    first = _ranks(client.get(url).content.decode())
    before = dict(pair_page._digests(None, tournament))
    # Nothing built yet for the digests read: neither here nor by another process.
    live_cache._values.clear()
    for level in ("public", "public_shared"):
        caches[level].clear()
    _correct(tournament, director, 2, 1500, 300)  # pair 3 passes pair 1
    real = pair_page._digests
    monkeypatch.setattr(pair_page, "_digests", lambda request, tournament: before)
    moved = _ranks(client.get(url).content.decode())
    assert moved != first
    monkeypatch.setattr(pair_page, "_digests", real)
    _correct(tournament, director, 2, 900, 900)
    assert _ranks(client.get(url).content.decode()) == first
