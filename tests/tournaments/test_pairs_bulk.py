"""Pasting a list of pairs and importing a spreadsheet: preview first, then all or nothing."""

import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.pair_import import ImportRow
from burraco_tourney.tournaments.services.pairs import PairImportRejected, pairs_import
from tests.factories import make_pairs, make_tournament

pytestmark = pytest.mark.django_db

GOOD_LIST = """Rossi Anna - Bianchi Bruno; Circolo Aurora
Verdi Carla – Russo Dario
Neri Elena / Gallo Fabio;Burraco Club Roma

10. Colombo Luca\tRomano Marta\tCircolo Aurora
"""


@pytest.fixture
def tournament(director):
    return make_tournament(name="Torneo di Primavera", owner=director)


def paste_url(tournament):
    return reverse("manage:pairs_paste", args=[tournament.slug])


def import_url(tournament):
    return reverse("manage:pairs_import", args=[tournament.slug])


def stored(tournament):
    return list(
        tournament.entrants.order_by("number").values_list("number", "player1", "player2", "club")
    )


def test_paste_preview_saves_nothing_then_save_creates_all(english, tournament, director):
    response = english.post(paste_url(tournament), {"text": GOOD_LIST, "action": "preview"})
    assert response.status_code == 200
    assert stored(tournament) == []
    html = response.content.decode()
    assert "4 pairs will be added" in html
    # Numbers go on from the registered pairs, skipping the ones the list names itself.
    assert [(r.line, r.number) for r in response.context["rows"]] == [
        (1, 1),
        (2, 2),
        (3, 3),
        (5, 10),
    ]
    # The text travels through the preview in a hidden field, blank lines and all.
    hidden = re.search(r'<textarea name="text" hidden[^>]*>\n(.*?)</textarea>', html, re.S)
    assert hidden.group(1).replace("&#x27;", "'") == GOOD_LIST

    response = english.post(paste_url(tournament), {"text": hidden.group(1), "action": "save"})
    assert response.status_code == 302
    assert stored(tournament) == [
        (1, "Rossi Anna", "Bianchi Bruno", "Circolo Aurora"),
        (2, "Verdi Carla", "Russo Dario", ""),
        (3, "Neri Elena", "Gallo Fabio", "Burraco Club Roma"),
        (10, "Colombo Luca", "Romano Marta", "Circolo Aurora"),
    ]
    entry = AuditEntry.objects.get(action="pairs_import")
    assert entry.user == director and len(entry.after) == 4
    assert "4 pairs added." in english.get(response.url).content.decode()


def test_paste_numbers_follow_the_registered_pairs(english, tournament):
    make_pairs(tournament, 3)
    english.post(paste_url(tournament), {"text": "Neri Elena - Gallo Fabio", "action": "save"})
    assert stored(tournament)[-1] == (4, "Neri Elena", "Gallo Fabio", "")


def test_line_without_two_names_reported_with_its_number_and_nothing_saved(english, tournament):
    text = "Rossi Anna - Bianchi Bruno\n\nVerdi Carla\nNeri Elena / Gallo Fabio\n"
    for action in ("preview", "save"):
        response = english.post(paste_url(tournament), {"text": text, "action": action})
        assert response.status_code == 200
        html = response.content.decode()
        assert "Line 3: Two players are needed." in html
        assert "1 line has errors: nothing is saved" in html
        assert 'name="action" value="save"' not in html  # no save button while errors remain
        assert 'class="row-error' in html
    assert stored(tournament) == []
    assert not AuditEntry.objects.exists()


def test_paste_clashing_with_registered_pairs(english, tournament):
    make_pairs(tournament, 2)
    first = tournament.entrants.get(number=1)
    text = f"2. Nuova Coppia - Altro Nome\n{first.player2} - {first.player1}\n"
    html = english.post(paste_url(tournament), {"text": text, "action": "save"}).content.decode()
    assert "Line 1: Number 2 is already taken by" in html
    assert "Line 2: This pair is already registered as number 1." in html
    assert tournament.entrants.count() == 2
    # Said as often after the refused save as on the preview: each error once per place.
    preview = english.post(paste_url(tournament), {"text": text, "action": "preview"})
    for error in ("Number 2 is already taken by", "This pair is already registered"):
        assert html.count(error) == preview.content.decode().count(error) > 0


@pytest.mark.parametrize("text", ["", "   \n\n  "])
def test_empty_paste_is_an_error_next_to_the_field(english, tournament, text):
    response = english.post(paste_url(tournament), {"text": text, "action": "preview"})
    assert response.context["paste_form"].errors["text"]
    assert stored(tournament) == []


def test_import_is_all_or_nothing_when_the_list_changed_meanwhile(tournament, director):
    rows = [ImportRow(line=1, number=1, player1="A", player2="B"), ImportRow(2, 2, "C", "D")]
    make_pairs(tournament, 2)  # another director registered pairs 1 and 2 after the preview
    with pytest.raises(PairImportRejected) as rejected:
        pairs_import(tournament=tournament, user=director, rows=rows, source="test")
    assert all(row.errors for row in rejected.value.rows)
    assert tournament.entrants.count() == 2


