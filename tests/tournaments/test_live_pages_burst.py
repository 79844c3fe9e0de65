"""A burst of saves (every table's phones at the end of a turno) is shown on the players' pages
at most every PUBLIC_PAGES_COALESCE_SECONDS: each page, and the ranks every pair's page reads,
is built once per interval whatever the number of saves in it (issue 26)."""

import pytest
from django.urls import reverse

from burraco_tourney.tournaments import live_cache
from burraco_tourney.tournaments.views import pair_page
from tests.tournaments.test_live_pages import _save_totals, public_cache, room  # noqa: F401

pytestmark = pytest.mark.django_db


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def time(self):
        return self.now


@pytest.fixture
def burst(settings, public_cache, monkeypatch):  # noqa: F811
    settings.PUBLIC_PAGES_COALESCE_SECONDS = 5
    clock = Clock()
    monkeypatch.setattr(live_cache.time, "time", clock.time)
    builds = []
    real = pair_page.play_by_pair

    def counted(*, tournament):
        builds.append(tournament.change_counter)
        return real(tournament=tournament)

    monkeypatch.setattr(pair_page, "play_by_pair", counted)
    return clock, builds


def _pair(client, tournament, number):
    url = reverse("tournaments:pair", args=[tournament.slug, number])
    return client.get(url).content.decode()


def test_a_burst_of_saves_builds_the_pages_once_per_interval(client, room, burst):  # noqa: F811
    tournament, director = room
    clock, builds = burst
    assert "1335" not in _pair(client, tournament, 1)
    assert "1115" not in _pair(client, tournament, 2)
    assert len(builds) == 1  # every pair's tables read once for both pages
    for table, ns, eo in [(2, 1115, 900), (3, 1220, 800), (1, 1335, 700)]:
        clock.now += 1
        _save_totals(tournament, director, 2, table, ns, eo)
        # Within the interval: the pages as they were, nothing built again.
        assert "1335" not in _pair(client, tournament, 1)
        assert "1115" not in _pair(client, tournament, 2)
    assert len(builds) == 1
    clock.now += 5
    # The interval is over: the pages catch up with the last save, built once for both.
    assert "1335" in _pair(client, tournament, 1)
    assert "1115" in _pair(client, tournament, 2)
    assert len(builds) == 2


def test_a_save_after_a_quiet_spell_shows_at_once(client, room, burst):  # noqa: F811
    tournament, director = room
    clock, _ = burst
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    assert "1100" not in client.get(url).content.decode()
    clock.now += 60
    _save_totals(tournament, director, 2, 1, 1100, 900)
    assert "1100" in client.get(url).content.decode()


def test_a_director_sees_every_save_at_once(client, room, burst):  # noqa: F811
    tournament, director = room
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    assert "1100" not in client.get(url).content.decode()
    _save_totals(tournament, director, 2, 1, 1100, 900)
    assert "1100" not in client.get(url).content.decode()  # a player: within the interval
    client.force_login(director)
    assert "1100" in client.get(url).content.decode()
