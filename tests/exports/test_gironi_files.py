"""Each girone's standings beside the overall ones in every place that shows standings: the
public page, the PDF (read back with pdftotext), the workbook (a sheet per girone) and the
projector (a panel per girone), and the tables named A1 … B1 on the seating PDF."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from burraco_tourney.tournaments.models import Tournament, Turno
from burraco_tourney.tournaments.selectors.gironi import girone_standings
from burraco_tourney.tournaments.services import player_entries
from burraco_tourney.tournaments.services.closing import turno_close
from tests.factories import make_director
from tests.module_data import module_data
from tests.tournaments.gironi_support import gironi_played, pairs_evening

from .conftest import pdf_text, render_export

pytestmark = pytest.mark.django_db


def _play_the_evening() -> tuple[int, int]:
    director = make_director()
    tournament = pairs_evening(director)
    turno = gironi_played(tournament, director, standings="phase_only")
    turno_close(turno=turno, user=director)
    return tournament.pk, turno.pk


@pytest.fixture(scope="module")
def _evening_keys(request, django_db_setup, django_db_blocker):
    """The evening, played once for the module (tests/module_data.py)."""
    yield from module_data(request, django_db_blocker, _play_the_evening)


@pytest.fixture
def evening(_evening_keys, db) -> tuple[Tournament, Turno]:
    """The evening and its last turno, read again for each test: its changes roll back."""
    tournament_pk, turno_pk = _evening_keys
    return Tournament.objects.get(pk=tournament_pk), Turno.objects.get(pk=turno_pk)


def test_the_standings_pdf_prints_each_girone_after_the_overall_standings(evening):
    tournament, _turno = evening
    text = pdf_text(render_export("classifica", tournament).content)
    assert "Girone A" in text and "Girone B" in text
    after_b = text[text.index("Girone B") :]
    # Phase only: B's first line is a pair that won 1500-0 in turno 3 (fibur-3: 19 VP), ranked 1.
    best_b = girone_standings(tournament=tournament)[1].rows[0]
    assert best_b.vp == 19
    line = next(
        line
        for line in after_b.splitlines()
        if line.split()[:2] == ["1", str(best_b.entrant.number)]
    )
    assert " 19 " in f" {line} "


def test_the_workbook_has_a_sheet_per_girone(evening):
    tournament, _turno = evening
    workbook = load_workbook(io.BytesIO(render_export("workbook", tournament).content))
    names = workbook.sheetnames
    assert names[:3] == ["Classifica", "Girone A", "Girone B"]
    sheet = workbook["Girone A"]
    values = [[c.value for c in row] for row in sheet.iter_rows()]
    ranks = [row[0] for row in values if isinstance(row[0], int)]
    assert len(ranks) == 6 and ranks[0] == 1
    turno_sheet = workbook["Turno 3"]
    labels = [row[0].value for row in turno_sheet.iter_rows() if isinstance(row[0].value, str)]
    assert "A1" in labels and "B4" in labels


def test_the_public_page_and_the_projector_show_each_girone(client, evening):
    tournament, _turno = evening
    page = client.get(reverse("tournaments:standings", args=[tournament.slug])).content.decode()
    assert 'id="girone-A"' in page and 'id="girone-B"' in page
    panels = client.get(reverse("tournaments:projector_panels", args=[tournament.slug]))
    html = panels.content.decode()
    assert 'data-panel="girone-A-1"' in html and 'data-panel="girone-B-1"' in html
    # The seating panel of the turno being played names its tables by girone.
    assert '<td class="num strong">A1</td>' in html


@pytest.mark.parametrize("key", ["posti-per-tavolo", "cartelli-tavoli", "score"])
def test_the_printouts_name_the_tables_by_girone(evening, key):
    tournament, turno = evening
    text = pdf_text(render_export(key, tournament, turno=turno, after_turno=None).content)
    assert "A1" in text and "B4" in text


def test_the_phone_page_names_its_girone_table(client, evening):
    tournament, turno = evening
    tournament.players_enter = True
    tournament.save()
    turno = tournament.turni.get(number=turno.number)  # published since the fixture drew it
    b2 = turno.tables.get(girone="B", girone_number=2)
    token = player_entries.turno_links_ensure(turno=turno)[b2.pk].token
    page = client.get(f"/tavolo/{token}/").content.decode()
    assert "Turno 3 · tavolo B2" in page
