"""The director's and the public pages of an individual tournament, through the test client."""

from __future__ import annotations

import pytest

from burraco_tourney.tournaments.models import TableSeat
from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.factories import make_tournament

NAMES = [
    "Anna Rossi",
    "Bruno Bianchi",
    "Carla Verdi",
    "Dario Russo",
    "Elena Ferrari",
    "Fabio Esposito",
    "Giulia Romano",
    "Luca Colombo",
    "Marta Ricci",
]


@pytest.fixture
def tournament(director):
    tournament = make_tournament(kind="individual", tiebreaks=["scarto", "mp"])
    tournament.directors.add(director)
    return tournament


def paste(client, tournament, names):
    text = "\n".join(f"{name}; Circolo Aurora" for name in names)
    return client.post(
        f"/t/{tournament.slug}/gestione/giocatori/", {"action": "paste", "text": text}, follow=True
    )


def test_a_pasted_list_registers_the_players(english, tournament):
    page = paste(english, tournament, NAMES)
    assert "9 players added." in page.content.decode()
    assert "Circolo Aurora" in page.content.decode()
    assert tournament.entrants.count() == 9


def test_a_name_listed_twice_saves_nothing_and_names_the_line(english, tournament):
    page = paste(english, tournament, ["Anna Rossi", "Anna Rossi"]).content.decode()
    assert "nothing was saved" in page and "already registered" in page
    assert not tournament.entrants.exists()


def test_draw_publish_enter_and_read_the_standings(english, tournament, director):
    paste(english, tournament, NAMES)
    base = f"/t/{tournament.slug}/gestione/turni/"
    page = english.post(base, {"movement": "rotation", "seed": "0"}, follow=True)
    body = page.content.decode()
    assert "How this turno was drawn" in body and "rests" in body
    page = english.post(base + "1/pubblica/", follow=True)
    assert "Turno 1 published" in page.content.decode()
    turno = tournament.turni.get()
    table = turno.tables.get(number=1)
    entry = english.get(f"/t/{tournament.slug}/gestione/turni/1/tavoli/1/")
    names = [s.entrant.name for s in TableSeat.objects.filter(table=table)]
    assert all(name in entry.content.decode() for name in names)
    for t in turno.tables.all():
        table_record_totals(table=t, user=director, ns_mp=1250, eo_mp=830, version=t.version)
    standings = english.get(f"/t/{tournament.slug}/classifica/").content.decode()
    for name in NAMES:
        assert name in standings
    search = english.get(f"/t/{tournament.slug}/dove-mi-siedo/", {"nome": names[0]})
    assert "With " + names[1] in search.content.decode()
    assert english.get(f"/t/{tournament.slug}/gestione/").status_code == 200


def test_a_seating_by_hand_missing_a_player_is_refused_on_the_form(english, tournament):
    paste(english, tournament, NAMES[:8])
    page = english.post(
        f"/t/{tournament.slug}/gestione/turni/",
        {"movement": "manual", "seating": "1 2 - 3 4"},
    )
    assert page.status_code == 200
    assert not tournament.turni.exists()


def test_every_page_of_a_turno_names_the_players(english, tournament, director):
    from burraco_tourney.tournaments.draw_manager import DrawRequest
    from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish

    paste(english, tournament, NAMES)
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest("rotation"))
    turno = turno_publish(turno=turno, user=director)
    table = turno.tables.get(number=1)
    table_record_totals(table=table, user=director, ns_mp=900, eo_mp=800, version=0)
    first = TableSeat.objects.filter(table=table).select_related("entrant").first().entrant.name
    slug = tournament.slug
    assert english.get(f"/t/{slug}/").status_code == 200
    for url in (
        f"/t/{slug}/turno/1/",
        f"/t/{slug}/turno/1/posti/",
        f"/t/{slug}/proiettore/pannelli/",
        f"/t/{slug}/gestione/turni/1/risultati/",
        f"/t/{slug}/gestione/turni/1/tavoli/1/?modo=forfait",
    ):
        page = english.get(url)
        assert page.status_code == 200, url
        assert first in page.content.decode(), url
    downloads = english.get(f"/t/{slug}/scarica/").content.decode()
    assert "classifica-giocatori" in downloads and "workbook-giocatori" in downloads


def test_the_dashboard_leads_to_the_players_and_their_turni(english, tournament):
    slug = tournament.slug
    page = english.get(f"/t/{slug}/gestione/coppie/")
    assert page.status_code == 302 and page["Location"].endswith("/gestione/giocatori/")
    paste(english, tournament, NAMES[:8])
    board = english.get(f"/t/{slug}/gestione/").content.decode()
    # The players count as the entrants: the next step is the first draw.
    assert "Draw turno 1" in board
    # Its turni are drawn at every kind's address, with the players' draw form.
    page = english.get(f"/t/{slug}/gestione/turni/")
    assert page.status_code == 200 and 'data-movement="rotation"' in page.content.decode()


def test_a_penalty_is_given_to_a_player_and_deleted(english, tournament, director):
    from burraco_tourney.tournaments.draw_manager import DrawRequest
    from burraco_tourney.tournaments.models import AuditEntry, Penalty
    from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish

    paste(english, tournament, NAMES[:8])
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest("rotation"))
    turno = turno_publish(turno=turno, user=director)
    # The penalties page of every kind: the player is chosen by name in its list.
    base = f"/t/{tournament.slug}/gestione/"
    player = tournament.entrants.get(number=3)
    data = {"pair": player.pk, "turno": turno.pk, "vp": "-1", "mp": "-100", "reason": "Ritardo"}
    page = english.post(base + "penalita/", data, follow=True).content.decode()
    assert "Penalty given to 3. Carla Verdi." in page
    penalty = Penalty.objects.get()
    assert (penalty.entrant.name, penalty.vp, penalty.mp) == ("Carla Verdi", -1, -100)
    page = english.post(base + f"penalita/{penalty.pk}/elimina/", {"reason": ""}, follow=True)
    assert "Say why the penalty is deleted" in page.content.decode()
    english.post(base + f"penalita/{penalty.pk}/elimina/", {"reason": "Errore"})
    assert not Penalty.objects.exists()
    assert AuditEntry.objects.filter(action="penalty_delete", reason="Errore").exists()


def test_players_are_imported_from_a_spreadsheet(english, tournament):
    import io

    from django.core.files.uploadedfile import SimpleUploadedFile
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["Numero", "Nome", "Circolo"])
    sheet.append([4, "Anna Rossi", "Circolo Aurora"])
    sheet.append([None, "Bruno Bianchi", ""])
    data = io.BytesIO()
    book.save(data)
    upload = SimpleUploadedFile("iscritti.xlsx", data.getvalue())
    page = english.post(
        f"/t/{tournament.slug}/gestione/giocatori/", {"action": "file", "file": upload}, follow=True
    )
    assert "2 players added." in page.content.decode()
    assert list(tournament.entrants.values_list("number", "name", "club")) == [
        (4, "Anna Rossi", "Circolo Aurora"),
        (5, "Bruno Bianchi", ""),
    ]
    csv = SimpleUploadedFile("altri.csv", b"Carla Verdi;Circolo Aurora\nanna rossi;\n")
    page = english.post(
        f"/t/{tournament.slug}/gestione/giocatori/", {"action": "file", "file": csv}, follow=True
    )
    assert "already registered" in page.content.decode()
    assert tournament.entrants.count() == 2
