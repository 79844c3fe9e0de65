"""The players' QR codes on a director's scorecards and table cards, when the players enter
their tables: one per table, never on a public download (the links are secret)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.selectors.player_entries import turno_accesses
from tests.exports.conftest import pdf_pages, pdf_text
from tests.factories import make_director
from tests.tournaments.player_support import players_turno

pytestmark = pytest.mark.django_db


def _download(client, tournament, key):
    url = reverse("exports:download", args=[tournament.slug, key]) + "?turno=1"
    return client.get(url)


@pytest.fixture
def room(client):
    tournament, turno = players_turno(tables=3)
    director = make_director()
    tournament.directors.add(director)
    return tournament, turno, director


def test_the_directors_scorecards_carry_one_code_per_table(client, room):
    tournament, turno, director = room
    client.force_login(director)
    content = _download(client, tournament, "score").content
    text = pdf_text(content)
    assert text.count("inquadrate") == 3
    assert len(turno_accesses(turno=turno)) == 3
    assert b"/Subtype /Image" in content or b"/Subtype/Image" in content or b"/XObject" in content


def test_the_table_cards_keep_one_page_per_table_with_the_code(client, room):
    tournament, turno, director = room
    client.force_login(director)
    content = _download(client, tournament, "cartelli-tavoli").content
    assert len(pdf_pages(content)) == 3
    assert pdf_text(content).count("inquadrate questo codice") == 3


def test_a_public_download_has_no_code_and_makes_no_link(client, room):
    tournament, turno, _ = room
    content = _download(client, tournament, "cartelli-tavoli").content
    assert "inquadrate" not in pdf_text(content)
    assert not turno_accesses(turno=turno)
