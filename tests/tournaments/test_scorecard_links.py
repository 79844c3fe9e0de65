"""The PDF buttons of a turno's pages download the kind's files: a team turno's scorecards
and seating buttons gave "page not found", pointing at files only the pairs have."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournaments.teams_support import draw_team_turno, set_lineups, team_tournament

pytestmark = pytest.mark.django_db


def test_every_scorecards_button_of_a_team_turno_downloads_its_scorecards(english, director):
    tournament = team_tournament(director, teams=4, players_enter=True)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    pages = [
        reverse(name, args=[tournament.slug, turno.number])
        for name in ("manage:turno_preview", "manage:turno_results", "manage:room_board")
    ]
    for page in pages:
        html = english.get(page).content.decode()
        links = re.findall(r'href="([^"]+)"[^>]*>Scorecards[^<]*\(PDF\)<', html)
        assert links, page
        for link in links:
            response = english.get(link.replace("&amp;", "&"))
            assert response.status_code == 200, (page, link)
            assert response["Content-Type"] == "application/pdf"
            assert "score-squadre" in link


def test_every_pdf_link_of_a_team_turnos_seating_page_downloads(client, director):
    tournament = team_tournament(director, teams=4)
    turno = draw_team_turno(tournament, director)
    set_lineups(turno, director)
    page = client.get(reverse("tournaments:seating", args=[tournament.slug, turno.number]))
    links = re.findall(r'href="(/t/[^"]+/scarica/[^"]+)"', page.content.decode())
    assert links
    for link in links:
        response = client.get(link.replace("&amp;", "&"))
        assert response.status_code == 200, link
