"""Whole-site backup and restore: a restored site has the same accounts, tournaments and change
logs; a file that is not a backup of this site is refused and nothing changes."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse

from burraco_tourney.archive.backup import auto_backups, read_backup_info
from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.people.models import Club, Person
from burraco_tourney.tournaments.models import AuditEntry, Member, Tournament
from burraco_tourney.tournaments.services.entrants import entrant_set_withdrawn
from tests.factories import make_director

# The backup reads the database through its own connection: no test transaction around it.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english_messages")]
# SQLite's own backup; on PostgreSQL pg_dump does it (the last tests but one check the advice).
sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="the site's own backup is SQLite's"
)


@pytest.fixture(autouse=True)
def backup_folder(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.BACKUP_KEEP = 3
    return settings.BACKUP_DIR


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def site() -> dict:
    """Everything a restore must give back, as plain values."""
    users = get_user_model().objects.order_by("username")
    return {
        "accounts": list(users.values_list("username", "password", "is_superuser")),
        "tournaments": [tournament_export(t) for t in Tournament.objects.order_by("slug")],
        "log": list(
            AuditEntry.objects.order_by("id").values_list("tournament__slug", "action", "at")
        ),
        # The registry: every person with its card and club, and who played as whom.
        "people": list(
            Person.objects.order_by("pk").values_list(
                "surname", "name", "card", "card_year", "sex", "birth_year", "club__name"
            )
        ),
        "clubs": list(Club.objects.order_by("pk").values_list("name", "code", "city")),
        "members": list(
            Member.objects.order_by("pk").values_list("entrant__number", "position", "person_id")
        ),
    }


def a_site(demo_bytes) -> None:
    director = make_director("arbitro")
    make_director("secondo")
    get_user_model().objects.create_superuser("direttore", password="Segreto-2026")
    tournament = tournament_import(data=demo_bytes, owner=director)
    pair = tournament.entrants.get(number=14)
    entrant_set_withdrawn(entrant=pair, user=director, withdrawn=True, reason="Malore")
    club = Club.objects.create(name="Circolo Tigullio", code="GE02", city="Rapallo")
    Person.objects.filter(pk=pair.members.get(position=1).person_id).update(
        card="GE4455", card_year=2026, sex="F", birth_year=1958, club=club
    )


@sqlite_only
def test_a_restored_site_is_the_site_that_was_backed_up(tmp_path, demo_bytes):
    a_site(demo_bytes)
    before = site()
    path = tmp_path / "sito.sqlite3"
    assert run("backup", str(path)).strip() == str(path)

    Tournament.objects.update(name="Un altro torneo")
    AuditEntry.objects.all().delete()
    Person.objects.update(card_year=None)
    Club.objects.filter(code="GE02").delete()
    intruder = make_director("intruso")
    arbitro = get_user_model().objects.get(username="arbitro")
    arbitro.set_password("Un-altra-2026")
    arbitro.save()
    assert site() != before

    out = run("restore", str(path), "--yes")
    assert "Restored the backup" in out
    assert site() == before
    assert not get_user_model().objects.filter(pk=intruder.pk).exists()
    # The site as it was before the restore is kept, so the restore can be undone.
    assert [p.name.endswith("-before-restore.sqlite3") for p in auto_backups()] == [True]


@pytest.mark.parametrize(
    "content", [b"", b'{"format": "burraco-archive"}', b"SQLite format 3\x00x"]
)
@sqlite_only
def test_a_file_that_is_not_a_backup_is_refused(tmp_path, demo_bytes, content):
    a_site(demo_bytes)
    before = site()
    path = tmp_path / "altro.sqlite3"
    path.write_bytes(content)
    with pytest.raises(CommandError, match="is not a backup of this site"):
        run("restore", str(path), "--yes")
    assert site() == before


@sqlite_only
def test_another_sqlite_database_is_refused(tmp_path, demo_bytes):
    a_site(demo_bytes)
    other = tmp_path / "other.sqlite3"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE django_migrations (app TEXT, name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(CommandError, match="is not a backup of this site"):
        run("restore", str(other), "--yes")


@sqlite_only
def test_a_backup_of_a_newer_version_is_refused(tmp_path, demo_bytes):
    a_site(demo_bytes)
    path = tmp_path / "nuovo.sqlite3"
    run("backup", str(path))
    db = sqlite3.connect(path)
    db.execute(
        "INSERT INTO django_migrations (app, name, applied) "
        "VALUES ('tournaments', '9999_future', '2030-01-01')"
    )
    db.commit()
    db.close()
    with pytest.raises(CommandError, match="newer version"):
        run("restore", str(path), "--yes")


@sqlite_only
def test_the_restore_asks_first(tmp_path, demo_bytes, monkeypatch):
    a_site(demo_bytes)
    path = tmp_path / "sito.sqlite3"
    run("backup", str(path))
    Tournament.objects.update(name="Un altro torneo")
    monkeypatch.setattr("builtins.input", lambda question: "no")
    with pytest.raises(CommandError, match="Nothing was restored"):
        run("restore", str(path))
    assert Tournament.objects.get().name == "Un altro torneo"


@sqlite_only
def test_automatic_backups_keep_the_newest_and_skip_an_idle_site(demo_bytes):
    a_site(demo_bytes)
    first = run("backup", "--auto").strip()
    assert "Nothing changed" in run("backup", "--auto", "--if-changed")
    director = get_user_model().objects.get(username="arbitro")
    pair = Tournament.objects.get().entrants.get(number=14)
    entrant_set_withdrawn(entrant=pair, user=director, withdrawn=False)
    second = run("backup", "--auto", "--if-changed").strip()
    assert (
        second != first
        and read_backup_info(second).last_change > read_backup_info(first).last_change
    )
    for _ in range(3):
        run("backup", "--auto", "--label", "extra")
    assert len(auto_backups()) == 3
    assert str(auto_backups()[0]) != first


def test_on_postgresql_the_command_says_how_to_use_pg_dump(tmp_path, monkeypatch):
    monkeypatch.setattr(connection, "vendor", "postgresql")
    with pytest.raises(CommandError, match="pg_dump"):
        run("backup", str(tmp_path / "x.sqlite3"))
    assert not (tmp_path / "x.sqlite3").exists()


@sqlite_only
def test_the_superuser_downloads_the_backup_from_the_site(client, tmp_path, demo_bytes):
    a_site(demo_bytes)
    url = reverse("archive:site_backup")
    superuser = get_user_model().objects.get(username="direttore")
    assert superuser.is_superuser
    client.force_login(superuser)
    assert url in client.get(reverse("archive:import")).content.decode()
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="burraco-backup-')
    path = tmp_path / "scaricato.sqlite3"
    path.write_bytes(b"".join(response.streaming_content))
    assert read_backup_info(path).last_change == AuditEntry.objects.order_by("-id").first().id


def test_nobody_else_downloads_it(client, demo_bytes):
    a_site(demo_bytes)
    user = get_user_model().objects.create_user("giocatore", password="Segreto-2026")
    client.force_login(user)
    url = reverse("archive:site_backup")
    assert url not in client.get(reverse("archive:import")).content.decode()
    assert client.get(url).status_code == 403
    client.logout()
    assert client.get(url).status_code == 302  # to the login page


@sqlite_only
def test_a_new_laptop_gets_the_whole_site_from_a_backup(tmp_path, demo_bytes):
    """``manage.py restore`` on a computer whose site was never started: no tables yet."""
    a_site(demo_bytes)
    path = tmp_path / "sito.sqlite3"
    run("backup", str(path))
    new_site = tmp_path / "nuovo" / "db.sqlite3"
    new_site.parent.mkdir()
    env = {**os.environ, "SQLITE_PATH": str(new_site), "BACKUP_DIR": str(tmp_path / "b")}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "restore", str(path), "--yes"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    db = sqlite3.connect(new_site)
    users = [row[0] for row in db.execute("SELECT username FROM auth_user ORDER BY username")]
    names = [row[0] for row in db.execute("SELECT name FROM tournaments_tournament")]
    entries = db.execute("SELECT COUNT(*) FROM tournaments_auditentry").fetchone()[0]
    db.close()
    assert users == ["arbitro", "direttore", "secondo"]
    assert names == [Tournament.objects.get().name]
    assert entries == AuditEntry.objects.count()
