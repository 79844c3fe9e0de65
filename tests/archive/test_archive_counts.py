"""A file listing more than any real tournament is refused at once with a clear message: 100,000
pairs before the file is even decoded, a turno of 10,000 tables before its structure is checked
entry by entry. Nothing written, no worker held for seconds."""

from __future__ import annotations

import json
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from burraco_tourney.archive import reader

from .conftest import row_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


def _post(client, demo):
    return _upload(client, json.dumps(demo, separators=(",", ":")).encode())


def _upload(client, data: bytes):
    return client.post(
        reverse("archive:import"),
        {"file": SimpleUploadedFile("torneo.json", data, "application/json")},
    )


@pytest.fixture
def no_schema(monkeypatch):
    """The entry-by-entry check must not even start."""

    def refuse(root):
        raise AssertionError("the whole file was checked")

    monkeypatch.setattr(reader, "check_structure", refuse)


@pytest.fixture
def not_decoded(monkeypatch):
    """Nor the decoding of the file."""

    def refuse(data):
        raise AssertionError("the file was decoded")

    monkeypatch.setattr(reader, "load_json", refuse)


def test_a_hundred_thousand_pairs_are_refused_at_once(english, demo, not_decoded):
    pair = demo["pairs"][0]
    demo["pairs"] = [
        {**pair, "number": n, "players": [f"A{n}", f"B{n}"]} for n in range(1, 100_001)
    ]
    data = json.dumps(demo, separators=(",", ":")).encode()
    before = row_counts()
    started = time.monotonic()
    response = _upload(english, data)
    assert time.monotonic() - started < 5
    assert response.status_code == 200
    text = response.content.decode()
    assert "<code>pairs</code>" in text
    assert "lists about 100000 entries, more than any real tournament (at most 2000)" in text
    assert row_counts() == before


def test_a_turno_of_ten_thousand_tables_is_refused_at_once(english, demo, no_schema):
    table = demo["turni"][0]["tables"][0]
    demo["turni"][0]["tables"] = [{**table, "table": n} for n in range(1, 10_001)]
    response = _post(english, demo)
    assert "<code>turni[0].tables</code>" in response.content.decode()
    assert "more than any real tournament" in response.content.decode()


def test_a_real_tournament_still_imports(english, demo):
    response = _post(english, demo)
    assert response.status_code == 302
    assert row_counts()["Entrant"] == len(demo["pairs"])
