"""A phone polling a live part that has not changed gets 304 without the server reading the
database: the tournament's change counter is kept in the shared cache by the writers, after each
commit, with the ETag each part had at that counter (issue 26: a room of a thousand phones)."""

import threading

import pytest
from django.core.cache import caches
from django.db import connections
from django.urls import reverse

from burraco_tourney.tournaments import live_cache
from tests.tournaments import test_live_pages
from tests.tournaments.test_live_pages import _counter, _live, _save_totals

# The fixtures of the live pages' tests: their cache and their room.
public_cache = test_live_pages.public_cache
room = test_live_pages.room

pytestmark = pytest.mark.django_db


@pytest.fixture
def save(room, django_capture_on_commit_callbacks):
    """A save at a table of turno 2 whose transaction commits (the test's own never does)."""
    tournament, director = room

    def saved(ns_mp, table=1):
        with django_capture_on_commit_callbacks(execute=True):
            _save_totals(tournament, director, 2, table, ns_mp, 900)

    return saved


PAGES = [
    ("tournaments:turno", [2]),
    ("tournaments:standings", []),
    ("tournaments:seating", [2]),
    ("tournaments:pair", [1]),
]


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_an_unchanged_live_part_answers_304_without_reading_the_database(
    client, room, public_cache, save, django_assert_num_queries, name, args
):
    tournament, _ = room
    save(1100)
    url = reverse(name, args=[tournament.slug, *args])
    etag = _live(client, url)["ETag"]
    with django_assert_num_queries(0):
        again = _live(client, url, etag)
    assert again.status_code == 304
    assert again["ETag"] == etag
    assert again["Cache-Control"] == "no-cache"


def test_after_a_save_the_old_etag_gets_the_new_part(
    client,
    room,
    public_cache,
    save,
):
    tournament, director = room
    save(1100)
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    etag = _live(client, url)["ETag"]
    assert _live(client, url, etag).status_code == 304
    save(1200, table=2)
    changed = _live(client, url, etag)
    assert changed.status_code == 200
    assert "1200" in changed.content.decode()
    assert _live(client, url, changed["ETag"]).status_code == 304


def test_the_counter_kept_is_the_committed_one_once_per_transaction(
    room,
    public_cache,
    django_capture_on_commit_callbacks,
):
    tournament, director = room
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        _save_totals(tournament, director, 2, 1, 1100, 900)
    published = [c for c in callbacks if getattr(c, "tournament_pk", None) == tournament.pk]
    assert len(published) == 1
    assert live_cache.known_counter(tournament.slug) is None  # not before the commit
    published[0]()
    assert live_cache.known_counter(tournament.slug) == (tournament.pk, _counter(tournament))


def test_a_counter_no_writer_left_is_read_from_the_database(
    client,
    room,
    public_cache,
    django_assert_num_queries,
    settings,
):
    tournament, _ = room
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    etag = _live(client, url)["ETag"]
    # Nothing saved since the server started, and every save shown at once: the database says.
    with django_assert_num_queries(1):
        assert _live(client, url, etag).status_code == 304
    # With saves coalesced, a reader keeps the counter it read for that long.
    settings.PUBLIC_PAGES_COALESCE_SECONDS = 5
    _live(client, url, etag)
    with django_assert_num_queries(0):
        assert _live(client, url, etag).status_code == 304


def test_a_logged_in_visitor_is_answered_by_the_page_itself(
    client,
    room,
    public_cache,
    save,
):
    tournament, director = room
    save(1100)
    url = reverse("tournaments:seating", args=[tournament.slug, 2])
    etag = _live(client, url)["ETag"]
    client.force_login(director)
    page = _live(client, url, etag)
    assert page.status_code == 200  # a director's part is built for them, with their links
    assert reverse("manage:turno_preview", args=[tournament.slug, 2]) in page.content.decode()


