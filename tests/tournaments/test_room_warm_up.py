"""A server process reads the pages of the turni being played before its first request
(``room_warm_up``): the first phones of a room, or of a server restarted during a turno, get
their pages from what the process already holds, the same pages as built on demand."""

import datetime
import logging
import re
from types import SimpleNamespace

import pytest
from django.core.cache import caches
from django.core.handlers.wsgi import WSGIHandler
from django.db import DatabaseError, connection
from django.template import TemplateSyntaxError
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from burraco_tourney import gunicorn_conf
from burraco_tourney.tournaments import fragments, live_cache, room_tiles, room_warm_up
from burraco_tourney.tournaments.models import Tournament, Turno
from burraco_tourney.tournaments.room_warm_up import rooms_ready
from burraco_tourney.tournaments.selectors.tournaments import turni_in_play
from burraco_tourney.tournaments.views import pair_page
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.test_live_pages import public_cache, room  # noqa: F401

# Committed: the warm-up reads in a thread of its own, with its own database connection.
pytestmark = pytest.mark.django_db(transaction=True)


def _fresh_process() -> None:
    """What a server process holds when it starts: nothing (gunicorn_conf empties the shared
    folder when the server starts)."""
    for name in ("public", "public_shared"):
        caches[name].clear()
    live_cache._values.clear()


def _phone_pages(tournament, turno: int) -> list[str]:
    slug = tournament.slug
    return [
        reverse("tournaments:standings", args=[slug]),
        reverse("tournaments:turno", args=[slug, turno]),
        reverse("tournaments:seating", args=[slug, turno]),
        reverse("tournaments:projector", args=[slug]),
        # Not the entrant the warm-up read: another pair's page, from the values they share.
        reverse("tournaments:pair", args=[slug, 4]),
    ]


def _first_visits(client, pages) -> list[tuple[int, bytes]]:
    """(queries, body) of each page's first visit by a phone (no cookie)."""
    visits = []
    for url in pages:
        client.cookies.clear()
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, url
        visits.append((len(queries), response.content))
    return visits


def test_the_first_phones_get_the_pages_the_warm_up_read(client, room, public_cache):  # noqa: F811
    tournament, _director = room
    pages = _phone_pages(tournament, 2)
    _fresh_process()
    cold = _first_visits(client, pages)

    _fresh_process()
    assert rooms_ready(WSGIHandler()) == 10  # four pages, and the six pairs' pages
    warm = _first_visits(client, pages)

    for url, (cold_queries, cold_body), (warm_queries, warm_body) in zip(
        pages, cold, warm, strict=True
    ):
        # The same page, but read from what the process holds: fewer queries.
        assert warm_queries < cold_queries, url
        assert _without_tokens(warm_body) == _without_tokens(cold_body), url


def _without_tokens(body: bytes) -> bytes:
    """The page without its CSRF token and CSP nonces (different for every visitor)."""
    body = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", body)
    return re.sub(rb'nonce="[^"]+"', b"", body)


def _tiles_drawn(client, url) -> tuple[int, bytes]:
    """(tiles drawn, body) of a director's visit of the room board."""
    drawn = []

    def rendered(sender, template, context, **kwargs):
        drawn.append(template.name)

    template_rendered.connect(rendered)
    try:
        response = client.get(url)
    finally:
        template_rendered.disconnect(rendered)
    assert response.status_code == 200
    return drawn.count(room_tiles.TILE_TEMPLATE), response.content


def test_the_directors_first_room_board_finds_its_tiles_drawn(client, room, public_cache):  # noqa: F811
    tournament, director = room
    Tournament.objects.filter(pk=tournament.pk).update(players_enter=True)
    client.force_login(director)
    url = reverse("manage:room_board", args=[tournament.slug, 2])
    fragments._kept.clear()
    cold_tiles, cold_body = _tiles_drawn(client, url)
    assert cold_tiles == 3

    fragments._kept.clear()
    rooms_ready(WSGIHandler())
    warm_tiles, warm_body = _tiles_drawn(client, url)
    # The same board, none of its tiles drawn for it.
    assert warm_tiles == 0
    assert _without_tokens(warm_body) == _without_tokens(cold_body)


def _tiles_kept() -> int:
    return sum(1 for key in fragments._kept if key.startswith("room-tile:"))


def test_every_pairs_page_is_read_and_its_turni_kept(client, room, public_cache, monkeypatch):  # noqa: F811
    """A process keeps the turni of every pair's page it read: a page it builds later (after a
    save, or once the kept page is gone) draws none of them again while they are as they were,
    even for a pair whose page no phone asked it for yet."""
    tournament, _director = room
    _fresh_process()
    fragments._kept.clear()
    rooms_ready(WSGIHandler())
    kept = [key for key in fragments._kept if key.startswith("pair-turno:")]
    assert len(kept) == 12  # six pairs, two turni each
    _fresh_process()  # the pages and the values they share gone; the pieces kept
    drawn = []
    real = pair_page.render_to_string

    def counted(template, *args, **kwargs):
        drawn.append(template)
        return real(template, *args, **kwargs)

    monkeypatch.setattr(pair_page, "render_to_string", counted)
    client.cookies.clear()
    response = client.get(reverse("tournaments:pair", args=[tournament.slug, 6]))
    assert response.status_code == 200
    assert drawn == []
    assert response.content.decode().count('class="card pair-turno"') == 2


