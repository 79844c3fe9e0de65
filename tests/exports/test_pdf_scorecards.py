"""The scorecards PDF of a turno, read back with pdftotext: one card per table, two to an A4
sheet, with the pairs, the ruleset's columns and the VP table in use; each card's own numbers and
names printed inside their boxes. A knock-out's match cards: test_pdf_ko_scorecards.py."""

from __future__ import annotations

import math
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.utils import translation

from burraco_tourney.exports import printouts
from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.tournaments.models import Tournament
from tests.exports.conftest import pdf_page_size, pdf_pages, pdf_text, pdf_words, render_export
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db

FIBUR_3_BOUNDS = ["50", "150", "250", "350", "500", "650", "800", "1000", "1250", "1500"]
FIBUR_3_VP = [
    "10–10",
    "11–9",
    "12–8",
    "13–7",
    "14–6",
    "15–5",
    "16–4",
    "17–3",
    "18–2",
    "19–1",
    "20–0",
]


def name(text: str) -> str:
    """A regex for a name however pdftotext spaces its words."""
    return r"\s+".join(re.escape(word) for word in text.split())


def scorecards(tournament: Tournament, number: int, language: str = "it"):
    turno = tournament.turni.get(number=number)
    return render_export("score", tournament, turno=turno, language=language)


def test_demo_scorecards_one_per_table_two_per_sheet(demo_tournament):
    turno = demo_tournament.turni.get(number=2)
    tables = list(turno.tables.select_related("ns", "eo").order_by("number"))
    file = scorecards(demo_tournament, 2)
    pages = pdf_pages(file.content)
    assert len(pages) == math.ceil(len(tables) / 2) == 4
    assert pdf_page_size(file.content) == pytest.approx((595.3, 841.9), abs=0.1)  # A4 portrait
    # Each card: both pair numbers in front of their names, in the order of the tables.
    for page, two_tables in zip(pages, (tables[i : i + 2] for i in range(0, 8, 2)), strict=True):
        for table in two_tables:
            for pair in (table.ns, table.eo):
                assert re.search(rf"\b{pair.number}\s+{name(pair.player1)}", page), pair
                assert re.search(name(pair.player2), page), pair
    # The big table number under the "TAVOLO" label of each card.
    with translation.override("it"):
        label = translation.gettext("Table").upper()
    text = pdf_text(file.content)
    table_numbers = [int(n) for n in re.findall(rf"{label}[^\n]*\n\s*(\d+)\s", text)]
    assert table_numbers == [t.number for t in tables]
    assert file.filename == f"{demo_tournament.slug}-score-turno-2.pdf"


def test_every_card_prints_the_vp_table_in_use(demo_tournament):
    text = pdf_text(scorecards(demo_tournament, 1).content)
    bounds = re.compile(r"\s+".join(FIBUR_3_BOUNDS))
    vps = re.compile(r"\s+".join(FIBUR_3_VP))
    tables = demo_tournament.turni.get(number=1).tables.count()
    assert len(bounds.findall(text)) == tables
    assert len(vps.findall(text)) == tables
    # The table is named as the director chose it, not by its internal code.
    assert text.count("Tabella PV: FIBUR, 3 smazzate") == tables
    assert "fibur-3" not in text


def test_cards_carry_the_tournament_turno_and_the_rows_to_fill(demo_tournament):
    file = scorecards(demo_tournament, 3, language="en")
    text = pdf_text(file.content)
    words = pdf_words(file.content)
    assert words.count("Torneo d'autunno del Circolo Aurora") == 8
    assert words.count("Turno 3") == 8
    # The classic ruleset's burraco kinds, then chiusura, pozzetto, card points and total.
    header = "Pulito Semipulito Sporco Chiusura Pozzetto Card points Total"
    assert words.count(f"{header} {header}") == 8
    # Three smazzate: rows 1, 2 and 3 on every card, then the totals and the VP boxes.
    assert len(re.findall(r"^\s*1\s*\n+\s*2\s*\n+\s*3\s*$", text, re.MULTILINE)) == 8
    assert words.count("Total MP NS MP EO") == 8
    assert words.count("MP difference VP NS VP EO") == 8
    assert words.count("Signature NS Signature EO") == 8
    # Nothing of a knock-out match: no last move, no match rules, no running total.
    assert "Last move" not in words
    assert "On a tie" not in words and "Running total" not in words


def test_the_columns_follow_the_ruleset_and_the_smazzate(db):
    tournament = make_tournament(ruleset="reale", smazzate_per_turno=4, vp_table="fibur-4")
    make_pairs(tournament, 6)
    make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)])
    file = scorecards(tournament, 1, language="en")
    text = pdf_text(file.content)
    words = pdf_words(file.content)
    assert len(pdf_pages(file.content)) == 2
    assert "Pulito Sporco Nobile Reale Chiusura Pozzetto" in words
    assert "Semipulito" not in words
    assert len(re.findall(r"^\s*1\s*\n+\s*2\s*\n+\s*3\s*\n+\s*4\s*$", text, re.MULTILINE)) == 3
    assert re.search(r"100\s+300\s+500\s+700\s+900\s+1100\s+1300\s+1500\s+1700\s+2000", text)


def test_long_names_stay_on_their_card(db):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    tournament.entrants.filter(number=1).update(
        player1="Maria Alessandra Bianchi-Castelnuovo",
        player2="Giovanni Battista Ferraris di Montebello",
    )
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    pages = pdf_pages(scorecards(tournament, 1).content)
    assert len(pages) == 1
    assert "Ferraris di Montebello" in pages[0]


