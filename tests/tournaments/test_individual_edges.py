"""An individual tournament's pages as directors found them in the trial: "dove mi siedo" by
name, the seating list by surname, the projector's columns and riposi, the public turno's riposo,
the import's message, the settings' tie-breaks and forfeit question. Italian, as they read them."""

from __future__ import annotations

import html
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.tournaments.formats.individual.seating import individual_seating
from tests.factories import make_director
from tests.tournaments.individual_support import drawn_turno, enter_totals, individual_tournament

NAMES = [
    "Anna Rossi",
    "Nicolò Bianchi",
    "Zeno Abate",
    "Maria De Luca",
    "Bruno Verdi",
    "Carla Conti",
    "Dario Russo",
    "Elena Ferrari",
    "Ugo Fabbri",
]


@pytest.fixture
def director(db):
    return make_director()


@pytest.fixture
def turno(director):
    tournament, director = individual_tournament(names=NAMES, director=director)
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
    surnames = ["Abate", "Bianchi", "Conti", "De Luca", "Fabbri", "Ferrari", "Rossi", "Russo"]
    surnames.append("Verdi")
    assert [name.split(" ", 1)[1] for name in shown] == surnames
    places = individual_seating(turno=turno).places()
    assert [p.player.name for p in places] == shown


def _text(response) -> str:
    """The page's words, tags dropped and spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def _resting(turno):
    (player,) = individual_seating(turno=turno).byes
    return player


def test_the_projector_names_players_and_who_rests(client, turno, director):
    resting = _resting(turno)
    url = f"/t/{turno.tournament.slug}/proiettore/pannelli/"
    assert f"Riposo: {resting.number} {resting.name}" in _text(client.get(url))
    enter_totals(turno, director, [(900, 700), (1200, 300)])
    text = _text(client.get(url))
    assert "Pos. N. Giocatore PV Scarto" in text
    assert "Coppia" not in text


def test_the_public_turno_page_says_who_rests(client, turno):
    resting = _resting(turno)
    text = _text(client.get(f"/t/{turno.tournament.slug}/turno/1/"))
    assert f"Riposo: {resting.number} {resting.name}" in text


def test_an_imported_individual_archive_counts_its_players(client, turno, director):
    client.force_login(director)
    content = archive_json(tournament_export(turno.tournament)).encode()
    upload = SimpleUploadedFile("torneo.json", content, content_type="application/json")
    page = client.post(reverse("archive:import"), {"file": upload}, follow=True)
    assert "importato: 9 giocatori, 1 turni." in _text(page)


def test_the_settings_of_an_individual_offer_no_head_to_head(client, turno, director):
    client.force_login(director)
    page = client.get(reverse("manage:tournament_edit", args=[turno.tournament.slug]))
    body = page.content.decode()
    for n in (1, 2, 3):
        select = re.search(rf'<select name="tiebreak_{n}".*?</select>', body, re.S).group(0)
        option = re.search(r'<option value="head_to_head"[^>]*>', select).group(0)
        assert "disabled" in option and "hidden" in option
    question = re.search(r'id="field-forfeit_loser".*?<legend>(.*?)</legend>', body, re.S)
    assert question.group(1) == "Vittoria a tavolino: PV di ogni giocatore della linea assente"
