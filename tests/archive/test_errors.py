"""A bad file is refused with the place and the reason, and nothing is written.

The bad files are ``spoiled_files.py``'s: each spoils one thing in the demo file (or a small
variant of it) and names the path the error must point at.
"""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import

from .conftest import row_counts
from .spoiled_files import CASES, smazzata

# The reasons are checked in English; the Italian catalog has its own test below.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


@pytest.mark.parametrize(
    ("spoil", "path", "reason"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_bad_file_is_refused_and_nothing_written(demo, spoil, path, reason):
    spoil(demo)
    before = row_counts()
    with pytest.raises(ArchiveError) as caught:
        tournament_import(data=json.dumps(demo).encode())
    assert caught.value.path == path
    assert reason in caught.value.message
    assert str(caught.value) == f"{path}: {caught.value.message}"
    assert row_counts() == before


def test_the_example_of_archive_md(demo):
    smazzata(demo, 2, 4, 1)["ns"]["cards"] = 243
    with pytest.raises(ArchiveError) as caught:
        read_archive(demo)
    assert str(caught.value).startswith("turni[2].tables[4].smazzate[1].ns.cards: ")
    assert "243" in str(caught.value) and "multiple of 5" in str(caught.value)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"{", "not valid JSON"),
        (b"[]", "one JSON object"),
        ("{}".encode("utf-16"), "not UTF-8"),
        (b'{"format": "burraco-archive", "version": NaN}', "NaN"),
    ],
)
def test_not_an_archive_at_all(data, reason):
    with pytest.raises(ArchiveError) as caught:
        tournament_import(data=data)
    assert caught.value.path == ""
    assert reason in caught.value.message
    assert row_counts() == dict.fromkeys(row_counts(), 0)


def test_a_key_written_twice(demo_bytes):
    text = demo_bytes.decode().replace('"kind": "pairs",', '"kind": "pairs", "kind": "ko",', 1)
    with pytest.raises(ArchiveError) as caught:
        read_archive(text)
    assert caught.value.path == "tournament.kind"
    assert "twice" in caught.value.message


def test_a_byte_order_mark_is_accepted(demo_bytes):
    assert read_archive(b"\xef\xbb\xbf" + demo_bytes).tournament.name.startswith("Torneo")


def test_failure_while_writing_leaves_nothing(demo_bytes, monkeypatch):
    """The whole import is one transaction: a failure after the first rows rolls them back."""
    from burraco_tourney.archive import services
    from burraco_tourney.rules.errors import RuleViolation

    def broken(*, tournament):
        raise RuleViolation("vp_tie_uneven_band", "The VP table gives no even split for a tie.")

    monkeypatch.setattr(services, "tournament_recompute_results", broken)
    with pytest.raises(ArchiveError) as caught:
        services.tournament_import(data=demo_bytes)
    assert "even split" in caught.value.message
    assert row_counts() == dict.fromkeys(row_counts(), 0)


@pytest.mark.django_db
def test_reason_is_in_italian_by_default(demo):
    demo["turni"][0]["tables"][0]["smazzate"][0]["ns"]["cards"] = 243
    with translation.override("it"), pytest.raises(ArchiveError) as caught:
        read_archive(demo)
    assert caught.value.path == "turni[0].tables[0].smazzate[0].ns.cards"
    assert "multiplo di 5" in str(caught.value)
