"""The printouts and the workbook of an individual tournament, read back: the standings by
player, the seating by table and by name ("Anna Rossi: tavolo 1, NS con ..."), the scorecards and
table cards naming the four players, a workbook sheet per turno."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from openpyxl import load_workbook

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.formats.individual.seating import individual_seating
from burraco_tourney.tournaments.models import Movement
from burraco_tourney.tournaments.services.entrants import entrant_create
from burraco_tourney.tournaments.services.scores import table_record_totals
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.factories import make_director, make_tournament

from .conftest import _poppler, pdf_words, render_export

NAMES = ["Anna Rossi", "Bruno Bianchi", "Carla Verdi", "Dario Russo", "Elena Ferrari"]
NAMES += ["Fabio Esposito", "Giulia Romano", "Luca Colombo", "Marta Ricci"]


@pytest.fixture
def evening(db):
    director = make_director()
    tournament = make_tournament(kind="individual", tiebreaks=["scarto", "mp"])
    for name in NAMES:
        entrant_create(tournament=tournament, user=director, name=name)
    for _ in range(2):
        turno = turno_draw(
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


TWELVE = [*NAMES, "Nadia Greco", "Olga Gallo", "Piero Bruno"]


def _pages_of_words(content: bytes) -> list[list[tuple[str, float, float, float, float]]]:
    """Each page's words with their boxes (xmin, ymin, xmax, ymax), in points."""
    html = _poppler("pdftotext", content, "-bbox", to_stdout=True)
    word = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    return [
        [
            (unescape(text), float(x0), float(y0), float(x1), float(y1))
            for x0, y0, x1, y1, text in re.findall(word, page)
        ]
        for page in html.split("<page ")[1:]
    ]


@pytest.mark.parametrize("key", ["score", "cartelli-tavoli"])
def test_the_line_numbers_never_print_over_the_players_names(db, key):
    """The scorecards and the table cards print a line's number ("10-12") beside its names."""
    director = make_director()
    tournament = make_tournament(kind="individual", tiebreaks=["scarto", "mp"])
    for name in TWELVE:
        entrant_create(tournament=tournament, user=director, name=name)
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest(Movement.ROTATION))
    content = render_export(key, tournament, turno=turno).content
    text = pdf_words(content)
    tables = individual_seating(turno=turno).tables
    lines = [line for t in tables for line in (t.ns, t.eo)]
    labels = {f"{a.number}-{b.number}" for a, b in lines}
    # Two-digit numbers on both sides: the widest label a turno of twelve prints.
    assert any(len(label) == 5 for label in labels), labels
    name_words = {word for a, b in lines for word in f"{a.name} {b.name}".split()}
    for a, b in lines:
        for player in (a, b):
            # Each name whole, on its own line of the card: no number run into it.
            assert re.search(rf"(^|\s){re.escape(player.name)}(\s|$)", text), player.name
    for words in _pages_of_words(content):
        numbers = [w for w in words if w[0] in labels]
        names = [w for w in words if w[0] in name_words]
        assert numbers and names
        for label, x0, y0, x1, y1 in numbers:
            for name, nx0, ny0, nx1, ny1 in names:
                overlap = x0 < nx1 and nx0 < x1 and y0 < ny1 and ny0 < y1
                assert not overlap, f"{label} prints over {name}"
