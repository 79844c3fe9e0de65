"""The downloads page and the file URLs: who may download what, and what they get."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.exports.registry import EXPORTERS
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.security.scenario import pdfs_not_laid_out

pytestmark = pytest.mark.django_db

PUBLIC_PER_TURNO = ("posti-per-tavolo", "posti-alfabetico", "cartelli-tavoli")


def downloads_url(tournament):
    return reverse("exports:downloads", kwargs={"slug": tournament.slug})


def file_url(tournament, key, query=""):
    return reverse("exports:download", kwargs={"slug": tournament.slug, "key": key}) + query


def attachment_name(response) -> str:
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment;")
    return disposition.split('filename="', 1)[1].rstrip('"')


def test_anyone_gets_the_standings_after_any_turno(client, demo_tournament):
    response = client.get(file_url(demo_tournament, "classifica"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    slug = demo_tournament.slug
    assert attachment_name(response) == f"{slug}-classifica-dopo-turno-3-finale.pdf"
    response = client.get(file_url(demo_tournament, "classifica", "?dopo=2"))
    assert attachment_name(response) == f"{slug}-classifica-dopo-turno-2.pdf"
    # Results change during the evening: a browser must not keep an old copy.
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.parametrize("key", PUBLIC_PER_TURNO)
def test_anyone_gets_the_seating_printouts_of_a_published_turno(client, demo_tournament, key):
    response = client.get(file_url(demo_tournament, key, "?turno=2"))
    assert response.status_code == 200
    assert attachment_name(response) == f"{demo_tournament.slug}-{key}-turno-2.pdf"


def test_scorecards_are_for_the_directors_only(client, demo_tournament, demo_director_client):
    url = file_url(demo_tournament, "score", "?turno=1")
    response = demo_director_client.get(url)
    assert response.status_code == 200
    assert attachment_name(response) == f"{demo_tournament.slug}-score-turno-1.pdf"
    demo_director_client.logout()
    response = client.get(url)  # logged out: the login page, then the file
    assert response.status_code == 302 and response["Location"].startswith("/accesso/?next=")
    # Logged in, but not a director of this tournament.
    client.force_login(make_director(username="altro-arbitro"))
    assert client.get(url).status_code == 404


@pytest.mark.skipif("workbook" not in EXPORTERS, reason="the workbook exporter is not there yet")
def test_the_workbook_is_for_the_directors_only(client, demo_tournament, demo_director_client):
    url = file_url(demo_tournament, "workbook")
    assert demo_director_client.get(url).status_code == 200
    demo_director_client.logout()
    assert client.get(url).status_code == 302  # to the login page


@pytest.mark.parametrize(
    ("key", "query"),
    [
        ("nessuno", ""),  # no such exporter
        ("score", ""),  # a per-turno file without its turno
        ("posti-per-tavolo", ""),
        ("posti-per-tavolo", "?turno=9"),  # no such turno
        ("posti-per-tavolo", "?turno=uno"),
        ("classifica", "?dopo=9"),  # not a published turno
        ("classifica", "?dopo=x"),
    ],
)
def test_bad_requests_find_nothing(demo_director_client, demo_tournament, key, query):
    assert demo_director_client.get(file_url(demo_tournament, key, query)).status_code == 404


def test_a_draft_turno_is_downloadable_by_its_directors_only(client, db):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)])
    turno.published = False
    turno.save()
    url = file_url(tournament, "posti-per-tavolo", "?turno=1")
    assert client.get(url).status_code == 404
    director = make_director()
    tournament.directors.add(director)
    client.force_login(director)
    assert client.get(url).status_code == 200
    assert client.get(file_url(tournament, "score", "?turno=1")).status_code == 200


def test_no_standings_for_a_ko_tournament(client, db):
    tournament = make_tournament(kind="ko", ko_mode="smazzate", ko_smazzate=4)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    assert client.get(file_url(tournament, "classifica")).status_code == 404
    assert client.get(file_url(tournament, "cartelli-tavoli", "?turno=1")).status_code == 200
    page = client.get(downloads_url(tournament)).content.decode()
    assert file_url(tournament, "classifica") not in page


def test_the_downloads_page_lists_the_public_files_for_everyone(client, demo_tournament):
    response = client.get(downloads_url(demo_tournament))
    assert response.status_code == 200
    page = response.content.decode()
    # Standings, with a choice of the turno they are computed after (the last one chosen).
    assert f'action="{file_url(demo_tournament, "classifica")}"' in page
    assert '<option value="3" selected>' in page and '<option value="1">' in page
    for number in (1, 2, 3):
        for key in PUBLIC_PER_TURNO:
            assert file_url(demo_tournament, key, f"?turno={number}") in page
    assert "/scarica/score/" not in page
    assert "/scarica/workbook/" not in page


def test_the_downloads_page_adds_the_directors_files(client, demo_director_client, demo_tournament):
    tournament = demo_tournament
    draft = make_turno(tournament, 4, [(1, 2), (3, 4)])
    draft.published = False
    draft.save()
    page = demo_director_client.get(downloads_url(tournament)).content.decode()
    for number in (1, 2, 3, 4):
        assert file_url(tournament, "score", f"?turno={number}") in page
    # The draft's files are listed for its directors, to print before publishing.
    assert file_url(tournament, "posti-per-tavolo", "?turno=4") in page
    if "workbook" in EXPORTERS:
        assert file_url(tournament, "workbook") in page
    # The standings choice offers only the published turni.
    assert '<option value="4"' not in page
    demo_director_client.logout()
    public = client.get(downloads_url(tournament)).content.decode()
    assert file_url(tournament, "posti-per-tavolo", "?turno=4") not in public


def test_the_tournament_page_links_to_the_downloads(client, demo_tournament):
    page = client.get(demo_tournament.get_absolute_url()).content.decode()
    assert downloads_url(demo_tournament) in page


def test_standings_before_any_turno_is_an_empty_list(client, db):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    response = client.get(file_url(tournament, "classifica"))
    assert response.status_code == 200
    assert attachment_name(response) == f"{tournament.slug}-classifica.pdf"
    page = client.get(downloads_url(tournament)).content.decode()
    assert f'href="{file_url(tournament, "classifica")}"' in page


def test_every_download_starts_with_the_tournaments_slug(
    demo_tournament, demo_director_client, monkeypatch
):
    # Two tournaments' "posti-alfabetico-turno-1.pdf" took each other's name in the downloads
    # folder: every file, for one turno or the whole tournament, is named after its tournament.
    # Only the names are read here: the files' pages are read back by test_pdf_*.py.
    pdfs_not_laid_out(monkeypatch)
    slug = demo_tournament.slug
    names = []
    for key, exporter in EXPORTERS.items():
        if demo_tournament.kind not in exporter.kinds:
            continue
        query = "?turno=1" if exporter.scope == "turno" else ""
        response = demo_director_client.get(file_url(demo_tournament, key, query))
        assert response.status_code == 200, key
        names.append(attachment_name(response))
    assert len(names) >= 6
    assert all(name.startswith(f"{slug}-") or name == f"{slug}.xlsx" for name in names), names
    assert len(set(names)) == len(names)
