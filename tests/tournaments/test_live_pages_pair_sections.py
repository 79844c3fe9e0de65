"""A pair's page is assembled from its turni, each rendered once for as long as it shows the
same: a save in the turno being played renders that turno's part of the pages again, never the
closed turni's (issue 26: two hundred pairs' pages after each save)."""

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.views import pair_page
from tests.tournaments import test_live_pages
from tests.tournaments.test_live_pages import _live, _save_totals

pytestmark = pytest.mark.django_db

# The fixtures of the live pages' tests: their cache and their room.
public_cache = test_live_pages.public_cache
room = test_live_pages.room


@pytest.fixture
def rendered(monkeypatch):
    """The turni of pairs' pages rendered, as (pair, turno)."""
    parts = []
    real = pair_page.render_to_string

    def counted(name, context=None, request=None):
        if name == "tournaments/live/_pair_turno.html":
            parts.append((context["pair"].number, context["t"].number))
        return real(name, context, request)

    monkeypatch.setattr(pair_page, "render_to_string", counted)
    return parts


def test_a_save_renders_only_the_turno_it_changed(client, room, public_cache, rendered):
    tournament, director = room
    url = reverse("tournaments:pair", args=[tournament.slug, 1])
    first = _live(client, url).content.decode()
    assert rendered == [(1, 1), (1, 2)]
    assert "1250" in first  # turno 1, closed
    rendered.clear()
    _save_totals(tournament, director, 2, 1, 1100, 900)  # pair 1 v pair 3, turno 2
    page = _live(client, url).content.decode()
    assert rendered == [(1, 2)]  # turno 1's part as it was
    assert "1250" in page and "1100" in page
    assert page.count('class="card pair-turno"') == 2


def test_the_turni_of_a_page_are_its_own(client, room, public_cache):
    """Pairs 1 and 2 met in turno 1: the same table, each page from its own side."""
    tournament, _ = room
    one = _live(client, reverse("tournaments:pair", args=[tournament.slug, 1])).content.decode()
    two = _live(client, reverse("tournaments:pair", args=[tournament.slug, 2])).content.decode()
    assert '<dd class="num">1250 – 830</dd>' in one
    assert '<dd class="num">830 – 1250</dd>' in two
