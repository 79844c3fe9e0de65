"""The printable "where do I sit" page: by table and alphabetically by player."""

import pytest
from django.test import Client
from django.urls import reverse

from burraco_tourney.tournaments.models import Entrant
from tests.factories import make_tournament
from tests.tournaments.turni_support import draw_and_publish

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_by_default")]

PLAYERS = [
    ("Zanetti Paolo", "Bianchi Anna"),
    ("Èrcoli Marta", "Rossi Luca"),
    ("d'Amico Sara", "Verdi Nino"),
    ("Amato Carlo", "Ferri Elena"),
    ("Colombo Dario", "Marini Giulia"),
]


@pytest.fixture
def tournament(director, director_client):
    tournament = make_tournament(owner=director, name="Torneo di Primavera")
    for number, (a, b) in enumerate(PLAYERS, start=1):
        Entrant.objects.create(tournament=tournament, number=number, player1=a, player2=b)
    # Mitchell, 5 pairs: tables 1v4, 2v5; pair 3 rests (its EO opponent is the phantom).
    draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    return tournament


def seating_page(client, tournament, number=1):
    response = client.get(reverse("tournaments:seating", args=[tournament.slug, number]))
    assert response.status_code == 200
    return response


def test_seating_lists_tables_with_both_pairs(tournament):
    response = seating_page(Client(), tournament)
    seating = response.context["seating"]
    assert [(t.number, t.ns.number, t.eo.number) for t in seating.tables] == [(1, 1, 4), (2, 2, 5)]
    assert [p.number for p in seating.byes] == [3]
    html = response.content.decode()
    assert "Zanetti Paolo – Bianchi Anna" in html and "Amato Carlo – Ferri Elena" in html
    assert 'class="big"' in html


def test_players_are_listed_alphabetically_ignoring_case_and_accents(tournament):
    players = seating_page(Client(), tournament).context["seating"].players
    assert [p.player for p in players] == [
        "Amato Carlo",
        "Bianchi Anna",
        "Colombo Dario",
        "d'Amico Sara",
        "Èrcoli Marta",
        "Ferri Elena",
        "Marini Giulia",
        "Rossi Luca",
        "Verdi Nino",
        "Zanetti Paolo",
    ]
    where = {p.player: (p.table, p.line, p.pair.number) for p in players}
    assert where["Amato Carlo"] == (1, "eo", 4)
    assert where["Zanetti Paolo"] == (1, "ns", 1)
    assert where["Verdi Nino"] == (None, "", 3)  # pair 3 rests


def test_the_rows_of_the_alphabetical_list_read_player_table_line_pair(tournament):
    html = seating_page(Client(), tournament).content.decode()
    by_player = html[html.index('id="per-giocatore"') :]
    assert by_player.index("Amato Carlo") < by_player.index("Bianchi Anna")
    assert by_player.index("Zanetti Paolo") > by_player.index("Verdi Nino")
    row = by_player[by_player.index("Verdi Nino") :].split("</tr>")[0]
    assert "riposo" in row


def test_print_css_and_page_break_are_there(tournament):
    html = seating_page(Client(), tournament).content.decode()
    assert "css/seating.css" in html
    with open("static/css/seating.css") as css:
        text = css.read()
    assert "@page" in text and "size: A4" in text and "break-before: page" in text


def test_seating_is_linked_from_the_public_turno_page_and_the_turni_page(
    tournament, director_client
):
    link = reverse("tournaments:seating", args=[tournament.slug, 1])
    public = Client().get(reverse("tournaments:turno", args=[tournament.slug, 1]))
    assert link in public.content.decode()
    director = director_client.get(reverse("manage:turni", args=[tournament.slug]))
    assert link in director.content.decode()


def test_seating_of_a_missing_turno_is_404(tournament):
    response = Client().get(reverse("tournaments:seating", args=[tournament.slug, 9]))
    assert response.status_code == 404
