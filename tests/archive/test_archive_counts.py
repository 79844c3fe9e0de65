"""A file listing more than any real tournament (100,000 pairs, a turno of 10,000 tables) is
refused at once with a clear message, before its structure is checked entry by entry: nothing
written, no worker held for seconds."""

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
    data = json.dumps(demo, separators=(",", ":")).encode()
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


def test_a_hundred_thousand_pairs_are_refused_at_once(english, demo, no_schema):
    pair = demo["pairs"][0]
    demo["pairs"] = [
        {**pair, "number": n, "players": [f"A{n}", f"B{n}"]} for n in range(1, 100_001)
    ]
    before = row_counts()
    started = time.monotonic()
    response = _post(english, demo)
    assert time.monotonic() - started < 5
    assert response.status_code == 200
    text = response.content.decode()
    assert "<code>pairs</code>" in text
    assert "lists 100000 entries, more than any real tournament (at most 2000)" in text
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
    assert row_counts()["Pair"] == len(demo["pairs"])
