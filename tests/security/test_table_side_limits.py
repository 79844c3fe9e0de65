"""The table-side limits refuse guessing, never honest phones: a phone left open on its table's
page for an evening keeps working, and a club's phones behind one router are not blocked by a
few wrong links; the pages are never kept by a browser or a proxy."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from burraco_tourney.tournaments import table_side_limits
from burraco_tourney.tournaments.services import player_entries as services
from tests.tournaments.player_support import players_turno

pytestmark = pytest.mark.django_db

ROUTER = "192.168.1.1"


class Clock:
    def __init__(self, start: float):
        self.now = start

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    cache.clear()
    # 50 s into a minute: the window's two buckets both matter.
    clock = Clock(1_800_000_050.0)
    monkeypatch.setattr(table_side_limits, "_now", clock)
    return clock


def _token(turno, number=1):
    return services.turno_links_ensure(turno=turno)[turno.tables.get(number=number).pk].token


def test_a_phone_open_on_its_table_all_evening_is_never_refused(client, clock):
    _, turno = players_turno()
    token = _token(turno)
    client.post(reverse("table:line", args=[token]), {"line": "ns"}, REMOTE_ADDR=ROUTER)
    # The page polls its state every 10 seconds: an hour of it, and the page itself now and then.
    for n in range(360):
        clock.now += 10
        response = client.get(reverse("table:status", args=[token]), REMOTE_ADDR=ROUTER)
        assert response.status_code == 200, n
    assert client.get(reverse("table:page", args=[token]), REMOTE_ADDR=ROUTER).status_code == 200


def test_wrong_links_from_a_club_router_never_block_the_right_ones(client, clock):
    _, turno = players_turno()
    for _ in range(table_side_limits.MISSES_PER_WINDOW + 5):
        client.get(reverse("table:page", args=["x" * 43]), REMOTE_ADDR=ROUTER)
    assert client.get(reverse("table:page", args=["z" * 43]), REMOTE_ADDR=ROUTER).status_code == 429
    for number in (1, 2):
        token = _token(turno, number)
        page = client.get(reverse("table:page", args=[token]), REMOTE_ADDR=ROUTER)
        assert page.status_code == 200
        chosen = client.post(
            reverse("table:line", args=[token]), {"line": "eo"}, REMOTE_ADDR=ROUTER
        )
        assert chosen.status_code == 302


def test_guessing_is_refused_for_a_minute_then_forgotten(client, clock):
    players_turno()
    for _ in range(table_side_limits.MISSES_PER_WINDOW + 1):
        assert client.get(reverse("table:page", args=["x" * 43])).status_code == 404
    assert client.get(reverse("table:page", args=["y" * 43])).status_code == 429
    clock.now += 5
    assert client.get(reverse("table:page", args=["y" * 43])).status_code == 429
    # A minute of quiet: the window slid past every wrong link.
    clock.now += 65
    assert client.get(reverse("table:page", args=["y" * 43])).status_code == 404


def test_posting_too_often_with_one_link_leaves_the_other_tables_alone(client, clock, monkeypatch):
    _, turno = players_turno()
    monkeypatch.setattr(table_side_limits, "POSTS_PER_WINDOW", 3)
    first, second = _token(turno, 1), _token(turno, 2)
    for _ in range(3):
        client.post(reverse("table:line", args=[first]), {"line": "ns"}, REMOTE_ADDR=ROUTER)
    refused = client.post(reverse("table:line", args=[first]), {"line": "ns"}, REMOTE_ADDR=ROUTER)
    assert refused.status_code == 429
    # Reading its own page is never refused; another table behind the same router posts.
    assert client.get(reverse("table:page", args=[first]), REMOTE_ADDR=ROUTER).status_code == 200
    other = client.post(reverse("table:line", args=[second]), {"line": "ns"}, REMOTE_ADDR=ROUTER)
    assert other.status_code == 302


def test_the_table_pages_are_never_stored(client, clock):
    _, turno = players_turno()
    token = _token(turno)
    for name in ("table:page", "table:status"):
        response = client.get(reverse(name, args=[token]))
        assert "no-store" in response["Cache-Control"], name
    assert "no-store" in client.get(reverse("table:page", args=["x" * 43]))["Cache-Control"]