def test_the_entrants_pages_read_are_the_ones_their_kind_keeps(room):  # noqa: F811
    """Every pair still playing; no player's page (an individual tournament has none) and no
    team's (drawn for each request: nothing to read before)."""
    tournament, _director = room
    tournament.entrants.filter(number=5).update(withdrawn=True)
    pages = tournament.fmt.entrants.warm_pages(tournament)
    assert pages == [
        reverse("tournaments:pair", args=[tournament.slug, n]) for n in (1, 2, 3, 4, 6)
    ]
    for kind in ("individual", "teams"):
        other = make_tournament(name=f"Sera {kind}", kind=kind)
        assert other.fmt.entrants.warm_pages(other) == []


def test_pairs_pages_come_after_every_rooms_other_pages(room, public_cache, monkeypatch):  # noqa: F811
    """Within its few seconds the warm-up reads first what every phone of every room follows."""
    tournament, director = room
    other = make_tournament(name="Sera", owner=director)
    make_pairs(other, 4)
    make_turno(other, 1, [(1, 2), (3, 4)])
    read = []
    handler = WSGIHandler()

    def application(environ, start_response):
        read.append(environ["PATH_INFO"])
        return handler(environ, start_response)

    rooms_ready(application)
    pairs = [i for i, path in enumerate(read) if "/coppia/" in path]
    others = [i for i, path in enumerate(read) if "/coppia/" not in path]
    assert len(others) == 8 and len(pairs) == 10
    # One pair's page in each room (what they share), then the other pairs' pages.
    assert max(others) < sorted(pairs)[2]


def test_no_tiles_where_the_players_do_not_enter_their_tables(room, public_cache):  # noqa: F811
    # The director's page of results has no room board to open then.
    fragments._kept.clear()
    assert rooms_ready(WSGIHandler()) == 10
    assert _tiles_kept() == 0


def test_tiles_that_fail_leave_the_other_rooms_read(room, public_cache, monkeypatch, caplog):  # noqa: F811
    tournament, _director = room
    Tournament.objects.filter(pk=tournament.pk).update(players_enter=True)
    other = make_tournament(name="Sera", owner=_director, players_enter=True)
    make_pairs(other, 4)
    make_turno(other, 1, [(1, 2), (3, 4)])

    def broken(turno):
        raise TemplateSyntaxError("a tile that cannot be drawn")

    monkeypatch.setattr(room_warm_up, "tiles_ready", broken)
    with caplog.at_level(logging.WARNING, logger=room_warm_up.__name__):
        # Both rooms' four pages, and their six and four pairs' pages.
        assert rooms_ready(WSGIHandler()) == 18
    failed = [r for r in caplog.records if "the tiles of" in r.getMessage()]
    assert len(failed) == 2 and "a tile that cannot be drawn" in caplog.text


def test_a_server_process_reads_them_before_its_first_request(client, room, public_cache):  # noqa: F811
    tournament, _director = room
    pages = _phone_pages(tournament, 2)[:1]
    _fresh_process()
    [(cold, _body)] = _first_visits(client, pages)
    _fresh_process()
    gunicorn_conf.post_worker_init(SimpleNamespace(wsgi=WSGIHandler()))
    [(warm, _body)] = _first_visits(client, pages)
    assert warm < cold


def test_only_the_turni_being_played_are_read():
    director = make_director()
    played = make_tournament(name="Sera", owner=director)
    make_pairs(played, 4)
    make_turno(played, 1, [(1, 2), (3, 4)], totals=[(900, 700), (800, 800)])
    playing = make_turno(played, 2, [(1, 3), (2, 4)])
    over = make_tournament(name="Ieri", owner=director, date=datetime.date(2026, 11, 1))
    make_pairs(over, 4)
    make_turno(over, 1, [(1, 2), (3, 4)], totals=[(900, 700), (800, 800)])
    drawn = make_tournament(name="Domani", owner=director, date=datetime.date(2027, 1, 8))
    make_pairs(drawn, 4)
    draft = make_turno(drawn, 1, [(1, 2), (3, 4)])
    Turno.objects.filter(pk=draft.pk).update(published=False)

    # A closed turno's room has gone home; a draft is not the players' yet.
    assert turni_in_play(limit=5) == [playing]


def test_at_most_a_few_rooms_and_the_newest_first():
    director = make_director()
    turni = []
    for day in range(1, 8):
        tournament = make_tournament(
            name=f"Sera {day}", owner=director, date=datetime.date(2026, 11, day)
        )
        make_pairs(tournament, 2)
        turni.append(make_turno(tournament, 1, [(1, 2)]))
    assert turni_in_play(limit=room_warm_up.ROOMS) == turni[::-1][: room_warm_up.ROOMS]


def test_a_process_starts_all_the_same_when_the_database_cannot_say(monkeypatch, caplog):
    def unreadable(**kwargs):
        raise DatabaseError("no such table: tournaments_turno")

    monkeypatch.setattr(room_warm_up, "turni_in_play", unreadable)
    with caplog.at_level(logging.WARNING, logger=room_warm_up.__name__):
        assert rooms_ready(WSGIHandler()) == 0
    assert "no such table" in caplog.text


def test_a_page_that_fails_leaves_the_others_read(room, public_cache, caplog):  # noqa: F811
    tournament, _director = room
    handler = WSGIHandler()
    standings = reverse("tournaments:standings", args=[tournament.slug])

    def application(environ, start_response):
        if environ["PATH_INFO"] == standings:
            raise RuntimeError("the standings broke")
        return handler(environ, start_response)

    with caplog.at_level(logging.WARNING, logger=room_warm_up.__name__):
        assert rooms_ready(application) == 9
    assert standings in caplog.text
