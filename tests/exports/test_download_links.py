"""The pages a director and the players use lead to the right printouts, and those open."""

import re

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import Tournament
from tests.factories import make_director

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(demo_tournament) -> Tournament:
    """The demo evening, loaded once for the module (tests/exports/conftest.py)."""
    return demo_tournament


def _links(html: str) -> list[str]:
    return [link.replace("&amp;", "&") for link in re.findall(r'href="([^"]+)"', html)]


def test_players_reach_the_seating_pdfs_from_the_turno_pages(client, demo):
    turno_page = client.get(reverse("tournaments:turno", args=[demo.slug, 2])).content.decode()
    assert f"{reverse('exports:downloads', args=[demo.slug])}#turno-2" in _links(turno_page)
    seating = client.get(reverse("tournaments:seating", args=[demo.slug, 2])).content.decode()
    pdfs = [link for link in _links(seating) if "/scarica/posti-" in link]
    assert len(pdfs) == 2
    for link in pdfs:
        response = client.get(link)
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"


def test_the_director_reaches_the_scorecards_of_a_turno(client, demo):
    director = make_director()
    demo.directors.add(director)
    client.force_login(director)
    for page in ("manage:turno_results", "manage:turno_preview"):
        html = client.get(reverse(page, args=[demo.slug, 1])).content.decode()
        link = next(link for link in _links(html) if "/scarica/score/" in link)
        response = client.get(link)
        assert response.status_code == 200
        assert response.content.startswith(b"%PDF")
