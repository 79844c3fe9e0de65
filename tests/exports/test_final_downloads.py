"""The files say what the standings are (issue 20): PROVVISORIA while the turno they include is
not closed, "Classifica finale" once the last planned turno (a knock-out's final) is closed, and
the results corrected after a close. Pairs, individual and knock-out tournaments alike; the PDF
read back with pdftotext, the workbook's cells with openpyxl."""

from __future__ import annotations

import io

import pytest
from django.utils import timezone
from openpyxl import load_workbook

from burraco_tourney.tournaments.models import Table
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.individual_support import drawn_turno, enter_totals, individual_tournament
from tests.tournaments.ko_support import ko_tournament, start, win

from .conftest import pdf_text, render_export

pytestmark = pytest.mark.django_db


def _title(key, tournament, **kwargs) -> str:
    workbook = load_workbook(io.BytesIO(render_export(key, tournament, **kwargs).content))
    return str(workbook.worksheets[0]["A1"].value)


@pytest.fixture
def evening():
    """Four pairs, two planned turni: turno 1 closed, turno 2 with every result, not closed."""
    tournament = make_tournament(name="Torneo della Vigilia", planned_turni=2)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1250, 830), (900, 880)])
    two = make_turno(tournament, 2, [(1, 3), (2, 4)], totals=[(700, 750), (990, 400)], closed=False)
    return tournament, two


def test_the_pairs_files_are_provisional_until_the_last_turno_is_closed_then_final(evening):
    tournament, two = evening
    text = pdf_text(render_export("classifica", tournament, after_turno=2).content)
    assert "Classifica dopo il turno 2 — PROVVISORIA" in text
    assert "Classifica finale" not in text
    assert "— PROVVISORIA —" in _title("workbook", tournament, after_turno=2)

    turno_close(turno=two, user=make_director())
    text = pdf_text(render_export("classifica", tournament).content)
    assert "Classifica finale" in text and "PROVVISORIA" not in text
    assert "— Classifica finale —" in _title("workbook", tournament)
    name = render_export("classifica", tournament).filename
    assert name.endswith("-dopo-turno-2-finale.pdf")
    # The standings after turno 1 are that turno's, neither provisional nor final.
    text = pdf_text(render_export("classifica", tournament, after_turno=1).content)
    assert "Classifica dopo il turno 1" in text
    assert "PROVVISORIA" not in text and "Classifica finale" not in text


def test_the_standings_pdf_lists_a_result_corrected_after_the_close(evening):
    tournament, two = evening
    director = make_director()
    turno_close(turno=two, user=director)
    table = Table.objects.get(turno=two, number=2)
    table_record_totals(
        table=table, user=director, ns_mp=990, eo_mp=410, version=table.version, reason="Firma"
    )
    when = timezone.localtime(Table.objects.get(pk=table.pk).corrected_at).strftime("%H:%M")
    text = pdf_text(render_export("classifica", tournament).content)
    assert "Risultati rettificati dopo la chiusura del turno:" in text
    assert f"turno 2, tavolo 2: rettificato alle {when}" in text


def test_the_individual_files_say_provisional_then_final():
    tournament, director = individual_tournament(planned_turni=1)
    turno = drawn_turno(tournament, director)
    enter_totals(turno, director, [(1250, 830), (900, 880)])
    text = pdf_text(render_export("classifica-giocatori", tournament).content)
    assert "PROVVISORIA" in text and "Classifica finale" not in text
    assert "— PROVVISORIA —" in _title("workbook-giocatori", tournament)
    turno_close(turno=turno, user=director)
    text = pdf_text(render_export("classifica-giocatori", tournament).content)
    assert "Classifica finale" in text and "PROVVISORIA" not in text
    assert "— Classifica finale —" in _title("workbook-giocatori", tournament)


def test_the_knockout_bracket_gives_final_places_once_the_final_is_closed():
    director = make_director()
    tournament = ko_tournament(director, pairs=4)
    first = start(tournament, director)
    win(tournament, director, 1, 1)
    win(tournament, director, 1, 2)
    turno_close(turno=first, user=director)
    final = tournament.turni.get(number=2)
    win(tournament, director, 2, 1)
    text = pdf_text(render_export("tabellone", tournament).content)
    assert "Piazzamenti finora — PROVVISORIA" in text
    assert _title("tabellone-excel", tournament).endswith("— PROVVISORIA")
    turno_close(turno=final, user=director)
    text = pdf_text(render_export("tabellone", tournament).content)
    assert "Classifica finale" in text and "PROVVISORIA" not in text
    assert _title("tabellone-excel", tournament).endswith("— Classifica finale")
