"""The access matrix: every URL pattern of the site × anonymous, another director, a
co-director, the owner × GET and POST.

The URLs come from the resolver (``scenario.site_urls``), so a page added tomorrow is in the
matrix at once: under ``gestione/`` it must refuse strangers, or this test fails. Refused
requests must change nothing; the allowed POSTs run inside a transaction rolled back after
each, so every request sees the same world.
"""

import pytest
from django.core import signing
from django.db import transaction
from django.test import Client
from django.urls import reverse

from burraco_tourney.tournaments.models import Lineup
from burraco_tourney.tournaments.views.team_lineup import SALT, captain_token

from .scenario import (
    files_not_drawn,
    fingerprint,
    keep_logged_in,
    login_url,
    make_world,
    site_urls,
)

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
    files_not_drawn(monkeypatch)
    return make_world()


def test_every_page_answers_each_role_as_its_policy_says(world):
    # Logged in below, before each URL's requests.
    roles = {role: _client() for role in ("anonymous", "outsider", "codirector", "owner")}
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
        for role, user in users.items():  # the logout page logs out: log in again then
            keep_logged_in(roles[role], user)
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
    """The 404 an outsider gets does not tell that the tournament (or the circuit) exists."""
    client = _client(world.outsider)
    missing_one = {
        f"/t/{world.pairs.slug}/": "/t/non-esiste-2026-01-01/",
        f"/t/{world.teams.slug}/": "/t/non-esiste-2026-01-01/",
        f"/{world.circuit.slug}/": "/circuito-che-non-esiste/",
    }
    checked = set()
    for site_url in site_urls(world):
        slug = next((s for s in missing_one if s in site_url.url), None)
        if site_url.policy != "director" or slug is None:
            continue
        real = client.get(site_url.url)
        missing = client.get(site_url.url.replace(slug, missing_one[slug]))
        assert real.status_code == missing.status_code, site_url.url
        checked.add(slug)
    assert checked == set(missing_one)


def test_the_captains_link_opens_only_with_its_own_valid_token(world):
    """No login: the signed link is the key. A forged, altered or borrowed token (a table's, a
    team's of another tournament) is a 404 and writes nothing, even posted."""
    anonymous = _client()
    url = reverse("tournaments:team_lineup", args=[world.teams.slug, world.captain_token])
    team = world.teams.entrants.get(
        pk=signing.Signer(salt=SALT).unsign_object(world.captain_token)["team"]
    )
    page = anonymous.get(url)
    assert page.status_code == 200
    assert team.name in page.content.decode()
    stranger = world.pairs.entrants.get(number=1)
    forged = signing.dumps({"team": team.pk}, salt="another salt")
    bad = [
        (
            world.teams.slug,
            world.captain_token[:-1] + ("A" if world.captain_token[-1] != "A" else "B"),
        ),
        (world.teams.slug, forged),
        (world.teams.slug, world.table_token),
        (world.teams.slug, captain_token(stranger)),
        (world.pairs.slug, world.captain_token),
    ]
    before = fingerprint()
    for slug, token in bad:
        url = reverse("tournaments:team_lineup", args=[slug, token])
        assert anonymous.get(url).status_code == 404, (slug, token)
        assert anonymous.post(url, SWAPPED).status_code == 404, (slug, token)
    assert fingerprint() == before
    # The real link takes the same line-up: the refusals above were the tokens'.
    url = reverse("tournaments:team_lineup", args=[world.teams.slug, world.captain_token])
    assert anonymous.post(url, SWAPPED).status_code == 302
    lineup = Lineup.objects.get(team=team, match__turno__tournament=world.teams)
    assert (lineup.aperta1.position, lineup.chiusa1.position) == (3, 1)


# Team line-up: the second pair in the open room, the first in the closed one.
SWAPPED = {"aperta1": 3, "aperta2": 4, "chiusa1": 1, "chiusa2": 2}
