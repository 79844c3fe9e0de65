"""A list of teams pasted or uploaded: the one list reader, preview and import service of every
kind, with the teams' way of reading a line (its name, its 4 to 8 players, its club) and a file
with a row per player; a person in one team only; all or nothing."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from burraco_tourney.people.models import Person
from burraco_tourney.tournaments.models import Member
from tests.factories import make_tournament

from .teams_support import make_teams, roster_names

pytestmark = pytest.mark.django_db

PASTED = (
    "Aurora Uno: Anna Rossi, Bruno Bianchi, Carla Verdi, Dario Neri; Circolo Aurora\n"
    "\n"
    "Borgo Due: Elena Russo, Franco Gallo, Gina Costa, Ugo Fontana, Lia Conti\n"
)


@pytest.fixture
def tournament(director):
    return make_tournament(kind="teams", owner=director)


def roster(team):
    return [m.printed for m in Member.objects.filter(entrant=team).order_by("position")]


def _paste(client, tournament, text=PASTED, **extra):
    url = reverse("manage:pairs_paste", args=[tournament.slug])
    return client.post(url, {"text": text, **extra})


def test_a_pasted_list_of_teams_is_previewed_then_saved_with_the_rosters(english, tournament):
    page = english.get(reverse("manage:pairs_paste", args=[tournament.slug])).content.decode()
    assert "cannot be pasted yet" not in page and "4 to 8 players" in page
    preview = _paste(english, tournament, action="preview").content.decode()
    assert "Anna Rossi, Bruno Bianchi, Carla Verdi, Dario Neri</td>" in preview
    assert not tournament.entrants.exists()
    response = _paste(english, tournament, action="save")
    assert response.status_code == 302
    first, second = tournament.entrants.order_by("number")
    assert (first.name, first.club, second.name, second.club) == (
        "Aurora Uno",
        "Circolo Aurora",
        "Borgo Due",
        "",
    )
    assert roster(first) == ["Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Neri"]
    assert len(roster(second)) == 5
    assert Person.objects.count() == 9  # every player of the two rosters, once


def test_a_pasted_team_of_three_or_a_person_twice_saves_nothing(english, tournament):
    text = (
        "Corta: Anna Rossi, Bruno Bianchi, Carla Verdi\n"
        "Lunga: Dario Neri, Elena Russo, Franco Gallo, Gina Costa\n"
        "Terza: Dario Neri, Ugo Fontana, Lia Conti, Rita Sala\n"
    )
    html = _paste(english, tournament, text, action="save").content.decode()
    assert "A team has 4 to 8 different players: 3 were given." in html
    assert "Dario Neri is also in team Lunga (line 2): a person plays for one team only." in html
    assert not tournament.entrants.exists() and not Member.objects.exists()


def test_a_person_of_a_registered_team_is_refused_with_a_clear_message(
    english, tournament, director
):
    (registered,) = make_teams(tournament, 1, user=director)
    taken = roster_names(1)[0]
    text = f"Nuova: {taken}, Elena Russo, Franco Gallo, Gina Costa\n"
    # The preview says so already, and offers no save; nothing is written by it.
    preview = _paste(english, tournament, text, action="preview")
    html = preview.content.decode()
    assert f"already plays for team {registered}" in html
    assert preview.context["has_errors"]
    assert tournament.entrants.count() == 1
    assert not Person.objects.filter(surname="Russo", name="Elena").exists()
    html = _paste(english, tournament, text, action="save").content.decode()
    assert f"already plays for team {registered}" in html
    assert html.count(f"already plays for team {registered}") == preview.content.decode().count(
        f"already plays for team {registered}"
    )
    assert tournament.entrants.count() == 1
    assert not Person.objects.filter(surname="Russo", name="Elena").exists()


def test_a_near_name_in_a_roster_is_the_directors_question(english, tournament):
    carla = Person.objects.create(surname="Verdi", name="Carla Maria", card="RM7")
    nicolo = Person.objects.create(surname="Neri", name="Nicolò")
    text = "Aurora Uno: Anna Rossi, Bruno Bianchi, Carla Verdi (RM7), Nicolo Neri\n"
    html = _paste(english, tournament, text, action="preview").content.decode()
    assert "in the registry as Verdi Carla Maria" in html
    # The fourth player of line 1: the question reaches past a pair's two places.
    assert f'name="person-1-4" value="{nicolo.pk}"' in html
    response = _paste(english, tournament, text, action="save", **{"person-1-4": str(nicolo.pk)})
    assert response.status_code == 302
    people = [m.person for m in Member.objects.order_by("position").select_related("person")]
    assert people[2] == carla and people[3] == nicolo


def _upload(client, tournament, name, data):
    url = reverse("manage:pairs_import", args=[tournament.slug])
    return client.post(url, {"file": SimpleUploadedFile(name, data)})


def test_a_file_with_a_row_per_player_is_previewed_then_confirmed(english, tournament):
    book = Workbook()
    sheet = book.active
    sheet.append(["Squadra", "Giocatore", "Circolo"])
    for player in ["Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Neri"]:
        sheet.append(["Aurora Uno", player, "Circolo Aurora"])
    for player in ["Elena Russo", "Franco Gallo", "Gina Costa", "Ugo Fontana"]:
        sheet.append(["Borgo Due", player, None])
    sheet.append(["Aurora Uno", "Lia Conti", None])  # a reserve, further down
    out = io.BytesIO()
    book.save(out)
    response = _upload(english, tournament, "squadre.xlsx", out.getvalue())
    html = response.content.decode()
    assert "Anna Rossi, Bruno Bianchi, Carla Verdi, Dario Neri, Lia Conti</td>" in html
    assert not tournament.entrants.exists()
    payload = response.context["payload"]
    url = reverse("manage:pairs_import", args=[tournament.slug])
    assert english.post(url, {"payload": payload}).status_code == 302
    first, second = tournament.entrants.order_by("number")
    assert roster(first)[-1] == "Lia Conti" and first.club == "Circolo Aurora"
    assert roster(second) == ["Elena Russo", "Franco Gallo", "Gina Costa", "Ugo Fontana"]


def test_a_csv_team_of_three_is_refused_in_the_preview(english, tournament):
    data = "Aurora Uno;Anna Rossi\nAurora Uno;Bruno Bianchi\nAurora Uno;Carla Verdi\n"
    html = _upload(english, tournament, "squadre.csv", data.encode()).content.decode()
    assert "A team has 4 to 8 different players: 3 were given." in html
    assert not tournament.entrants.exists()
