"""Accounts (issue 11, item 6): the everyday director is not the administrator, changes his own
password on the site, and adding a co-director does not tell whether a user name exists."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from burraco_tourney.tournaments.models import Tournament
from tests.factories import make_director, make_tournament

pytestmark = pytest.mark.django_db


def _ensure() -> str:
    out = io.StringIO()
    call_command("ensure_director", stdout=out)
    return out.getvalue()


def _passwords(output: str) -> dict[str, str]:
    lines = [line.strip() for line in output.splitlines()]
    users = [line.split()[-1] for line in lines if line.startswith("user:")]
    passwords = [line.split()[-1] for line in lines if line.startswith("password:")]
    return dict(zip(users, passwords, strict=True))


def test_first_run_creates_a_normal_director_and_a_separate_administrator(client):
    call_command("load_demo", stdout=io.StringIO())
    logins = _passwords(_ensure())
    assert set(logins) == {"direttore", "amministratore"}
    assert logins["direttore"] != logins["amministratore"]
    users = get_user_model().objects
    director, admin = users.get(username="direttore"), users.get(username="amministratore")
    assert not director.is_superuser and not director.is_staff
    assert admin.is_superuser and admin.is_staff
    demo = Tournament.objects.get()
    assert demo.owner == director and director in demo.directors.all()
    # The director logs in with the printed password and opens the demo, not the administration.
    login = {"username": "direttore", "password": logins["direttore"]}
    assert client.post(reverse("login"), login).status_code == 302
    assert client.get(reverse("manage:dashboard", args=[demo.slug])).status_code == 200
    assert client.get("/admin/").status_code == 302  # to the admin's own login
    # A second run creates nothing and prints no password.
    again = _ensure()
    assert "password:" not in again and users.count() == 2


def test_an_old_installation_whose_director_was_the_administrator_is_split():
    users = get_user_model().objects
    old = users.create_superuser(username="direttore", email="", password="vecchia-2026")
    other = make_director("altro")
    mine, theirs = make_tournament(owner=old), make_tournament(owner=other)
    mine.directors.add(old)
    theirs.directors.add(other)
    logins = _passwords(_ensure())
    assert set(logins) == {"amministratore"}
    old.refresh_from_db()
    assert not old.is_superuser and not old.is_staff
    # It still directs every tournament it could open as the administrator.
    assert set(Tournament.objects.filter(directors=old)) == {mine, theirs}
    assert users.get(username="amministratore").is_superuser


def test_a_director_changes_his_own_password(client):
    director = make_director(password="Segreto-2026")
    client.force_login(director)
    page = client.get(reverse("manage:home")).content.decode()
    assert reverse("password_change") in page
    response = client.post(
        reverse("password_change"),
        {
            "old_password": "Segreto-2026",
            "new_password1": "Nuova-Parola-di-Torneo",
            "new_password2": "Nuova-Parola-di-Torneo",
        },
        follow=True,
    )
    assert "La tua password è stata cambiata." in response.content.decode()
    director.refresh_from_db()
    assert director.check_password("Nuova-Parola-di-Torneo")


def test_a_wrong_old_password_changes_nothing(client):
    director = make_director(password="Segreto-2026")
    client.force_login(director)
    response = client.post(
        reverse("password_change"),
        {
            "old_password": "no",
            "new_password1": "Nuova-Parola-1",
            "new_password2": "Nuova-Parola-1",
        },
    )
    assert response.status_code == 200
    director.refresh_from_db()
    assert director.check_password("Segreto-2026")


def test_the_password_page_needs_a_login(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_adding_a_co_director_answers_alike_whether_the_name_exists(client):
    owner = make_director("titolare")
    make_director("esistente")
    tournament = make_tournament(owner=owner)
    tournament.directors.add(owner)
    client.force_login(owner)
    url = reverse("manage:director_add", args=[tournament.slug])

    def message(username):
        response = client.post(url, {"username": username}, follow=True)
        text = response.content.decode()
        return [line.strip() for line in text.splitlines() if 'class="msg' in line]

    found, missing = message("esistente"), message("inesistente")
    assert found == [m.replace("inesistente", "esistente") for m in missing]
    assert "esistente" in found[0]
    assert tournament.directors.filter(username="esistente").exists()


def test_adding_co_directors_is_limited_to_ten_tries_an_hour(client):
    owner = make_director("titolare")
    make_director("utente9")
    tournament = make_tournament(owner=owner)
    tournament.directors.add(owner)
    client.force_login(owner)
    url = reverse("manage:director_add", args=[tournament.slug])
    for n in range(10):
        client.post(url, {"username": f"utente{n}"})
    assert tournament.directors.filter(username="utente9").exists()
    make_director("utente10")
    response = client.post(url, {"username": "utente10"}, follow=True)
    assert "Troppi arbitri aggiunti" in response.content.decode()
    assert not tournament.directors.filter(username="utente10").exists()
