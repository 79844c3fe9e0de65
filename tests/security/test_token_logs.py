"""A table's secret link never reaches a log: Django's request log of a refused request, the
development server's and gunicorn's access lines all show ``/tavolo/…/`` instead."""

from __future__ import annotations

import logging

import pytest
from django.core.cache import cache
from django.urls import reverse

from burraco_tourney.tournaments.services import player_entries as services
from tests.tournaments.player_support import players_turno

pytestmark = pytest.mark.django_db


@pytest.fixture
def token():
    cache.clear()
    _, turno = players_turno()
    return services.turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk].token


def test_a_refused_request_with_a_valid_link_is_logged_without_its_token(client, token, caplog):
    with caplog.at_level(logging.INFO):
        # No line chosen yet: the live preview answers 400, which Django's request log records.
        response = client.post(reverse("table:preview", args=[token]), {})
    assert response.status_code == 400
    assert "/tavolo/…/anteprima/" in caplog.text
    assert token not in caplog.text


@pytest.mark.parametrize("name", ["django.server", "gunicorn.access"])
def test_the_access_lines_of_a_server_hide_the_token(token, caplog, name):
    with caplog.at_level(logging.INFO, logger=name):
        logging.getLogger(name).info('"%s %s HTTP/1.1" %s', "GET", f"/tavolo/{token}/stato/", 200)
    assert '"GET /tavolo/…/stato/ HTTP/1.1" 200' in caplog.text
    assert token not in caplog.text
