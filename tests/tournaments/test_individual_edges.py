"""An individual tournament's public pages as directors found them in the trial: "dove mi siedo"
by name, the seating list by surname."""

from __future__ import annotations

import re

import pytest

from burraco_tourney.tournaments.selectors.individual_seating import individual_seating
from tests.tournaments.individual_support import drawn_turno, individual_tournament

NAMES = [
    "Anna Rossi",
    "Nicolò Bianchi",
    "Zeno Abate",
    "Maria De Luca",
    "Bruno Verdi",
    "Carla Conti",
    "Dario Russo",
    "Elena Ferrari",
]


@pytest.fixture
def turno(db):
    tournament, director = individual_tournament(names=NAMES)
    return drawn_turno(tournament, director)


@pytest.mark.parametrize(
    ("typed", "name"),
    [("nicolo", "Nicolò Bianchi"), ("rossi anna", "Anna Rossi"), ("LUCA de", "Maria De Luca")],
)
def test_dove_mi_siedo_finds_a_player_accents_and_word_order_aside(client, turno, typed, name):
    html = client.get(f"/t/{turno.tournament.slug}/dove-mi-siedo/", {"nome": typed}).content
    html = html.decode()
    assert f'aria-label="{name}"' in html
    assert "Nessuno" not in html


def test_the_seating_by_player_is_sorted_by_surname(client, turno):
    html = client.get(f"/t/{turno.tournament.slug}/turno/1/posti/").content.decode()
    by_player = html.split('id="per-giocatore"')[1]
    shown = re.findall(r'<td class="name">([^<]+)</td>', by_player)
    surnames = ["Abate", "Bianchi", "Conti", "De Luca", "Ferrari", "Rossi", "Russo", "Verdi"]
    assert [name.split(" ", 1)[1] for name in shown] == surnames
    places = individual_seating(turno=turno).places()
    assert [p.player.name for p in places] == shown
