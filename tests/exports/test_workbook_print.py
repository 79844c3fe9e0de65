"""Both workbooks (pairs and KO) print the same way and title their sheets the same way: a
director who prints a sheet gets it landscape, one page wide, with the title and the header on
every page, and the date as the pages write it."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import call_command
from openpyxl import load_workbook

from burraco_tourney.tournaments.models import Tournament
from tests.exports.conftest import render_export
from tests.factories import make_director
from tests.tournaments.ko_support import ko_tournament, start, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def pairs_book():
    call_command("load_demo", stdout=io.StringIO())
    content = render_export("workbook", Tournament.objects.get(kind="pairs")).content
    return load_workbook(io.BytesIO(content))


@pytest.fixture
def ko_book():
    director = make_director()
    tournament = ko_tournament(director, pairs=4, date=datetime.date(2025, 3, 13))
    start(tournament, director)
    win(tournament, director, 1, 1)
    return load_workbook(io.BytesIO(render_export("tabellone-excel", tournament).content))


@pytest.mark.parametrize("book", ["pairs_book", "ko_book"])
def test_every_sheet_prints_landscape_one_page_wide_with_its_titles(book, request):
    workbook = request.getfixturevalue(book)
    assert len(workbook.worksheets) >= 3
    for ws in workbook.worksheets:
        assert ws.page_setup.orientation == "landscape", ws.title
        assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title
        assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0), ws.title
        assert ws.print_title_rows == "$1:$2", ws.title  # rows 1 and 2 on every page


def test_the_ko_workbook_writes_the_date_like_the_pairs_workbook(ko_book, pairs_book):
    assert "18 ottobre 2024" in pairs_book.worksheets[0]["A1"].value
    for ws in ko_book.worksheets:
        title = ws["A1"].value
        assert "13 marzo 2025" in title and "2025-03-13" not in title, ws.title
