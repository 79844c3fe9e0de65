"""The club's member list: a preview (new people, changes field by field, errors by line and
column, in Italian), then one transaction that saves all or nothing; the export imports back
unchanged."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from burraco_tourney.people.member_file import read_member_file
from burraco_tourney.people.models import Club, Person, RegistryEntry
from burraco_tourney.people.selectors.member_list import member_plan
from burraco_tourney.people.services import member_list as member_services

from .conftest import make_club, make_person

pytestmark = pytest.mark.django_db
IMPORT = reverse("people:import")
HEADER = "Tessera;Cognome;Nome;Sesso;Anno di nascita;Categoria;Tipo tessera;Circolo\n"


def upload(client, text: str, name: str = "soci.csv"):
    return client.post(IMPORT, {"file": SimpleUploadedFile(name, text.encode("utf-8"))})


def confirm(client, preview):
    html = preview.content.decode()
    payload = re.search(r'name="payload" value="([^"]+)"', html).group(1)
    digest = re.search(r'name="digest" value="([^"]+)"', html).group(1)
    return client.post(IMPORT, {"payload": payload, "digest": digest})


def test_the_preview_shows_new_people_and_changes_field_by_field_and_saves_nothing(
    director_client,
):
    aurora = make_club("Circolo Aurora")
    make_person("Rossi", "Anna", card="1001", birth_year=1950, club=aurora, sex="F")
    make_person("Verdi", "Carla")
    text = HEADER + (
        "1001;Rossi;Anna;F;1951;;Ordinaria;Circolo Aurora\n"
        "2002;VERDI;carla;F;;;;Burraco Tigullio\n"
        "3003;Neri;Dora;F;1960;NC;Ridotta;circolo aurora\n"
    )
    response = upload(director_client, text)
    html = response.content.decode()
    assert response.status_code == 200
    assert "1 persona nuova" in html and "2 persone cambiano" in html
    # Rossi Anna, by her card: the birth year and the card type change.
    changes = re.sub(r"\s+", " ", html.split('class="member-changes"')[1].split("</table>")[0])
    assert (
        '<td>Anno di nascita</td><td class="before">1950</td><td class="after">1951</td>' in changes
    )
    assert (
        '<td>Tipo tessera</td><td class="before">—</td><td class="after">Ordinaria</td>' in changes
    )
    # Verdi Carla, by her name in other capitals: the card and a new club.
    assert '<td>Tessera</td><td class="before">—</td><td class="after">2002</td>' in changes
    assert "Burraco Tigullio" in html
    assert Person.objects.count() == 2 and Club.objects.count() == 1
    assert not RegistryEntry.objects.exists()

    saved = confirm(director_client, response)
    assert saved.status_code == 302
    rossi, verdi, neri = (Person.objects.get(card=c) for c in ("1001", "2002", "3003"))
    assert (rossi.birth_year, rossi.card_type, rossi.club) == (1951, "ordinaria", aurora)
    assert verdi.full_name == "Verdi Carla" and verdi.club.name == "Burraco Tigullio"
    assert (neri.club, neri.category, neri.card_type) == (aurora, "NC", "ridotta")
    assert neri.search_key == "dora neri"
    assert RegistryEntry.objects.get().params == {
        "file": "soci.csv", "added": 1, "updated": 2, "clubs": 1,
    }  # fmt: skip


def test_errors_name_the_line_the_column_and_why_and_nothing_can_be_saved(director_client):
    make_person("Rossi", "Anna", card="1001")
    make_person("Bianchi", "Luca")
    make_person("Luca", "Bianchi")  # two people of the registry with this name
    text = HEADER + (
        "1001;Rossi;Anna;X;2090;;Gold;\n"
        ";;Mario;M;;;;\n"
        "4004;Neri;Dora;;;;;\n"
        "4004;Neri;Dario;;;;;\n"
        ";Bianchi;Luca;M;;;;\n"
    )
    html = upload(director_client, text).content.decode()
    errors = re.findall(
        r'<tr><td class="num">(\d+)</td><td>([^<]*)</td><td>([^<]*)</td></tr>',
        unescape(html.split('class="member-errors"')[1]),
    )
    assert errors == [
        ("2", "Sesso", "“X” non è un sesso: scrivere F o M."),
        ("2", "Anno di nascita", "L'anno di nascita 2090 è nel futuro."),
        ("2", "Tipo tessera",
         "“Gold” non è un tipo di tessera: scrivere Ordinaria, Ridotta o Juniores."),
        ("3", "Cognome", "Manca il cognome."),
        ("5", "Tessera", "La tessera 4004 è già alla riga 4."),
        ("6", "Cognome",
         "2 persone dell'anagrafica si chiamano Bianchi Luca: indicare il numero di tessera."),
    ]  # fmt: skip
    assert 'name="payload"' not in html
    assert Person.objects.count() == 3


def test_a_list_is_saved_whole_or_not_at_all(director, monkeypatch):
    make_person("Rossi", "Anna", card="1001")
    rows = read_member_file(
        "soci.csv", (HEADER + "1001;Rossi;Anna;F;1950;;;\n5005;Gialli;Ugo;M;;;;Nuovo\n").encode()
    )
    previewed = member_plan(rows).digest()

    def broken(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(member_services, "_update_all", broken)
    with pytest.raises(RuntimeError):
        member_services.members_import(user=director, rows=rows, source="x", previewed=previewed)
    assert Person.objects.count() == 1 and not Club.objects.exists()
    assert Person.objects.get().birth_year is None
    assert not RegistryEntry.objects.exists()


def test_a_registry_changed_since_the_preview_saves_nothing(director):
    rows = read_member_file("soci.csv", (HEADER + "1001;Rossi;Anna;F;1950;;;\n").encode())
    previewed = member_plan(rows).digest()
    make_person("Rossi", "Anna", card="1001", birth_year=1949)  # another director, meanwhile
    with pytest.raises(member_services.MemberImportRefused) as refused:
        member_services.members_import(user=director, rows=rows, source="x", previewed=previewed)
    assert refused.value.changed_meanwhile
    assert Person.objects.get().birth_year == 1949
    assert not RegistryEntry.objects.exists()


def test_english_headers_in_any_order_and_an_xlsx_file(director_client):
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Surname", "Name", "Card number", "Birth year", "Club"])
    sheet.append(["Rossi", "Anna", 1001, 1950, "Aurora"])
    import io

    data = io.BytesIO()
    workbook.save(data)
    response = director_client.post(
        IMPORT, {"file": SimpleUploadedFile("members.xlsx", data.getvalue())}
    )
    confirm(director_client, response)
    person = Person.objects.get()
    assert (person.full_name, person.card, person.birth_year, person.club.name) == (
        "Rossi Anna", "1001", 1950, "Aurora",
    )  # fmt: skip


def test_a_file_without_the_surname_column_is_refused_in_words(director_client):
    html = upload(director_client, "Tessera;Nome\n1;Anna\n").content.decode()
    assert "La prima riga deve nominare le colonne" in html


@pytest.mark.parametrize("kind", ["xlsx", "csv"])
def test_the_export_imports_back_unchanged(director_client, kind):
    aurora = make_club("Circolo Aurora", code="RM01")
    make_person("Rossi", "Anna", card="00123", sex="F", birth_year=1950, category="NC",
                card_type="ordinaria", card_year=2026, club=aurora)  # fmt: skip
    make_person("D'Angelo", "Nicolò", sex="M", club=aurora)
    make_person("Verdi", "Carla")
    make_person("Verdi", "Carla")  # namesakes without a card: each row finds its own
    response = director_client.get(reverse("people:export", args=[kind]))
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    rows = read_member_file(f"registro.{kind}", body)
    assert [row.values.get("card") for row in rows if row.values["surname"] == "Rossi"] == ["00123"]
    plan = member_plan(rows)
    assert plan.errors == [] and plan.new == [] and plan.changed == []
    assert len(plan.unchanged) == 4
