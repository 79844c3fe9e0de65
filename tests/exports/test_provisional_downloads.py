"""Standings files while a turno is being played (issue 9, case 2), and when they cannot be
computed (case 10).

By default the downloads give the standings after the last complete turno, as the public page
does; the standings that include the turno in progress are still offered, marked PROVVISORIA in
their title, on every page of the PDF and on every sheet of the workbook. A custom VP table with
no riposo value makes the standings impossible to count: the files then say so, instead of the
download link sending an HTML page.
"""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from burraco_tourney.tournaments.models import EntryMode, Table
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from tests.exports.conftest import pdf_pages, pdf_text, render_export
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db

CUSTOM_BANDS = [
    {"max": 100, "vp": [10, 10]},
    {"max": 500, "vp": [12, 8]},
    {"max": None, "vp": [20, 0]},
]


def _being_played(**fields):
    """Seven pairs, turni 1 and 2 complete, turno 3 with one table of three entered."""
    tournament = make_tournament(name="Torneo di Primavera", **fields)
    make_pairs(tournament, 7)
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)], byes=[7], totals=[(1250, 830)] * 3)
    make_turno(tournament, 2, [(7, 1), (2, 3), (4, 5)], byes=[6], totals=[(600, 640)] * 3)
    three = make_turno(tournament, 3, [(1, 3), (2, 5), (6, 7)], byes=[4])
    Table.objects.filter(turno=three, number=1).update(
        entry_mode=EntryMode.TOTALS, ns_mp=980, eo_mp=720
    )
    tournament_recompute_results(tournament=tournament)
    return tournament


@pytest.fixture
def tournament():
    return _being_played()


def _workbook(tournament, **kwargs):
    content = render_export("workbook", tournament, **kwargs).content
    return load_workbook(io.BytesIO(content))


def test_the_standings_pdf_defaults_to_the_last_complete_turno(tournament):
    file = render_export("classifica", tournament)
    text = pdf_text(file.content)
    assert "Classifica dopo il turno 2" in text
    assert "PROVVISORIA" not in text
    assert file.filename.endswith("dopo-turno-2.pdf")


def test_the_provisional_standings_pdf_says_so_on_every_page(tournament):
    file = render_export("classifica", tournament, after_turno=3)
    pages = pdf_pages(file.content)
    assert pages and all("Classifica dopo il turno 3 · PROVVISORIA" in page for page in pages)
    # The heading too, and a sentence saying why.
    assert re.search(r"Classifica dopo il turno 3\s+—\s+PROVVISORIA", pages[0])
    assert "Un turno non è ancora chiuso" in pages[0]
    assert file.filename.endswith("dopo-turno-3-provvisoria.pdf")


def test_a_long_provisional_pdf_repeats_the_mark_on_each_page():
    tournament = make_tournament(name="Torneo grande")
    make_pairs(tournament, 90)
    make_turno(tournament, 1, [(2 * i + 1, 2 * i + 2) for i in range(45)])
    Table.objects.filter(turno__tournament=tournament, number=1).update(
        entry_mode=EntryMode.TOTALS, ns_mp=980, eo_mp=720
    )
    tournament_recompute_results(tournament=tournament)
    pages = pdf_pages(render_export("classifica", tournament).content)
    assert len(pages) > 1
    assert all("PROVVISORIA" in page for page in pages)


def test_the_workbook_defaults_to_the_last_complete_turno(tournament):
    workbook = _workbook(tournament)
    assert workbook.sheetnames[:3] == ["Classifica", "Turno 1", "Turno 2"]
    assert "Turno 3" not in workbook.sheetnames
    assert workbook["Classifica"]["A1"].value.endswith("Classifica dopo il turno 2")
    assert all("PROVVISORIA" not in ws["A1"].value for ws in workbook.worksheets)


def test_the_provisional_workbook_is_marked_in_its_title_and_on_each_sheet(tournament):
    workbook = _workbook(tournament, after_turno=3)
    assert "PROVVISORIA" in workbook.properties.title
    assert "Turno 3" in workbook.sheetnames
    for ws in workbook.worksheets:
        assert "PROVVISORIA" in ws["A1"].value, ws.title


def test_the_downloads_page_selects_the_last_complete_turno(client, tournament):
    tournament.owner = make_director()
    tournament.save()
    client.force_login(tournament.owner)
    page = client.get(reverse("exports:downloads", args=[tournament.slug])).content.decode()
    for key in ("classifica", "workbook"):
        select = re.search(rf'<select name="dopo" id="dopo-{key}">(.*?)</select>', page, re.S)
        assert select, key
        options = re.findall(r'<option value="(\d)"( selected)?>([^<]*)</option>', select[1])
        assert options == [
            ("1", "", "1"),
            ("2", " selected", "2"),
            ("3", "", "3 (provvisoria)"),
        ], key


def _without_riposo_value():
    """Five pairs, a custom VP table whose riposo was left blank, turno 1 played."""
    tournament = make_tournament(name="Torneo dispari", vp_table=CUSTOM_BANDS)
    make_pairs(tournament, 5)
    make_turno(tournament, 1, [(1, 2), (3, 4)], byes=[5], totals=[(900, 700), (800, 800)])
    return tournament


def test_the_standings_pdf_says_what_is_missing():
    tournament = _without_riposo_value()
    text = pdf_text(render_export("classifica", tournament).content)
    assert "La classifica non si può ancora calcolare." in text
    assert "La coppia 5 riposa nel turno 1" in text


def test_the_workbook_says_what_is_missing_and_keeps_the_other_sheets():
    tournament = _without_riposo_value()
    workbook = _workbook(tournament)
    standings = workbook["Classifica"]
    assert standings["A3"].value.startswith("La classifica non si può ancora calcolare.")
    assert "La coppia 5 riposa nel turno 1" in standings["A3"].value
    assert workbook["Turno 1"]["A3"].value == 1


def test_the_workbook_link_gives_a_workbook_even_without_the_riposo_value(client):
    tournament = _without_riposo_value()
    tournament.owner = make_director()
    tournament.save()
    client.force_login(tournament.owner)
    response = client.get(reverse("exports:download", args=[tournament.slug, "workbook"]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
