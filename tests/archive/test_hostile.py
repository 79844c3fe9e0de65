"""Hostile files: too deep, an absurd number, too large. A clear message, nothing written, from
the web and from the command line alike, and never a traceback."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from burraco_tourney.archive.checks import MAX_ARCHIVE_BYTES

from .conftest import row_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]

ROOT = Path(__file__).resolve().parents[2]


def deep(demo_bytes: bytes) -> bytes:
    """The demo with a log entry whose detail nests 1,000 lists deep."""
    text = demo_bytes.decode().replace('"version": 1', '"version": 2', 1).rstrip()
    entry = '{"at": "2026-11-28T21:14:05+01:00", "by": "x", "action": "y", "detail": %s}'
    nested = "[" * 1000 + "]" * 1000
    return (text[:-1] + ', "log": [' + entry % nested + "]}").encode()


def long_number(demo_bytes: bytes) -> bytes:
    return demo_bytes.replace(b'"cards": 245', b'"cards": 1' + b"0" * 4999, 1)


def huge(demo_bytes: bytes) -> bytes:
    return demo_bytes + b" " * (20 * 1024 * 1024)


HOSTILE = [
    pytest.param(deep, "levels deep", id="nested-1000-deep"),
    pytest.param(long_number, "5000 digits", id="5000-digit-integer"),
    pytest.param(huge, "larger than 16 MB", id="20-MB-file"),
]
# The command line speaks the site's default language.
ITALIAN = [
    pytest.param(deep, "più di 64 livelli", id="nested-1000-deep"),
    pytest.param(long_number, "5000 cifre", id="5000-digit-integer"),
    pytest.param(huge, "supera i 16 MB", id="20-MB-file"),
]


def test_the_demo_has_the_number_the_cases_spoil(demo_bytes):
    assert b'"cards": 245' in demo_bytes
    assert len(huge(demo_bytes)) > MAX_ARCHIVE_BYTES


@pytest.mark.parametrize(("spoil", "message"), HOSTILE)
def test_from_the_web(english, demo_bytes, spoil, message):
    before = row_counts()
    response = english.post(
        reverse("archive:import"),
        {"file": SimpleUploadedFile("torneo.json", spoil(demo_bytes), "application/json")},
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert row_counts() == before


@pytest.mark.parametrize(("spoil", "message"), HOSTILE)
def test_from_the_command(tmp_path, demo_bytes, spoil, message):
    path = tmp_path / "hostile.json"
    path.write_bytes(spoil(demo_bytes))
    err = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("import_tournament", str(path), stdout=io.StringIO(), stderr=err)
    assert caught.value.returncode == 1
    assert message in err.getvalue()
    assert row_counts() == dict.fromkeys(row_counts(), 0)


@pytest.mark.database_free  # a database of its own, the same SQLite file on every pass
@pytest.mark.parametrize(("spoil", "message"), ITALIAN)
def test_the_real_command_line_prints_no_traceback(tmp_path, demo_bytes, spoil, message):
    """``manage.py import_tournament`` as a director runs it, on a database of its own."""
    path = tmp_path / "hostile.json"
    path.write_bytes(spoil(demo_bytes))
    env = {**os.environ, "SQLITE_PATH": str(tmp_path / "site.sqlite3")}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "import_tournament", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    assert message in done.stderr


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (b'"Circolo Aurora, Genova"', b'"Circolo\\u0000Aurora"', "no text may hold"),
        (b'"Circolo Aurora, Genova"', b'"Circolo \\ud800 Aurora"', "no text may hold"),
        (b'"cards": 245', b'"cards": 1e400', "too large"),
    ],
    ids=["NUL", "half-surrogate", "infinite-number"],
)
def test_values_no_database_column_takes(english, demo_bytes, old, new, message):
    """Refused before anything is written: PostgreSQL refuses a NUL, every database half a
    surrogate pair, JSON an infinite number."""
    assert old in demo_bytes
    before = row_counts()
    response = english.post(
        reverse("archive:import"),
        {"file": SimpleUploadedFile("t.json", demo_bytes.replace(old, new, 1), "application/json")},
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert row_counts() == before


def test_a_time_no_database_converts(english, demo):
    demo["version"] = 2
    demo["log"] = [{"at": "0001-01-01T00:00:00+01:00", "by": "x", "action": "y"}]
    response = english.post(
        reverse("archive:import"),
        {"file": SimpleUploadedFile("t.json", json.dumps(demo).encode(), "application/json")},
    )
    assert response.status_code == 200
    assert "<code>log[0].at</code>" in response.content.decode()
    assert row_counts() == dict.fromkeys(row_counts(), 0)
