"""The public pages for a full room: served from a cache keyed on the tournament's change
counter, with ETags for the phones' polling; a pair's own page; the seat search (issue 13)."""

import re

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from burraco_tourney.tournaments import live_cache
from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.penalties import penalty_add
from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_cache(settings, tmp_path):
    """The site's own two levels of cache for the public pages (the suite turns them off by
    default): this process's memory and the files the other processes share."""
    settings.CACHES = {
        **settings.CACHES,
        "public": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "t"},
        "public_shared": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "pages"),
        },
    }
    # Every save shows at once (the coalescing of bursts: test_live_pages_burst.py).
    settings.PUBLIC_PAGES_COALESCE_SECONDS = 0
    caches["public"].clear()
    live_cache._values.clear()
    yield caches["public"]
    caches["public"].clear()
    live_cache._values.clear()


@pytest.fixture
def room():
    """Six pairs; turno 1 complete (1 v 2: 1250-830, 3 v 4, 5 v 6), turno 2 being played."""
    director = make_director()
    tournament = make_tournament(name="Torneo del Mare", owner=director)
    make_pairs(tournament, 6)
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)], totals=[(1250, 830), (900, 900), (0, 5)])
    make_turno(tournament, 2, [(1, 3), (2, 5), (4, 6)])
    return tournament, director


def _save_totals(tournament, director, turno, table, ns_mp, eo_mp):
    row = tournament.turni.get(number=turno).tables.get(number=table)
    table_record_totals(table=row, user=director, ns_mp=ns_mp, eo_mp=eo_mp, version=row.version)


def _live(client, url, etag=None):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(url, {"live": "1"}, **headers)


def _counter(tournament) -> int:
    return Tournament.objects.get(pk=tournament.pk).change_counter


