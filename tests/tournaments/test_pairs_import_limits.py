"""Spreadsheet bombs: an upload that would unpack to too much is refused before it is parsed,
and an over-long value is cut in the preview (issue 11, item 3)."""

import io
import tracemalloc
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from burraco_tourney.core.spreadsheets import MAX_ROWS_READ
from burraco_tourney.tournaments.pair_import import (
    CELL_MAX,
    NAME_MAX,
    SpreadsheetError,
    parse_spreadsheet,
)
from tests.factories import make_tournament

pytestmark = pytest.mark.usefixtures("english_messages")

HEADER = ["Giocatore 1", "Giocatore 2", "Circolo"]


def _xlsx(rows) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _bomb(shared_string_bytes: int) -> bytes:
    """A small valid workbook whose one name is ``shared_string_bytes`` long."""
    plain = _xlsx([HEADER, ["MARKER", "Bianchi Bruno", ""]])
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(plain)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for item in source.infolist():
            data = source.read(item.filename)
            if b"MARKER" in data:
                data = data.replace(b"MARKER", b"A" * shared_string_bytes)
            target.writestr(item, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue()


@pytest.mark.parametrize("size", [20 * 1024 * 1024, 6 * 1024 * 1024])
def test_a_workbook_that_unpacks_to_too_much_is_refused_without_reading_it(size):
    data = _bomb(size)
    assert len(data) < 200 * 1024  # small enough to pass the upload cap
    tracemalloc.start()
    try:
        with pytest.raises(SpreadsheetError, match="unpacks to more than 16 MB"):
            parse_spreadsheet("iscritti.xlsx", data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2 * 1024 * 1024


def test_an_ordinary_workbook_is_still_read():
    rows = parse_spreadsheet("iscritti.xlsx", _xlsx([HEADER, ["Rossi Anna", "Verdi Carla", "X"]]))
    assert [(r.player1, r.player2, r.club) for r in rows] == [("Rossi Anna", "Verdi Carla", "X")]


def test_an_over_long_name_is_cut_and_refused():
    long_name = "Rossi " * 2000
    rows = parse_spreadsheet("iscritti.xlsx", _xlsx([HEADER, [long_name, "Verdi Carla", ""]]))
    assert len(rows[0].player1) == CELL_MAX + 1 and rows[0].player1.endswith("…")
    assert f"A name is longer than {NAME_MAX} characters." in rows[0].errors


def test_only_so_many_rows_of_a_csv_are_read():
    data = ("Rossi Anna;Verdi Carla\n" + ";\n" * (MAX_ROWS_READ * 4)).encode()
    rows = parse_spreadsheet("iscritti.csv", data)
    assert len(rows) == 1


def test_the_preview_page_stays_small_with_a_huge_cell(director, director_client):
    tournament = make_tournament(owner=director)
    tournament.directors.add(director)
    data = _bomb(900 * 1024)  # under the limits: read, and shown cut
    response = director_client.post(
        reverse("manage:pairs_import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("iscritti.xlsx", data)},
    )
    assert response.status_code == 200
    assert len(response.content) < 200 * 1024
    assert "A" * CELL_MAX + "…" in response.content.decode()
