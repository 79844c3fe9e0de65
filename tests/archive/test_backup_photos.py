"""A whole-site backup carries the players' photos: restored on a new laptop (another media
folder), the room board shows them; a photo whose file is missing shows a placeholder, never a
server error; a failed or abandoned backup leaves no half-written ``.part`` file."""

from __future__ import annotations

import io
import os
import sqlite3
import time

import pytest
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from burraco_tourney.archive import backup
from burraco_tourney.tournaments.models import Submission
from tests.factories import make_director
from tests.tournaments.player_support import players_turno

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the site's own backup is SQLite's"),
]

PHOTO = b"\xff\xd8\xff\xe0 a scorecard photo \xff\xd9"


@pytest.fixture(autouse=True)
def folders(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.MEDIA_ROOT = tmp_path / "media"
    return tmp_path


def _site_with_a_photo():
    director = make_director()
    tournament, turno = players_turno()
    tournament.directors.add(director)
    table = turno.tables.get(number=1)
    entry = Submission.objects.create(table=table, source="ns")
    entry.photo.save("t1-ns-abc.jpg", ContentFile(PHOTO), save=True)
    return director, tournament, entry


def _photo_url(tournament):
    return reverse("manage:room_photo", args=[tournament.slug, 1, 1, "ns"])


def test_a_backup_restored_on_a_new_laptop_shows_the_photos(client, folders, settings):
    director, tournament, entry = _site_with_a_photo()
    path = folders / "sito.sqlite3"
    call_command("backup", str(path), stdout=io.StringIO())

    # The new laptop: another, empty media folder.
    settings.MEDIA_ROOT = folders / "new-laptop-media"
    call_command("restore", str(path), "--yes", stdout=io.StringIO())

    client.force_login(director)
    response = client.get(_photo_url(tournament))
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == PHOTO
    assert (folders / "new-laptop-media" / entry.photo.name).read_bytes() == PHOTO
    # The restored database holds no copy of the photos' table.
    tables = connection.introspection.table_names()
    assert "burraco_backup_media" not in tables and "burraco_backup" not in tables


def test_a_missing_photo_file_shows_a_placeholder(client, folders):
    director, tournament, entry = _site_with_a_photo()
    (folders / "media" / entry.photo.name).unlink()
    client.force_login(director)
    response = client.get(_photo_url(tournament))
    assert response.status_code == 404
    assert response["Content-Type"] == "image/svg+xml"
    assert "Foto mancante" in response.content.decode()
    page = client.get(reverse("manage:room_table", args=[tournament.slug, 1, 1]))
    assert page.status_code == 200
    assert "Foto mancante: il file non è più su questo computer." in page.content.decode()


def test_a_backup_that_fails_leaves_no_half_written_file(folders, monkeypatch):
    _site_with_a_photo()

    def disk_full(copy):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(backup, "media_into", disk_full)
    target = folders / "sito.sqlite3"
    with pytest.raises(sqlite3.OperationalError):
        backup.backup_to(target)
    assert list(folders.glob("*.part")) == [] and not target.exists()


def test_an_abandoned_part_file_is_removed_by_the_next_automatic_backup(folders):
    _site_with_a_photo()
    folder = folders / "backups"
    folder.mkdir()
    stale = folder / "burraco-20261128-210000-000000.sqlite3.part"
    stale.write_bytes(b"half a copy")
    an_hour_ago = time.time() - 2 * 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    fresh = folder / "burraco-being-written.sqlite3.part"
    fresh.write_bytes(b"another process is writing this one")
    backup.auto_backup()
    assert not stale.exists()
    assert fresh.exists()


def test_a_download_that_fails_leaves_nothing_in_the_temporary_folder(client, folders, monkeypatch):
    from django.contrib.auth import get_user_model

    _site_with_a_photo()
    superuser = get_user_model().objects.create_superuser("capo", password="Segreto-2026")
    client.force_login(superuser)
    monkeypatch.setattr("tempfile.tempdir", str(folders))

    def disk_full(copy):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backup, "media_into", disk_full)
    response = client.get(reverse("archive:site_backup"), follow=True)
    assert "No space left on device" in response.content.decode()
    assert not list(folders.glob("burraco-backup-*"))
