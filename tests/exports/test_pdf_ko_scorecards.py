"""The scorecards of a KO round, read back with pdftotext: each card names its match (the round,
or the third-place match), says how long the match lasts and who loses a tie, has a box for the
last move on every row and, in a match to a target score, a running total for each line."""

from __future__ import annotations

import pytest

from burraco_tourney.tournaments.selectors import ko as ko_selectors
from burraco_tourney.tournaments.selectors.ko import round_name
from tests.exports.conftest import pdf_page_size, pdf_pages, pdf_text, pdf_words, render_export
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import ko_tournament, start, win

pytestmark = pytest.mark.django_db

LAST_MOVE_RULE = "On a tie, the line that made the last move loses."
A4_SIDEWAYS = (841.9, 595.3)


@pytest.fixture
def director(db):
    return make_director()


def round_cards(tournament, number: int, language: str = "en"):
    turno = tournament.turni.get(number=number)
    return render_export("score", tournament, turno=turno, language=language)


def test_a_ko_card_has_a_last_move_box_on_every_row(db):
    tournament = make_tournament(kind="ko", ko_mode="smazzate", ko_smazzate=4)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    words = pdf_words(round_cards(tournament, 1).content)
    assert words.count("Last move") == 2
    # Each of the 4 smazzata rows offers NS and EO to tick, on each of the 2 cards.
    assert words.count("1 2 3 4 NS EO NS EO NS EO NS EO Total") == 2
    # How long the match lasts and who loses a tie, on every card; no running total.
    rules = f"Match of 4 smazzate: the line with more points wins. {LAST_MOVE_RULE}"
    assert words.count(rules) == 2
    assert "Running total" not in words
    # A knock-out match has a winner, not VP: no VP table, no VP boxes.
    assert words.count("MP difference Winning pair") == 2
    assert "VP" not in words.split()
    assert "fibur-3" not in words


def test_each_card_is_named_by_its_round_not_its_turno(director):
    tournament = ko_tournament(director, pairs=16)
    start(tournament, director)
    file = round_cards(tournament, 1)
    words = pdf_words(file.content)
    tables = tournament.turni.get(number=1).tables.select_related("ns").order_by("number")
    for table in tables:
        # The card's own text: its table number, its match's name, the NS pair's number.
        assert f"{table.number} Round of 16 {table.ns.number} {table.ns.player1}" in words
    # The turno goes with the date only (for the director who enters the scores): once a card.
    assert words.count("Circolo Aurora · Turno 1") == words.count("Turno 1") == 8


def test_rounds_with_a_name_of_their_own_are_translated_whole(monkeypatch):
    """In Italian a round of 16 pairs is "ottavi di finale", never "turno a 16 coppie"."""
    italian = {
        "Final": "Finale",
        "Semifinals": "Semifinali",
        "Quarter-finals": "Quarti di finale",
        "Round of 16": "Ottavi di finale",
        "Round of 32": "Sedicesimi di finale",
        "Round of 64": "Trentaduesimi di finale",
        "Round of %(pairs)s": "Turno a %(pairs)s coppie",
    }
    monkeypatch.setattr(ko_selectors, "_", lambda text: italian[text])
    assert [round_name(slots) for slots in (1, 2, 4, 8, 16, 32, 64)] == [
        "Finale",
        "Semifinali",
        "Quarti di finale",
        "Ottavi di finale",
        "Sedicesimi di finale",
        "Trentaduesimi di finale",
        "Turno a 128 coppie",
    ]


def test_the_final_and_the_third_place_match_are_named_by_their_table(director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director, third_place=True)
    win(tournament, director, 1, 1, "ns")  # 1 beats 4
    win(tournament, director, 1, 2, "eo")  # 2 beats 3
    final = tournament.turni.get(number=2).tables.select_related("ns").get(ns__number=1)
    third = tournament.turni.get(number=2).tables.select_related("ns").exclude(pk=final.pk).get()
    words = pdf_words(round_cards(tournament, 2, language="it").content)
    assert f"{final.number} Finale {final.ns.number} {final.ns.player1}" in words
    assert f"{third.number} Finale per il terzo posto {third.ns.number}" in words
    assert words.count("Finale") == 2


def test_a_match_to_a_target_score_prints_it_with_the_rows_and_running_totals(director):
    tournament = ko_tournament(director, pairs=4, ko_mode="punti", ko_target=2005)
    start(tournament, director)
    file = round_cards(tournament, 1)
    words = pdf_words(file.content)
    # One card to a sheet turned sideways: the rows and the running totals need the room.
    assert len(pdf_pages(file.content)) == 2
    assert pdf_page_size(file.content) == pytest.approx(A4_SIDEWAYS, abs=0.1)
    assert words.count("Semifinals") == 2
    target = "Match to 2005 points: it ends with the smazzata in which a line reaches them."
    assert words.count(f"{target} {LAST_MOVE_RULE}") == 2
    # The tie rule on one line of the card, never split.
    lines = [" ".join(line.split()) for line in pdf_text(file.content).splitlines()]
    assert sum(LAST_MOVE_RULE in line for line in lines) == 2
    # Each line: its columns, then the running total; 12 smazzata rows with their last move.
    line = "Pulito Semipulito Sporco Chiusura Pozzetto Card points Total Running total"
    assert words.count(f"{line} {line}") == 2
    rows = " ".join(str(n) for n in range(1, 13)) + " NS EO" * 12 + " Total"
    assert words.count(rows) == 2
    assert "smazzate:" not in words  # no fixed number of smazzate


def test_without_a_bracket_a_card_is_named_by_its_turno(db):
    """Round 1 of an archive drawn by other rules (three tables, no byes) is no bracket's."""
    tournament = make_tournament(kind="ko", ko_mode="punti", ko_target=2000)
    make_pairs(tournament, 6)
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)])
    file = round_cards(tournament, 1)
    assert len(pdf_pages(file.content)) == 3
    assert pdf_words(file.content).count("Turno 1") == 6  # the title and with the date
