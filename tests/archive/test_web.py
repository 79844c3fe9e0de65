"""The archive from the web: upload on the tournament list, download on the tournament."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils.html import escape

from burraco_tourney.archive.export import archive_json, tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import Tournament
from tests.factories import make_director

from .compare import assert_same_but_the_import_entry
from .conftest import row_counts

pytestmark = pytest.mark.django_db

IMPORT_URL = "/importa/"


def upload(client, content: bytes, name: str = "torneo.json"):
    return client.post(
        reverse("archive:import"),
        {"file": SimpleUploadedFile(name, content, content_type="application/json")},
    )


def test_urls_are_the_italian_ones():
    assert reverse("archive:import") == IMPORT_URL
    assert reverse("archive:export", args=["torneo-x"]) == "/t/torneo-x/archivio.json"


def test_an_uploaded_demo_becomes_a_tournament_of_the_uploader(english, director, demo, demo_bytes):
    response = upload(english, demo_bytes)
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("manage:dashboard", args=[tournament.slug])
    assert tournament.owner == director
    assert list(tournament.directors.all()) == [director]
    assert tournament.name == demo["tournament"]["name"]
    assert tournament.entrants.count() == len(demo["pairs"])
    page = english.get(response["Location"])
    assert page.status_code == 200
    assert escape(f"Tournament “{tournament.name}” imported") in page.content.decode()


def test_a_bad_file_shows_where_and_why_and_writes_nothing(english, demo):
    demo["turni"][2]["tables"][4]["smazzate"][1]["ns"]["cards"] = 243
    before = row_counts()
    response = upload(english, json.dumps(demo).encode())
    assert response.status_code == 200
    html = response.content.decode()
    assert "<code>turni[2].tables[4].smazzate[1].ns.cards</code>" in html
    assert "243" in html and "multiple of 5" in html
    assert "nothing was written" in html
    assert row_counts() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not json at all", "JSON"),
        (b"\xff\xfe\x00garbage", ""),
        (b'{"format": "something-else"}', "format"),
    ],
)
def test_files_that_are_not_archives_are_refused(english, content, message):
    before = row_counts()
    response = upload(english, content)
    assert response.status_code == 200
    assert response.context["archive_error"] is not None
    assert message in response.content.decode()
    assert row_counts() == before


def test_a_missing_file_is_asked_for(english):
    response = english.post(reverse("archive:import"), {})
    assert response.status_code == 200
    assert "file" in response.context["form"].errors


def test_import_needs_a_login(client, demo_bytes):
    assert client.get(IMPORT_URL).status_code == 302
    response = upload(client, demo_bytes)
    assert response.status_code == 302 and "/accesso/" in response["Location"]
    assert not Tournament.objects.exists()


def test_the_list_offers_the_import_to_a_logged_in_director(client, english):
    assert IMPORT_URL in english.get(reverse("tournaments:list")).content.decode()
    english.logout()
    assert IMPORT_URL not in english.get(reverse("tournaments:list")).content.decode()


def test_download_gives_the_whole_archive_as_an_attachment(english, director, demo_bytes):
    tournament = tournament_import(data=demo_bytes, owner=director)
    url = reverse("archive:export", args=[tournament.slug])
    assert url in english.get(tournament.get_absolute_url()).content.decode()

    response = english.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="{tournament.slug}.json"'
    text = response.content.decode("utf-8")
    assert text == archive_json(tournament_export(tournament))
    assert json.loads(text)["results"]["standings"]


def test_download_then_upload_gives_the_same_tournament(english, director, demo_bytes):
    tournament = tournament_import(data=demo_bytes, owner=director)
    downloaded = english.get(reverse("archive:export", args=[tournament.slug])).content
    response = upload(english, downloaded)
    copy = Tournament.objects.exclude(pk=tournament.pk).get()
    assert response["Location"] == reverse("manage:dashboard", args=[copy.slug])
    assert copy.slug != tournament.slug
    assert_same_but_the_import_entry(json.loads(downloaded), tournament_export(copy))


def test_download_is_for_the_tournament_directors_only(client, director, demo_bytes):
    tournament = tournament_import(data=demo_bytes, owner=director)
    url = reverse("archive:export", args=[tournament.slug])
    assert client.get(url).status_code == 302  # to the login page
    assert url not in client.get(tournament.get_absolute_url()).content.decode()
    client.force_login(make_director("altro"))
    assert client.get(url).status_code == 404
    assert url not in client.get(tournament.get_absolute_url()).content.decode()
