"""The seating printouts of a turno, read back with pdftotext: by table, by player in
alphabetical order ("where do I sit"), and the table cards."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from burraco_tourney.tournaments.selectors.seating import turno_seating
from tests.exports.conftest import pdf_page_size, pdf_pages, pdf_text, pdf_words, render_export
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


def name(text: str) -> str:
    return r"\s+".join(re.escape(word) for word in text.split())


def render_turno(key, tournament, number, language="it"):
    turno = tournament.turni.get(number=number)
    return render_export(key, tournament, turno=turno, language=language)


def test_alphabetical_list_seats_every_player_at_the_right_table(demo_tournament):
    turno = demo_tournament.turni.get(number=2)
    seats = turno_seating(turno=turno).players
    assert len(seats) == 34
    file = render_turno("posti-alfabetico", demo_tournament, 2, language="en")
    text = pdf_text(file.content)
    positions = []
    for seat in seats:
        if seat.table is None:
            pattern = rf"^\s*{name(seat.player)}\s+—\s+riposo\s+{seat.pair.number}\s*$"
        else:
            line = seat.line.upper()
            pattern = rf"^\s*{name(seat.player)}\s+{seat.table}\s+{line}\s+{seat.pair.number}\s*$"
        match = re.search(pattern, text, re.MULTILINE)
        assert match, seat
        positions.append(match.start())
    assert positions == sorted(positions), "not in alphabetical order"
    assert file.filename == f"{demo_tournament.slug}-posti-alfabetico-turno-2.pdf"


def test_seating_by_table_lists_both_pairs_and_the_riposo(demo_tournament):
    file = render_turno("posti-per-tavolo", demo_tournament, 1, language="en")
    text = pdf_text(file.content)
    seating = turno_seating(turno=demo_tournament.turni.get(number=1))
    for table in seating.tables:
        pattern = (
            rf"^\s*{table.number}\s+{table.ns.number}\s+{name(table.ns.player1)}.*"
            rf"\s{table.eo.number}\s+{name(table.eo.player1)}"
        )
        assert re.search(pattern, text, re.MULTILINE), table.number
    words = pdf_words(file.content)
    (rests,) = seating.byes
    assert f"Riposo {rests.number} {rests.player1} – {rests.player2}" in words
    assert "Turno 1: seating by table" in words
    assert file.filename == f"{demo_tournament.slug}-posti-per-tavolo-turno-1.pdf"


def test_long_seating_lists_repeat_their_header_with_page_numbers(db):
    tournament = make_tournament()
    make_pairs(tournament, 120)
    make_turno(tournament, 1, [(i, i + 60) for i in range(1, 61)])
    file = render_turno("posti-alfabetico", tournament, 1, language="en")
    pages = pdf_pages(file.content)
    assert len(pages) > 2
    for number, page in enumerate(pages, start=1):
        assert re.search(r"PLAYER\s+TABLE\s+LINE\s+PAIR", page), number
        assert f"page {number} of {len(pages)}" in page
    # 240 players, each once.
    assert sum(len(re.findall(r"\s(NS|EO)\s+\d+\s*$", p, re.MULTILINE)) for p in pages) == 240


def test_table_cards_one_landscape_page_per_table(demo_tournament):
    file = render_turno("cartelli-tavoli", demo_tournament, 3)
    seating = turno_seating(turno=demo_tournament.turni.get(number=3))
    pages = pdf_pages(file.content)
    assert len(pages) == len(seating.tables) == 8
    width, height = pdf_page_size(file.content)
    assert width > height
    words = pdf_words(file.content)
    with translation.override("it"):
        label = translation.gettext("Table").upper()
    for page, table in zip(pages, seating.tables, strict=True):
        # The huge table number follows the word "table", then the NS pair's number.
        assert f"{label} {table.number} NS {table.ns.number} " in words
        assert re.search(rf"EO\s+{table.eo.number}\b", page)
        for pair in (table.ns, table.eo):
            assert re.search(name(pair.player1), page) and re.search(name(pair.player2), page)
    assert file.filename == f"{demo_tournament.slug}-cartelli-tavoli-turno-3.pdf"


def test_a_draft_turno_is_marked_as_such(db):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)])
    turno.published = False
    turno.save()
    for key in ("posti-per-tavolo", "posti-alfabetico", "cartelli-tavoli", "score"):
        words = pdf_words(render_turno(key, tournament, 1, language="en").content)
        assert "DRAFT" in words, key