def _xlsx(rows) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def upload(name, data, content_type="application/octet-stream"):
    return SimpleUploadedFile(name, data, content_type=content_type)


def test_xlsx_italian_headers_preview_then_confirm(english, tournament):
    data = _xlsx(
        [
            ["Numero", "Giocatore 1", "Giocatore 2", "Circolo"],
            [1, "Rossi Anna", "Bianchi Bruno", "Circolo Aurora"],
            [2, "Verdi Carla", "Russo Dario", None],
        ]
    )
    response = english.post(import_url(tournament), {"file": upload("iscritti.xlsx", data)})
    assert response.status_code == 200
    assert stored(tournament) == []
    payload = response.context["payload"]
    assert f'value="{payload}"' in response.content.decode()
    response = english.post(import_url(tournament), {"payload": payload})
    assert response.status_code == 302
    assert stored(tournament) == [
        (1, "Rossi Anna", "Bianchi Bruno", "Circolo Aurora"),
        (2, "Verdi Carla", "Russo Dario", ""),
    ]
    assert AuditEntry.objects.get(action="pairs_import").subject == "2 pairs from iscritti.xlsx"


def test_xlsx_without_headers(english, tournament):
    data = _xlsx([["Rossi Anna", "Bianchi Bruno", "Aurora"], ["Verdi Carla", "Russo Dario"]])
    response = english.post(import_url(tournament), {"file": upload("a.xlsx", data)})
    english.post(import_url(tournament), {"payload": response.context["payload"]})
    assert stored(tournament) == [
        (1, "Rossi Anna", "Bianchi Bruno", "Aurora"),
        (2, "Verdi Carla", "Russo Dario", ""),
    ]


def test_csv_with_semicolons_and_bom(english, tournament):
    data = "\ufeffNumero;Giocatore 1;Giocatore 2;Circolo\n3;Rossi Anna;Bianchi Bruno;Società\n"
    response = english.post(
        import_url(tournament), {"file": upload("a.csv", data.encode(), "text/csv")}
    )
    english.post(import_url(tournament), {"payload": response.context["payload"]})
    assert stored(tournament) == [(3, "Rossi Anna", "Bianchi Bruno", "Società")]


def test_file_rows_with_errors_shown_and_no_confirm_offered(english, tournament):
    data = _xlsx(
        [["Giocatore 1", "Giocatore 2"], ["Rossi Anna", "Bianchi Bruno"], ["Verdi Carla", None]]
    )
    response = english.post(import_url(tournament), {"file": upload("a.xlsx", data)})
    html = response.content.decode()
    assert "Line 3: Two players are needed." in html
    assert "payload" not in response.context
    assert 'name="payload"' not in html
    assert stored(tournament) == []


PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452") + b"\x00" * 64


@pytest.mark.parametrize("name", ["coppie.xlsx", "coppie.csv", "foto.png"])
def test_not_a_spreadsheet_message_next_to_the_file_field(english, tournament, name):
    response = english.post(import_url(tournament), {"file": upload(name, PNG)})
    assert response.status_code == 200
    errors = response.context["file_form"].errors["file"]
    assert errors == [
        "This file is not a spreadsheet. Choose an .xlsx file (Excel) or a .csv file."
    ]
    # The message sits next to the file field and the field points to it.
    html = response.content.decode()
    assert '<ul class="errorlist" id="id_file_error"><li>This file is not a spreadsheet.' in html
    assert 'aria-describedby="id_file_helptext id_file_error"' in html
    assert stored(tournament) == []


def test_file_too_large(english, tournament):
    big = upload("big.csv", b"a;b\n" * (2 * 1024 * 1024 // 4 + 1))
    response = english.post(import_url(tournament), {"file": big})
    assert response.context["file_form"].errors["file"] == ["The file is larger than 2 MB."]


def test_tampered_payload_is_refused(english, tournament):
    data = _xlsx([["Rossi Anna", "Bianchi Bruno"]])
    payload = english.post(import_url(tournament), {"file": upload("a.xlsx", data)}).context[
        "payload"
    ]
    other = make_tournament()
    value, signature = payload.rsplit(":", 1)
    for bad in (value[:-1] + ("A" if value[-1] != "A" else "B") + ":" + signature, "garbage"):
        response = english.post(import_url(tournament), {"payload": bad})
        assert response.status_code == 200
        assert "could not be verified" in response.content.decode()
    # A payload made for one tournament is not accepted by another.
    other.owner = tournament.owner
    other.save()
    response = english.post(import_url(other), {"payload": payload})
    assert "could not be verified" in response.content.decode()
    assert stored(tournament) == [] and stored(other) == []
