"""CSRF on every form: each POST form of every page carries the token, and a POST without it is
refused on every URL of the site and changes nothing."""

import pytest
from django.test import Client

from .page_forms import page_forms
from .scenario import fingerprint, keep_logged_in, make_world, site_urls

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return make_world()


def test_every_post_form_of_every_page_carries_the_csrf_token(world, client):
    client.force_login(world.owner)
    checked = 0
    for site_url in site_urls(world):
        if "scarica/" in site_url.url or site_url.name in {"logout", "archive:export"}:
            continue  # files, and the page that logs out on a visit's POST
        response = client.get(site_url.url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        for form in page_forms(response.content.decode()):
            if form.method == "post":
                assert form.has("csrfmiddlewaretoken"), (site_url.url, form.action)
                checked += 1
    assert checked > 30


def test_a_post_without_the_token_is_refused_everywhere_and_changes_nothing(world):
    strict = Client(enforce_csrf_checks=True)
    before = fingerprint()
    accepted = []
    for user in (None, world.owner):
        for site_url in site_urls(world):
            if user is not None:
                keep_logged_in(strict, user)
            response = strict.post(site_url.url, {"username": "titolare", "password": "x"})
            if response.status_code != 403:
                accepted.append(f"{site_url.url}: {response.status_code}")
    assert not accepted, accepted
    assert fingerprint() == before
