"""Numbers in a page's address read with ``str.isdecimal``: "²" is a digit to ``str.isdigit`` but
no number to ``int``, and must be refused like any other bad number, never a server error."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db

ODD = "²"


@pytest.fixture
def tournament():
    director = make_director()
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 500), (800, 600)])
    return tournament


def test_a_superscript_digit_in_an_address_is_no_server_error(tournament):
    client = Client(raise_request_exception=False)
    slug = tournament.slug
    public = [
        (reverse("tournaments:standings", args=[slug]), {"dopo": ODD}, {404}),
        (reverse("tournaments:standings_explain", args=[slug]), {"dopo": ODD}, {200}),
    ]
    for url, query, expected in public:
        assert client.get(url, query).status_code in expected, url
    client.force_login(tournament.owner)
    url = reverse("manage:prizes", args=[slug])
    assert client.get(url, {"perche": ODD}).status_code == 200