def test_a_part_served_while_its_new_version_is_built_is_not_remembered_as_current(
    client,
    room,
    public_cache,
    save,
    monkeypatch,
):
    tournament, director = room
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    old = _live(client, url)["ETag"]
    save(1100)
    building = live_cache.threading.Lock()
    building.acquire()

    class Building(dict):
        def setdefault(self, key, default):
            return building if key.startswith("p:") else super().setdefault(key, default)

    monkeypatch.setattr(live_cache, "_key_locks", Building())
    assert _live(client, url)["ETag"] == old  # the last version, while another builds the new
    building.release()
    monkeypatch.undo()
    caches["public"].clear()
    # The phone that got it asks again: the new part, not a 304 for the old one.
    again = _live(client, url, old)
    assert again.status_code == 200
    assert "1100" in again.content.decode()


def test_a_page_served_from_the_cache_writes_the_shared_cache_once(
    client, room, public_cache, monkeypatch
):
    """Every page served from the cache tells the shared cache its part's ETag for the phones'
    304s: once, not at every page (a file's write each time, most of a cached page's cost);
    should the shared cache lose it, the next page served tells it again."""
    tournament, _ = room
    url = reverse("tournaments:standings", args=[tournament.slug])
    etag = _live(client, url)["ETag"]
    client.get(url)  # the whole page, built once
    writes = []
    shared = type(caches["public_shared"])
    real_set = shared.set
    monkeypatch.setattr(
        shared, "set", lambda self, *a, **k: writes.append(a[0]) or real_set(self, *a, **k)
    )
    for _ in range(3):
        assert client.get(url).status_code == 200
        assert _live(client, url).status_code == 200
    assert writes == []
    caches["public_shared"].clear()
    client.get(url)
    assert [key[:2] for key in writes] == ["e:"]  # the ETag, told again
    assert _live(client, url, etag).status_code == 304


def test_a_page_served_from_the_cache_reads_from_the_files_only_what_it_does_not_know(
    client, room, public_cache, settings, monkeypatch, save
):
    """With saves coalesced, a page served from the cache read the counter the pages show and
    left its own for the phones' 304s in the shared files each time; this process remembers
    both (live_cache._memo). A save still shows once the interval is over, and a counter the
    shared files lost is left there again a second later."""
    clock = {"now": 1_000_000.0}
    monkeypatch.setattr(live_cache.time, "time", lambda: clock["now"])
    settings.PUBLIC_PAGES_COALESCE_SECONDS = 5
    tournament, _ = room
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    assert client.get(url).status_code == 200
    shared = type(caches["public_shared"])
    read = []
    for name in ("get", "add", "has_key"):
        real = getattr(shared, name)
        monkeypatch.setattr(
            shared,
            name,
            lambda self, key, *a, real=real, **k: read.append(key[:2]) or real(self, key, *a, **k),
        )
    for _ in range(3):
        assert client.get(url).status_code == 200
    assert "c:" not in read and "n:" not in read
    save(1100)
    clock["now"] += 1
    assert "1100" not in client.get(url).content.decode()  # within the interval
    clock["now"] += 5
    assert "1100" in client.get(url).content.decode()
    caches["public_shared"].clear()
    clock["now"] += 2
    client.get(url)
    assert live_cache.known_counter(tournament.slug) == (tournament.pk, _counter(tournament))


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_saves_at_once_at_two_tables_leave_the_last_counter(client, room, public_cache):
    """Two tables' phones saving at the same moment (real transactions, two threads): the counter
    kept for the phones' 304s is the one the database has after both, and a phone polling
    afterwards gets both results."""
    tournament, director = room
    url = reverse("tournaments:turno", args=[tournament.slug, 2])
    etag = _live(client, url)["ETag"]
    barrier = threading.Barrier(2)
    errors = []

    def save_at(table, ns_mp):
        try:
            barrier.wait()
            _save_totals(tournament, director, 2, table, ns_mp, 900)
        except Exception as error:  # the test looks at it
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save_at, args=args) for args in [(1, 1105), (2, 1215)]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert live_cache.known_counter(tournament.slug) == (tournament.pk, _counter(tournament))
    page = _live(client, url, etag)
    assert page.status_code == 200
    assert "1105" in page.content.decode() and "1215" in page.content.decode()
    assert _live(client, url, page["ETag"]).status_code == 304
