"""A federation server: two application servers (gunicorn, as ./bin/run starts it) on one
PostgreSQL and one Redis (REDIS_URL). A scorecard saved through one shows on the other's public
page within 10 seconds, and two saves of one table at once through both never lose one silently
(issue 26). Runs in ./bin/test's PostgreSQL pass, which starts a throw-away Redis
(bin/redis.sh); skipped elsewhere."""

from __future__ import annotations

import os
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import Cookie, CookieJar

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from benchmarks.scorecard_save import scorecard
from burraco_tourney import server_process
from burraco_tourney.tournaments.models import Table
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db(transaction=True)

REDIS = os.environ.get("REDIS_TEST_URL", "")
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """A director's browser on one server: its own cookies, redirects not followed."""

    def __init__(self, base: str, session: str):
        self.base = base
        self.jar = CookieJar()
        self.jar.set_cookie(_cookie(settings.SESSION_COOKIE_NAME, session))
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect
        )

    def open(self, path: str, data: dict | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body)
        if body is not None:
            request.add_header("Referer", self.base + path)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, answer.read().decode()


def _cookie(name: str, value: str) -> Cookie:
    return Cookie(
        0,
        name,
        value,
        None,
        False,
        "127.0.0.1",
        False,
        False,
        "/",
        True,
        False,
        None,
        True,
        None,
        None,
        {},
    )


def _database_url() -> str:
    d = connection.settings_dict
    password = f":{d['PASSWORD']}" if d.get("PASSWORD") else ""
    return f"postgres://{d['USER']}{password}@{d['HOST']}:{d['PORT']}/{d['NAME']}"


@pytest.fixture
def two_servers(tmp_path):
    if connection.vendor != "postgresql" or not REDIS:
        pytest.skip("needs PostgreSQL and Redis: ./bin/test's PostgreSQL pass starts both")
    env = {
        "DATABASE_URL": _database_url(),
        "REDIS_URL": REDIS,
        "SECRET_KEY": settings.SECRET_KEY,
        "WEB_CONCURRENCY": "1",
        "BACKUP_DIR": str(tmp_path / "backups"),
    }
    servers = []
    try:
        for _ in range(2):
            port = server_process.free_port()
            servers.append(server_process.start(port, env=env, ready="/accesso/"))
            servers[-1].base = f"http://127.0.0.1:{port}"
        yield [s.base for s in servers]
    finally:
        for server in servers:
            server_process.stop(server)


def _shows(base: str, path: str, text: str, *, within: float) -> float:
    """Seconds until the public page ``path`` of ``base`` shows ``text`` (fails after
    ``within``)."""
    start = time.monotonic()
    while True:
        with urllib.request.urlopen(base + path, timeout=30) as response:
            page = response.read().decode()
        if text in page:
            return time.monotonic() - start
        if time.monotonic() - start > within:
            pytest.fail(f"{text!r} not on {base}{path} after {within} s: {page[-3000:]}")
        time.sleep(0.5)


def test_a_save_through_one_server_shows_on_the_other_and_none_is_lost(two_servers):
    a, b = two_servers
    director = make_director()
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    public = f"/t/{tournament.slug}/turno/1/"
    for base in (a, b):  # both servers have the page before the saves
        _shows(base, public, tournament.name, within=10)
    client = Client()
    client.force_login(director)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    form = f"/t/{tournament.slug}/gestione/turni/1/tavoli/1/"
    browsers = [Browser(base, session) for base in (a, b)]
    posts = []
    for browser, card in zip(browsers, (scorecard(0), _swapped(scorecard(0))), strict=True):
        status, page = browser.open(form)
        assert status == 200, page[:500]
        posts.append({**card, "csrfmiddlewaretoken": CSRF.search(page).group(1)})

    # The same table saved through both servers at once, from the same version of the page.
    barrier = threading.Barrier(2)
    answers: list = [None, None]

    def save(i):
        barrier.wait()
        answers[i] = browsers[i].open(form, posts[i])

    threads = [threading.Thread(target=save, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    statuses = sorted(status for status, _ in answers)
    assert statuses[0] == 302 and statuses[1] != 302, answers
    refused = next(page for status, page in answers if status != 302)
    assert "qualcun altro ha salvato il tavolo 1" in refused  # told, not silently overwritten
    table = Table.objects.get(turno__tournament=tournament, number=1)
    assert table.version == 1
    winner = answers.index(next(a for a in answers if a[0] == 302))
    # The result saved through one server shows on both public pages within 10 seconds.
    mp = f">{table.ns_mp} · "
    assert table.ns_mp != table.eo_mp
    for base in (a, b):
        _shows(base, public, mp, within=10)
    assert winner in (0, 1)
    # The pages the servers share are in Redis (not in a folder of this machine only).
    import redis

    assert redis.Redis.from_url(REDIS).keys("*:p:*")


def _swapped(card: dict[str, str]) -> dict[str, str]:
    """The same scorecard with the lines' boxes swapped: another result."""
    return {
        k.replace("_ns_", "_xx_").replace("_eo_", "_ns_").replace("_xx_", "_eo_"): v
        for k, v in card.items()
    }