@dataclass(frozen=True)
class Word:
    text: str
    left: float
    top: float
    right: float
    bottom: float

    @property
    def middle(self) -> float:
        return (self.left + self.right) / 2


def pdf_page_words(content: bytes) -> list[list[Word]]:
    """Every word of every page with its box, in points from the page's top left corner."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "file.pdf"
        path.write_bytes(content)
        html = subprocess.run(
            ["pdftotext", "-bbox", str(path), "-"], check=True, capture_output=True, text=True
        ).stdout
    word = re.compile(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    )
    return [
        [Word(m[4], *(float(x) for x in m[:4])) for m in word.findall(page)]
        for page in html.split("<page ")[1:]
    ]


def first(words: list[Word], text: str, below: float = 0, over: Word | None = None) -> Word:
    """The highest word ``text`` that starts below ``below`` (and stands over ``over``)."""
    return min(
        (
            w
            for w in words
            if w.text == text
            and w.top >= below
            and (over is None or (w.left < over.right and w.right > over.left))
        ),
        key=lambda w: w.top,
    )


def test_each_cards_numbers_and_names_sit_in_their_boxes(db):
    """The table number under its label, each pair's number between its line and its names,
    the names above the grid: on both cards of a sheet."""
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    # A three-digit pair number still fits in front of the names.
    tournament.entrants.filter(number=2).update(number=102)
    file = scorecards(tournament, 1, language="en")
    (page,) = pdf_page_words(file.content)
    turno = tournament.turni.get(number=1)
    for card, table in enumerate(turno.tables.select_related("ns", "eo").order_by("number")):
        top = card * 841.9 / 2
        label = first(page, "TABLE", top)
        number = first(page, str(table.number), label.top + 1, over=label)
        assert label.bottom - 5 < number.top < label.bottom + 5  # under the label, in its box
        assert abs(number.middle - label.middle) < 3  # centred like the label
        assert number.bottom - number.top > 20  # and big
        grid = first(page, "Smazzata", top)
        for line, pair in (("NS", table.ns), ("EO", table.eo)):
            line_label = first(page, line, label.bottom)
            pair_number = first(page, str(pair.number), line_label.top - 10)
            surname = first(page, pair.player1.split()[0], line_label.top - 10)
            assert abs(pair_number.middle - (line_label.right + surname.left) / 2) < 20
            assert line_label.right < pair_number.left < pair_number.right < surname.left
            assert pair_number.bottom - pair_number.top > 15
            assert abs(surname.top - line_label.top) < 8  # on the line of their label
            assert surname.bottom < grid.top  # never over the grid


@pytest.mark.parametrize("length", [30, 40, 50, 110])
def test_long_names_shrink_to_stay_in_their_box(db, length):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    long_name = ("Bianchi-Castelnuovo " * 8)[: length - 5].strip() + " Anna"
    tournament.entrants.filter(number=1).update(player1=long_name, player2=long_name)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    file = scorecards(tournament, 1, language="en")
    (page,) = pdf_page_words(file.content)
    eo = first(page, "EO")
    # The grid's heading, "NS" and "EO" over the two halves, just under the pairs' boxes.
    grid = first(page, "NS", eo.bottom)
    names = [w for w in page if w.text.startswith("Bianchi") and w.top < grid.top]
    assert names, "the names are printed"
    # Left of the EO pair's box and above the grid, whatever their length.
    assert max(w.right for w in names) < eo.left
    assert max(w.bottom for w in names) < grid.top
    if length <= 44:
        assert words_of(file.content).count("Anna") >= 2  # all of both names


def words_of(content: bytes) -> list[str]:
    return pdf_words(content).split()


def test_a_card_is_never_printed_without_its_grid(db, monkeypatch):
    """If the shared frame (grid, labels, VP table) were not drawn, the download fails."""
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    real = printouts.html_to_pdf
    monkeypatch.setattr(printouts, "html_to_pdf", lambda html, **kw: real(html, frames=()))
    with pytest.raises(RuntimeError, match="frame was drawn 0 times, not 2"):
        scorecards(tournament, 1)


@pytest.mark.parametrize("ruleset", ["classic", "reale"])
@pytest.mark.parametrize("ko_mode", ["smazzate", "punti"])
def test_column_labels_are_whole_words_that_fit_their_boxes(db, ruleset, ko_mode):
    """Never "Smazza-ta" or "Semipu-lito": each column label whole and narrower than its box,
    even on a knock-out card, whose "last move" column leaves the narrowest boxes, and on a
    match to a target score, whose lines have one box more, the running total."""
    tournament = make_tournament(
        ruleset=ruleset, kind="ko", ko_mode=ko_mode, ko_smazzate=4, ko_target=2005
    )
    make_pairs(tournament, 2)
    make_turno(tournament, 1, [(1, 2)])
    (page,) = pdf_page_words(scorecards(tournament, 1).content)
    assert not [w.text for w in page if w.text.endswith("\u2010")]
    kinds = [kind.capitalize() for kind in get_ruleset(ruleset).burraco_kinds]
    labels = [*kinds, "Chiusura", "Pozzetto", "Punti"]
    if ko_mode == "punti":
        with translation.override("it"):
            labels += translation.gettext("Running total").split()
    heads = [first(page, label) for label in labels]
    box = heads[1].middle - heads[0].middle  # every box of a line has the same width
    assert all(head.right - head.left < box - 1 for head in heads)
    smazzata = first(page, "Smazzata")
    assert smazzata.right - smazzata.left < 13 * 72 / 25.4 - 1  # its column is 13 mm wide
