"""Login throttling: a run of wrong passwords pauses the logins of that user from that address,
and of that address; says in Italian when to try again, and every failure is logged."""

import logging

import pytest
from django.urls import reverse

from tests.factories import make_director

PASSWORD = "Segreto-2026"


@pytest.fixture
def director(db):
    return make_director(password=PASSWORD)


def _login(client, password, *, username="arbitro", address="10.0.0.7"):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def test_the_right_password_is_refused_after_five_wrong_ones_and_the_page_says_when(
    client, director, settings
):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = _login(client, "sbagliata")
        assert response.status_code == 200  # the form again, with its error
    assert _login(client, "sbagliata").status_code == 429

    response = _login(client, PASSWORD)
    assert response.status_code == 429
    text = response.content.decode()
    assert "Riprova tra 15 minuti" in text
    assert "_auth_user_id" not in client.session


def test_wrong_passwords_from_a_phone_never_keep_the_director_out_of_his_own_computer(
    client, director, settings
):
    """Someone on the club's network guessing the director's password pauses only himself:
    the director logs in from the address he always uses, again and again all evening."""
    for _evening_hour in range(3):
        for _ in range(settings.AXES_FAILURE_LIMIT + 2):
            _login(client, "sbagliata", address="10.0.0.66")
        assert _login(client, PASSWORD, address="10.0.0.66").status_code == 429
        response = _login(client, PASSWORD, address="127.0.0.1")
        assert response.status_code == 302
        assert client.session["_auth_user_id"] == str(director.pk)
        client.logout()


def test_the_same_user_from_the_same_address_stays_paused(client, director, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(client, "sbagliata", address="10.0.0.7")
    assert _login(client, PASSWORD, address="10.0.0.7").status_code == 429
    assert _login(client, PASSWORD, address="10.0.0.8").status_code == 302


def test_one_address_trying_many_users_is_paused(client, director, settings):
    for n in range(settings.AXES_FAILURE_LIMIT):
        _login(client, "sbagliata", username=f"utente{n}", address="10.0.0.9")
    assert _login(client, PASSWORD, address="10.0.0.9").status_code == 429


def test_a_few_mistakes_then_the_right_password_logs_in(client, director):
    for _ in range(2):
        _login(client, "sbagliata")
    response = _login(client, PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(director.pk)


def test_every_failed_login_is_logged_without_the_password(client, director, caplog):
    with caplog.at_level(logging.WARNING, logger="axes"):
        _login(client, "sbagliata-1234")
    failures = [r for r in caplog.records if "login failure" in r.getMessage()]
    assert failures, caplog.text
    assert "arbitro" in failures[0].getMessage()
    assert "sbagliata-1234" not in caplog.text


def test_behind_the_proxy_the_forwarded_address_is_counted(client, director, settings):
    settings.HTTPS_PROXY = True
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(
            reverse("login"),
            {"username": f"x{_}", "password": "no"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR="203.0.113.5",
        )
    # Another visitor through the same proxy is not paused by the first one's mistakes.
    response = client.post(
        reverse("login"),
        {"username": "arbitro", "password": PASSWORD},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR="198.51.100.2",
    )
    assert response.status_code == 302
