"""The access matrix: every URL pattern of the site × anonymous, another director, a
co-director, the owner × GET and POST.

The URLs come from the resolver (``scenario.site_urls``), so a page added tomorrow is in the
matrix at once: under ``gestione/`` it must refuse strangers, or this test fails. Refused
requests must change nothing; the allowed POSTs run inside a transaction rolled back after
each, so every request sees the same world.
"""

import pytest
from django.db import transaction
from django.test import Client

from burraco_tourney.exports.registry import EXPORTERS, ExportFile

from .scenario import fingerprint, login_url, make_world, site_urls

pytestmark = pytest.mark.django_db

# 405: a page that only takes a POST (or a GET); 301, 308: an old address, sending for good to
# the page at its own (a POST posted again there).
ALLOWED = {200, 301, 302, 308, 405}


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _rolled_back(call):
    with transaction.atomic():
        response = call()
        transaction.set_rollback(True)
    return response


def _to_login(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(login_url())


@pytest.fixture
def world(monkeypatch):
    # Who may download is the question here, not what the file holds: the files are not drawn.
    for exporter in EXPORTERS.values():
        monkeypatch.setattr(exporter, "render", _stub_render)
    return make_world()


def _stub_render(self, *, tournament, turno=None, after_turno=None):
    return ExportFile(filename="file.bin", content_type="application/octet-stream", content=b"x")


def test_every_page_answers_each_role_as_its_policy_says(world):
    roles = {
        "anonymous": _client(),
        "outsider": _client(world.outsider),
        "codirector": _client(world.codirector),
        "owner": _client(world.owner),
    }
    urls = site_urls(world)
    assert {u.policy for u in urls} == {"public", "login", "director", "owner", "superuser"}
    before = fingerprint()
    problems = []

    def expect(ok, role, method, site_url, response):
        if not ok:
            problems.append(
                f"{role} {method} {site_url.url} ({site_url.policy}): {response.status_code}"
            )

    users = {"outsider": world.outsider, "codirector": world.codirector, "owner": world.owner}
    for site_url in urls:
        url, policy = site_url.url, site_url.policy
        for role, user in users.items():  # the logout page logs out: log in again each time
            roles[role].force_login(user)
        # Strangers: the login page (anonymous) or a 404 that says nothing (another director).
        for role in ("anonymous", "outsider"):
            client = roles[role]
            for method in ("get", "post"):
                response = getattr(client, method)(url)
                if policy in {"director", "owner", "superuser"}:
                    refused = (
                        response.status_code in {404, 405}
                        or (policy == "superuser" and response.status_code == 403)
                        or (role == "anonymous" and _to_login(response))
                    )
                    expect(refused, role, method, site_url, response)
                elif policy == "login" and role == "anonymous":
                    expect(
                        _to_login(response) or response.status_code == 405,
                        role,
                        method,
                        site_url,
                        response,
                    )
                else:
                    expect(response.status_code < 500, role, method, site_url, response)
        if fingerprint() != before:
            problems.append(f"a stranger's request to {url} changed the data")
            before = fingerprint()
        if policy == "superuser":
            # Not even the tournament's owner: the whole site's backup is the administrator's.
            for role in ("codirector", "owner"):
                for method in ("get", "post"):
                    response = getattr(roles[role], method)(url)
                    expect(response.status_code in {403, 405}, role, method, site_url, response)
            continue
        # The tournament's own directors open every page; only the owner grants it to others.
        for role in ("codirector", "owner"):
            client = roles[role]
            response = client.get(url)
            expect(response.status_code in ALLOWED, role, "get", site_url, response)
            response = _rolled_back(lambda: client.post(url))  # noqa: B023
            if policy == "owner" and role == "codirector":
                expect(response.status_code == 403, role, "post", site_url, response)
            else:
                expect(response.status_code in ALLOWED | {400}, role, "post", site_url, response)
        if policy != "public" and fingerprint() != before:
            problems.append(f"a rolled-back POST to {url} left data behind")
            before = fingerprint()
    assert not problems, "\n".join(problems)


def test_a_directors_page_of_another_tournament_looks_like_a_missing_one(world):
    """The 404 an outsider gets does not tell that the tournament exists."""
    client = _client(world.outsider)
    for site_url in site_urls(world):
        if site_url.policy != "director" or world.pairs.slug not in site_url.url:
            continue
        real = client.get(site_url.url)
        missing = client.get(site_url.url.replace(world.pairs.slug, "non-esiste-2026-01-01"))
        assert real.status_code == missing.status_code, site_url.url
