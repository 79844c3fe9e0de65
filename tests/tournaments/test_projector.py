"""The projector's page: public, standings in pages, the seating of the turno being played."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


def test_anyone_sees_the_standings_and_the_seating(client):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 600), (700, 600)])
    make_turno(tournament, 2, [(1, 3), (2, 4)])
    response = client.get(
        reverse("tournaments:projector", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en"
    )
    text = response.content.decode()
    assert response.status_code == 200
    assert 'data-panel="standings-1"' in text and "after turno 1" in text
    assert "Turno 2: seating" in text
    # No clock panel while no turno time is set.
    assert 'data-panel="clock"' not in text
    fragment = client.get(reverse("tournaments:projector_panels", args=[tournament.slug]))
    assert 'data-panel="seating-1"' in fragment.content.decode()


def test_a_ko_tournament_shows_no_standings(client):
    tournament = make_tournament(kind="ko")
    response = client.get(
        reverse("tournaments:projector", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200
    assert "No turno played yet" in response.content.decode()


def test_the_panels_answer_not_modified_until_something_is_written(client):
    from django.utils.html import escape

    from burraco_tourney.tournaments.services.audit import tournament_touch

    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 600), (700, 600)])
    url = reverse("tournaments:projector_panels", args=[tournament.slug])
    first = client.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    # The page polls with the ETag: unchanged, nothing is built.
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    page = client.get(reverse("tournaments:projector", args=[tournament.slug]))
    assert f'data-etag="{escape(etag)}"' in page.content.decode()
    tournament_touch(tournament=tournament)
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again["ETag"] != etag


def test_a_panel_kept_from_an_earlier_answer_shows_what_changed_since(client):
    """Each standings and seating panel is drawn once for what it shows (views/projector.py): a
    renamed player shows on the next panels, and each language has its own."""
    from burraco_tourney.tournaments.services.audit import tournament_touch

    tournament = make_tournament()
    pairs = make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 600), (700, 600)])
    make_turno(tournament, 2, [(1, 3), (2, 4)])
    url = reverse("tournaments:projector_panels", args=[tournament.slug])
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "after turno 1" in first and "Turno 2: seating" in first
    pairs[0].player1 = "Ottavia Renamed"
    pairs[0].save()
    tournament_touch(tournament=tournament)
    renamed = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # Pair 1 in the standings and at table 1 of the seating.
    assert renamed.count("Ottavia Renamed") == 2
    # The same panels in Italian are drawn in Italian.
    italian = client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Ottavia Renamed" in italian and "after turno 1" not in italian