def test_a_save_changes_the_etag_and_an_unchanged_page_answers_304(client, room, public_cache):
    tournament, director = room
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    first = _live(client, url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert first["Cache-Control"] == "no-cache"
    with CaptureQueriesContext(connection) as queries:
        again = _live(client, url, etag)
    assert again.status_code == 304
    assert len(queries) == 1  # the tournament's row, with its counter; nothing else
    before = _counter(tournament)
    _save_totals(tournament, director, 2, 1, 1100, 900)
    assert _counter(tournament) == before + 1
    changed = _live(client, url, etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "1100" in changed.content.decode()


def test_the_cache_never_serves_a_page_from_before_a_save(client, room, public_cache):
    tournament, director = room
    url = reverse("tournaments:standings", args=[tournament.slug])
    provisional = {"dopo": "2"}
    # Pair 1 has 1250 MP after turno 1; 1500 more at table 1 of turno 2 make 2750.
    assert ">2750<" not in client.get(url, provisional).content.decode()
    client.get(url, provisional)  # now from the cache
    _save_totals(tournament, director, 2, 1, 1500, 300)
    page = client.get(url, provisional).content.decode()
    assert ">2750<" in page
    # A penalty is a write too.
    pair = tournament.entrants.get(number=6)
    turno = tournament.turni.get(number=1)
    penalty_add(
        tournament=tournament, user=director, entrant=pair, turno=turno, vp=-3, reason="Ritardo"
    )
    assert "-3 PV" in client.get(url, provisional).content.decode()


def test_a_page_built_by_another_process_is_served_from_the_shared_files(
    client, room, public_cache
):
    tournament, director = room
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    client.get(url)
    public_cache.clear()  # another process: nothing in its memory
    with CaptureQueriesContext(connection) as queries:
        assert "Turno 2" in client.get(url).content.decode()
    assert len(queries) == 1
    _save_totals(tournament, director, 2, 1, 1100, 900)
    public_cache.clear()
    assert "1100" in client.get(url).content.decode()  # the files hold no page from before


def test_a_recompute_raises_the_counter_too(room):
    tournament, _ = room
    before = _counter(tournament)
    make_turno(tournament, 3, [(1, 4)], byes=[2, 3, 5, 6], totals=[(600, 600)])
    assert _counter(tournament) > before


def test_the_page_polls_its_live_part_and_works_without_javascript(client, room, public_cache):
    tournament, _ = room
    url = reverse("tournaments:standings", args=[tournament.slug])
    html = client.get(url).content.decode()
    # The whole page is there for a browser without JavaScript...
    assert "Torneo del Mare" in html and 'class="standings"' in html
    # ...and htmx asks for the live part, sort links never saying "live".
    assert f'hx-get="{url}?live=1"' in html
    assert "live=1" not in html.replace(f'hx-get="{url}?live=1"', "")
    part = _live(client, url).content.decode()
    assert "<html" not in part and 'class="standings"' in part
    assert 'hx-swap-oob="true"' in part  # the menu follows a new turno
    assert "<script>" not in html and " style=" not in html  # CSP


def test_a_directors_page_is_not_the_cached_one(client, room, public_cache):
    tournament, director = room
    url = reverse("tournaments:seating", args=[tournament.slug, 2])
    client.get(url)  # cached for the players
    client.force_login(director)
    page = client.get(url).content.decode()
    assert reverse("manage:turno_preview", args=[tournament.slug, 2]) in page
    assert "ETag" not in _live(client, url)


def test_a_save_that_leaves_a_page_as_it_was_still_answers_304(client, room, public_cache):
    tournament, director = room
    url = reverse("tournaments:seating", args=[tournament.slug, 2])
    etag = _live(client, url)["ETag"]
    _save_totals(tournament, director, 2, 1, 1100, 900)  # a score: the seating stays
    assert _live(client, url, etag).status_code == 304


def _figures(html: str, name: str) -> list[int]:
    return [int(v) for v in re.findall(rf'data-figure="{name}">(-?\d+)<', html)]


def test_the_pair_page_agrees_with_the_standings(client, room, public_cache):
    tournament, director = room
    _save_totals(tournament, director, 2, 1, 1500, 300)
    _save_totals(tournament, director, 2, 2, 700, 700)
    _save_totals(tournament, director, 2, 3, 100, 900)
    pair = tournament.entrants.get(number=1)
    penalty_add(
        tournament=tournament,
        user=director,
        entrant=pair,
        turno=tournament.turni.get(number=2),
        vp=-2,
        reason="Cellulare",
    )
    html = client.get(reverse("tournaments:pair", args=[tournament.slug, 1])).content.decode()
    after = {
        n: {s.pair.number: s for s in standings(tournament=tournament, after_turno=n)}
        for n in (1, 2)
    }
    assert _figures(html, "rank") == [after[1][1].rank, after[2][1].rank]
    assert _figures(html, "total-vp") == [after[1][1].vp, after[2][1].vp]
    assert _figures(html, "vp") == [after[2][1].earned_vp_by_turno[n] for n in (1, 2)]
    assert "Cellulare" in html and "1500" in html
    # Its opponents' pages are one click away, and the standings link to it.
    assert reverse("tournaments:pair", args=[tournament.slug, 3]) in html
    board = client.get(reverse("tournaments:standings", args=[tournament.slug])).content.decode()
    assert reverse("tournaments:pair", args=[tournament.slug, 1]) in board
    seating = client.get(reverse("tournaments:seating", args=[tournament.slug, 2]))
    assert reverse("tournaments:pair", args=[tournament.slug, 5]) in seating.content.decode()


def test_an_unknown_pair_is_not_found(client, room, public_cache):
    tournament, _ = room
    assert client.get(reverse("tournaments:pair", args=[tournament.slug, 99])).status_code == 404


@pytest.mark.parametrize("typed", ["rossi anna", "ROSSÌ", "Anna Rossi", "  rOssI  "])
def test_the_seat_search_ignores_accents_and_case(client, room, public_cache, typed):
    tournament, _ = room
    tournament.entrants.filter(number=5).update(player1="Rossì Anna")
    url = reverse("tournaments:seat_search", args=[tournament.slug])
    html = client.get(url, {"nome": typed}).content.decode()
    # Turno 2, the latest: pair 5 sits EO at table 2 against pair 2.
    assert "Rossì Anna" in html
    assert "Tavolo 2" in html and "Est-Ovest" in html
    assert reverse("tournaments:pair", args=[tournament.slug, 2]) in html


def test_the_seat_search_says_when_nobody_is_found(client, room, public_cache):
    tournament, _ = room
    url = reverse("tournaments:seat_search", args=[tournament.slug])
    assert "Nessuno" in client.get(url, {"nome": "Zzyzx"}).content.decode()
    assert "almeno due lettere" in client.get(url, {"nome": "a"}).content.decode()


def test_each_player_gets_a_language_button_that_works_from_the_cached_page(room, public_cache):
    from django.test import Client

    tournament, _ = room
    url = reverse("tournaments:standings", args=[tournament.slug])
    tokens = []
    for _ in range(2):
        player = Client(enforce_csrf_checks=True)
        page = player.get(url).content.decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        tokens.append(token)
        answer = player.post(
            reverse("set_language"), {"language": "en", "next": url, "csrfmiddlewaretoken": token}
        )
        assert answer.status_code == 302
        assert "Standings" in player.get(url).content.decode()
    assert tokens[0] != tokens[1]


def test_while_a_page_is_being_built_elsewhere_a_phone_gets_its_last_version(
    client, room, public_cache, monkeypatch
):
    tournament, director = room
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    client.get(url)
    _save_totals(tournament, director, 2, 1, 1100, 900)
    # Another thread is building the page after the save: this request does not wait for it.
    building = live_cache.threading.Lock()
    building.acquire()

    class Building(dict):
        def setdefault(self, key, default):
            return building if key.startswith("p:") else super().setdefault(key, default)

    monkeypatch.setattr(live_cache, "_key_locks", Building())
    assert "1100" not in client.get(url).content.decode()
    building.release()
    assert "1100" in client.get(url).content.decode()  # asked again, the page is the new one
