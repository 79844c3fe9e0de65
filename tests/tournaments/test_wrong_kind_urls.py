"""Addresses that a tournament of another kind, or a hand-made post, used to turn into a server
error: each now answers "not found" or the page's own refusal, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.individual_support import drawn_turno, individual_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def individual(director):
    tournament, _ = individual_tournament(director=director)
    drawn_turno(tournament, director)
    return tournament


def test_an_individual_tournament_has_no_pair_page_even_for_a_visitor(client, individual):
    response = client.get(reverse("tournaments:pair", args=[individual.slug, 1]))
    assert response.status_code == 404


def test_an_individual_turno_has_the_pairs_turno_pages(director_client, individual):
    """Every kind's turni are at the same addresses: an individual turno's page shows its
    players' seating, and its buttons work there."""
    page = director_client.get(reverse("manage:turno_preview", args=[individual.slug, 1]))
    assert page.status_code == 200
    first = individual.entrants.order_by("number").first()
    assert first.name in page.content.decode()
    unpublish = reverse("manage:turno_unpublish", args=[individual.slug, 1])
    director_client.post(unpublish, {"confirm": "on", "reason": "prova"})
    assert not individual.turni.get(number=1).published


def test_the_old_individual_turno_addresses_send_to_the_turni_pages_for_good(
    director_client, individual
):
    """Printed links and bookmarks to ``turni-individuali/`` keep working: a page sends to the
    same page at its address for good, a form posted there is posted again there."""
    old = f"/t/{individual.slug}/gestione/turni-individuali/"
    listing = director_client.get(old)
    assert listing.status_code == 301
    assert listing["Location"] == reverse("manage:turni", args=[individual.slug])
    page = director_client.get(old + "1/")
    assert page.status_code == 301
    assert page["Location"] == reverse("manage:turno_preview", args=[individual.slug, 1])
    back = director_client.post(old + "1/bozza/", {"confirm": "on", "reason": "prova"})
    assert back.status_code == 308
    assert back["Location"] == reverse("manage:turno_unpublish", args=[individual.slug, 1])
    confirmed = {"confirm": "on", "reason": "prova"}
    followed = director_client.post(old + "1/bozza/", confirmed, follow=True)
    assert followed.status_code == 200
    assert not individual.turni.get(number=1).published


def test_the_seating_fix_of_an_individual_turno_says_why_not(director_client, individual):
    url = reverse("manage:turno_seating_fix", args=[individual.slug, 1])
    response = director_client.get(url)
    assert response.status_code == 200
    assert "non si può ancora correggere qui" in response.content.decode()
    assert director_client.post(url, {"do": "swap", "table": "1", "reason": "x"}).status_code == 200


def test_a_dismissal_with_a_percent_in_its_code_is_refused_not_a_server_error(
    director_client, director
):
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    url = reverse("manage:anomaly_dismiss", args=[tournament.slug, 1, 1])
    for code in ("100%", "%s%d", "%(x)s"):
        for note in ("Nota", ""):
            response = director_client.post(url, {"code": code, "note": note})
            assert response.status_code in (200, 302), (code, note)
    assert not AuditEntry.objects.filter(action="anomaly_dismiss").exists()
