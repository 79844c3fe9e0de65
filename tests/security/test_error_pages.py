"""The site's own error pages, in Italian with a way back (issue 11, item 7), and a logged-out
click on a director's download that leads to the login page."""

import pytest
from django.urls import reverse

from tests.factories import make_director, make_pairs, make_tournament

pytestmark = pytest.mark.django_db


def test_a_missing_page_is_the_sites_own_in_italian_with_a_way_back(client):
    response = client.get("/t/non-esiste/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "Pagina non trovata" in text
    assert f'href="{reverse("tournaments:list")}"' in text and "Torna ai tornei" in text
    assert "Accesso arbitro" in text


def test_a_missing_page_in_english_for_who_asked_for_english(client):
    response = client.get("/t/non-esiste/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Page not found" in response.content.decode()


def test_a_server_error_is_the_sites_own_page_in_italian(client, settings):
    settings.ROOT_URLCONF = "tests.security.error_urls"
    client.raise_request_exception = False
    response = client.get("/guasto/")
    assert response.status_code == 500
    text = response.content.decode()
    assert "Qualcosa è andato storto" in text and "Torna ai tornei" in text
    assert "Server Error" not in text


def test_a_logged_out_click_on_a_directors_download_leads_to_the_login_and_then_the_file(client):
    director = make_director()
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    make_pairs(tournament, 4)
    url = reverse("exports:download", args=[tournament.slug, "workbook"])
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"
    response = client.post(
        response["Location"], {"username": "arbitro", "password": "Segreto-2026", "next": url}
    )
    assert response["Location"] == url
    assert client.get(url)["Content-Type"].startswith("application/vnd.openxmlformats")


def test_another_director_still_gets_404_for_a_directors_download(client):
    owner = make_director()
    tournament = make_tournament(owner=owner)
    client.force_login(make_director("altro"))
    url = reverse("exports:download", args=[tournament.slug, "workbook"])
    assert client.get(url).status_code == 404


def test_a_form_sent_without_its_token_gets_the_sites_own_page(db):
    from django.test import Client

    response = Client(enforce_csrf_checks=True).post(reverse("login"), {"username": "x"})
    assert response.status_code == 403
    text = response.content.decode()
    assert "Il modulo è scaduto" in text and "Torna ai tornei" in text


def test_a_change_for_the_owner_only_gets_the_sites_own_page(client):
    owner, helper = make_director("titolare"), make_director("aiutante")
    tournament = make_tournament(owner=owner)
    tournament.directors.add(owner, helper)
    client.force_login(helper)
    response = client.post(reverse("manage:director_add", args=[tournament.slug]))
    assert response.status_code == 403
    assert "Non consentito" in response.content.decode()
