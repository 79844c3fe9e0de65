"""The standings say when a pair withdrew or joined late, on the page, in the PDF and in the
workbook alike (issue 15): "Ritirata dopo il turno 2", "Entrata in ritardo: turno 1 valutato
come riposo (14 PV, +355 MP di scarto)", in a Note column that is there only when a pair has a
note."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from burraco_tourney.tournaments.models import MissedTurni
from tests.exports.conftest import pdf_words, render_export
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.test_standings_page import _cells, _table

pytestmark = pytest.mark.django_db

WITHDRAWN = "Ritirata dopo il turno 2"
LATE = "Entrata in ritardo: turno 1 valutato come riposo (14 PV, +355 MP di scarto)"


@pytest.fixture
def tournament():
    """Seven pairs play turno 1; pair 8 arrives for turno 2 (turno 1 counted as a riposo); pair
    3 withdraws after turno 2 and is not seated in turno 3."""
    tournament = make_tournament(name="Torneo d'Autunno")
    make_pairs(tournament, 8)
    tournament.entrants.filter(number=8).update(joined_turno=2, missed=MissedTurni.BYE)
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)], byes=[7], totals=[(900, 700)] * 3)
    make_turno(tournament, 2, [(1, 3), (2, 4), (5, 7), (6, 8)], totals=[(800, 800)] * 4)
    tournament.entrants.filter(number=3).update(withdrawn=True, withdrawn_after_turno=2)
    make_turno(tournament, 3, [(1, 4), (2, 5), (6, 7)], byes=[8], totals=[(700, 900)] * 3)
    return tournament


def test_the_page_marks_the_withdrawn_and_the_late_pair(client, tournament):
    url = reverse("tournaments:standings", args=[tournament.slug])
    rows = {int(row[1]): row for row in _cells(_table(client.get(url).content.decode()))}
    assert rows[3][-1] == WITHDRAWN
    assert rows[8][-1] == LATE
    assert rows[1][-1] == ""


def test_the_pdf_marks_the_withdrawn_and_the_late_pair(tournament):
    words = pdf_words(render_export("classifica", tournament, after_turno=3).content)
    assert WITHDRAWN in words
    assert LATE in words


def test_the_workbook_marks_the_withdrawn_and_the_late_pair(tournament):
    content = render_export("workbook", tournament, after_turno=3).content
    sheet = load_workbook(io.BytesIO(content))["Classifica"]
    values = list(sheet.iter_rows(min_row=2, values_only=True))
    header = values[0]
    assert header[-1] == "Note"
    rows = {row[header.index("Coppia")]: dict(zip(header, row, strict=True)) for row in values[1:]}
    assert rows[3]["Note"] == WITHDRAWN
    assert rows[8]["Note"] == LATE
    assert rows[8]["T1"] == 14  # the missed turno, worth a riposo
    assert rows[1]["Note"] in (None, "")


def test_the_turno_sheets_list_the_riposo_and_the_late_pair(tournament):
    # Turno 1: pair 7 rests, pair 8 had not arrived yet; turno 3: pair 8 rests. Each has its
    # row with the VP and MP the turno counts for it, read back from the file.
    content = render_export("workbook", tournament, after_turno=3).content
    workbook = load_workbook(io.BytesIO(content))

    def rows(name):
        values = list(workbook[name].iter_rows(min_row=2, values_only=True))
        header = values[0]
        return {
            row[header.index("Coppia NS")]: dict(zip(header, row, strict=True))
            for row in values[1:]
        }

    first = rows("Turno 1")
    assert (first[7]["Note"], first[7]["PV NS"], first[7]["MP NS"]) == ("Riposo", 14, 355)
    late = LATE
    assert (first[8]["Note"], first[8]["PV NS"], first[8]["MP NS"]) == (late, 14, 355)
    assert first[8]["Giocatori NS"] == tournament.entrants.get(number=8).players
    assert 8 not in rows("Turno 2") or rows("Turno 2")[8]["Note"] != late
    assert rows("Turno 3")[8]["Note"] == "Riposo"


def test_no_note_column_without_a_note(client):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 700)] * 2)
    content = render_export("workbook", tournament).content
    header = next(load_workbook(io.BytesIO(content))["Classifica"].iter_rows(min_row=2))
    assert "Note" not in [cell.value for cell in header]


@pytest.mark.parametrize("turni", [3, 4])
def test_sixteen_pairs_with_notes_fit_one_page(turni):
    # A director's evening: 16 pairs, one of them late and one withdrawn. The note column was
    # squeezed to a word a line and pushed the list onto a second page.
    from tests.exports.conftest import pdf_info

    tournament = make_tournament(name="Torneo d'Autunno")
    make_pairs(tournament, 16)
    tournament.entrants.filter(number=16).update(joined_turno=2, missed=MissedTurni.BYE)
    seats = [(n, n + 1) for n in range(1, 15, 2)]
    make_turno(tournament, 1, seats, byes=[15], totals=[(900, 700)] * 7)
    later = [(1, 16), *((n, n + 1) for n in range(2, 15, 2))]
    for number in range(2, turni + 1):
        make_turno(tournament, number, later, totals=[(800, 700)] * 8)
    tournament.entrants.filter(number=3).update(withdrawn=True, withdrawn_after_turno=turni)
    content = render_export("classifica", tournament, after_turno=turni).content
    assert pdf_info(content)["Pages"] == "1"
    words = pdf_words(content)
    assert LATE in words and f"Ritirata dopo il turno {turni}" in words
