"""The printouts and the workbook of an individual tournament, read back: the standings by
player, the seating by table and by name ("Anna Rossi: tavolo 1, NS con ..."), the scorecards and
table cards naming the four players, a workbook sheet per turno."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Movement
from burraco_tourney.tournaments.selectors.individual_seating import individual_seating
from burraco_tourney.tournaments.services.individual_turni import individual_turno_draw
from burraco_tourney.tournaments.services.players import player_create
from burraco_tourney.tournaments.services.scores import table_record_totals
from burraco_tourney.tournaments.services.turni import turno_publish
from tests.factories import make_director, make_tournament

from .conftest import pdf_words, render_export

NAMES = ["Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Russo", "Elena Ferrari"]
NAMES += ["Fabio Esposito", "Giulia Romano", "Luca Colombo", "Marta Ricci"]


@pytest.fixture
def evening(db):
    director = make_director()
    tournament = make_tournament(kind="individual", tiebreaks=["scarto", "mp"])
    for name in NAMES:
        player_create(tournament=tournament, user=director, name=name)
    for _ in range(2):
        turno = individual_turno_draw(
            tournament=tournament, user=director, request=DrawRequest(Movement.ROTATION)
        )
        turno = turno_publish(turno=turno, user=director)
        for i, table in enumerate(turno.tables.order_by("number")):
            table_record_totals(
                table=table, user=director, ns_mp=1200 - 300 * i, eo_mp=900, version=0
            )
    return tournament


def test_the_standings_pdf_lists_every_player_by_rank(evening):
    text = pdf_words(render_export("classifica-giocatori", evening, language="en").content)
    assert "Standings after turno 2" in text
    for name in NAMES:
        assert name in text


def test_the_seating_by_name_says_table_line_and_partner(evening):
    turno = evening.turni.get(number=2)
    text = pdf_words(render_export("posti-giocatori", evening, turno=turno).content)
    place = individual_seating(turno=turno).places()[0]
    # Italian, as printed for the room: "Anna Rossi: tavolo 1, NS con Bruno Bianchi".
    if place.table:
        expected = f"{place.player.name}: tavolo {place.table}, {place.line.upper()} con "
        assert expected + place.partner.name in text
    resting = individual_seating(turno=turno).byes[0]
    assert f"{resting.name}: riposa" in text


def test_the_seating_by_table_names_the_four_players(evening):
    turno = evening.turni.get(number=1)
    text = pdf_words(render_export("posti-tavoli-giocatori", evening, turno=turno).content)
    for table in individual_seating(turno=turno).tables:
        for player in (*table.ns, *table.eo):
            assert player.name in text


def test_scorecards_and_table_cards_name_the_four_players(evening):
    turno = evening.turni.get(number=1)
    first = individual_seating(turno=turno).tables[0]
    for key in ("score", "cartelli-tavoli"):
        text = pdf_words(render_export(key, evening, turno=turno, language="en").content)
        for player in (*first.ns, *first.eo):
            assert player.name in text, key


def test_the_workbook_has_the_standings_and_a_sheet_per_turno(evening):
    content = render_export("workbook-giocatori", evening, language="en").content
    book = load_workbook(io.BytesIO(content))
    assert book.sheetnames[:3] == ["Standings", "Turno 1", "Turno 2"]
    names = {row[2] for row in book["Standings"].iter_rows(min_row=3, values_only=True)}
    assert set(NAMES) <= names
