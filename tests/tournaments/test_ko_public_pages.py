"""A knock-out's public pages after its matches are played: a pair's own page and the turno's
page show the matches' points, never VP a knock-out does not have (the trial of the reshaped
models found a server error on the pair page and "None PV" on the turno page)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_director
from tests.tournaments.ko_support import ko_tournament, start, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_ko():
    director = make_director()
    ko = ko_tournament(director, pairs=4)
    start(ko, director)
    win(ko, director, 1, 1, "ns")
    win(ko, director, 1, 2, "eo")
    return ko


def test_a_ko_pairs_own_page_shows_its_matches(played_ko):
    response = Client().get(reverse("tournaments:pair", args=[played_ko.slug, 1]))
    assert response.status_code == 200
    assert "400" in response.content.decode()  # its match's points


def test_a_ko_turno_page_shows_no_vp(played_ko):
    page = Client().get(reverse("tournaments:turno", args=[played_ko.slug, 1])).content.decode()
    assert "400" in page
    assert "None" not in page
