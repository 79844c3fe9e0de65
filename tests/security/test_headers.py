"""Headers every page carries: a Content-Security-Policy, and no-store on the director's pages
and the downloads, so a shared computer keeps no copy after the director logs out."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import make_director, make_pairs, make_tournament

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@pytest.fixture
def tournament(db):
    director = make_director()
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    make_pairs(tournament, 4)
    return tournament


def test_every_page_has_a_policy_allowing_only_the_sites_own_scripts(client, tournament):
    response = client.get(reverse("tournaments:detail", args=[tournament.slug]))
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy


def test_director_pages_and_downloads_are_not_stored(client, tournament):
    client.force_login(tournament.owner)
    for url in (
        reverse("manage:dashboard", args=[tournament.slug]),
        reverse("manage:pairs", args=[tournament.slug]),
        reverse("exports:downloads", args=[tournament.slug]),
        reverse("exports:download", args=[tournament.slug, "workbook"]),
        reverse("archive:export", args=[tournament.slug]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" in response["Cache-Control"], url


def test_a_public_download_is_not_stored_either(client, tournament):
    url = reverse("exports:download", args=[tournament.slug, "classifica"])
    response = client.get(url)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]


def test_a_public_page_for_a_visitor_may_be_cached(client, tournament):
    response = client.get(reverse("tournaments:pairs", args=[tournament.slug]))
    assert "no-store" not in response.get("Cache-Control", "")


def test_no_template_has_an_inline_script_or_style_attribute():
    """The policy refuses them: a page that uses one silently loses that part in the browser."""
    inline = re.compile(
        r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>|\sstyle=\"|\son[a-z]+=\"",
        re.I,
    )
    found = [
        f"{path.relative_to(TEMPLATES)}: {match.group(0)}"
        for path in TEMPLATES.rglob("*.html")
        if "pdf" not in path.parts  # PDFs are drawn on the server, never in a browser
        for match in inline.finditer(path.read_text())
    ]
    assert not found, found
