"""The standings PDF, read back with pdftotext: every pair in rank order with its numbers, the
rules in use, and on long lists the table header and "page 1 of N" on every page."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.tables import StandingsTable
from tests.exports.conftest import (
    pdf_fonts,
    pdf_info,
    pdf_page_size,
    pdf_pages,
    pdf_text,
    render_export,
)
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


def row_pattern(row) -> re.Pattern:
    """A standings line: rank, pair number, first player ... VP, scarto, MP."""
    return re.compile(
        rf"^[ \t]*{row.rank}\s+{row.pair.number}\s+{re.escape(row.pair.player1)}\b"
        rf".*\s{row.vp}\s+{row.scarto}\s+{row.mp}\s.*$",
        re.MULTILINE,
    )


def test_demo_standings_list_every_pair_in_rank_order(demo_tournament):
    file = render_export("classifica", demo_tournament)
    text = pdf_text(file.content)
    rows = standings(tournament=demo_tournament)
    assert len(rows) == 17
    positions = []
    for row in rows:
        match = row_pattern(row).search(text)
        assert match, f"pair {row.pair.number} not found with rank {row.rank} and {row.vp} VP"
        positions.append(match.start())
    assert positions == sorted(positions)
    # The winners' own VP per turno are printed after the totals.
    first = rows[0]
    per_turno = r"\s+".join(str(first.earned_vp_by_turno[n]) for n in (1, 2, 3))
    assert re.search(rf"{first.mp}\s+.*{per_turno}\s*$", text, re.MULTILINE)
    assert file.filename == f"{demo_tournament.slug}-classifica-dopo-turno-3-finale.pdf"
    assert file.content_type == "application/pdf"


def test_header_names_the_tournament_and_the_rules_and_signature_lines(demo_tournament):
    text = pdf_text(render_export("classifica", demo_tournament, language="en").content)
    assert "Torneo d'autunno del Circolo Aurora" in text
    assert "Circolo Aurora, Genova" in text
    assert "Final standings" in text  # every planned turno is closed
    assert "Classic (FIBUR)" in text
    assert "3 smazzate per turno" in text
    assert "VP table: FIBUR, 3 smazzate" in text  # the preset's name, never its code
    assert "fibur-3" not in text
    assert "The referee" in text and "The tournament director" in text


def test_standings_after_an_earlier_turno(demo_tournament):
    file = render_export("classifica", demo_tournament, after_turno=1)
    text = pdf_text(file.content)
    for row in standings(tournament=demo_tournament, after_turno=1):
        assert row_pattern(row).search(text), row.pair.number
    assert file.filename == f"{demo_tournament.slug}-classifica-dopo-turno-1.pdf"


def test_penalties_are_printed_next_to_the_pair(demo_tournament):
    rows = standings(tournament=demo_tournament)
    penalised = [r for r in rows if r.penalty_vp or r.penalty_mp]
    assert penalised, "the demo has a penalty"
    text = pdf_text(render_export("classifica", demo_tournament, language="en").content)
    for row in penalised:
        line = row_pattern(row).search(text).group(0)
        assert f"{row.penalty_mp} MP" in line or f"{row.penalty_vp} VP" in line


def test_fonts_are_only_the_bundled_dejavu(demo_tournament):
    fonts = pdf_fonts(render_export("classifica", demo_tournament).content)
    assert fonts
    # Embedded subsets are named "ABCDEF+Family": only the families of static/fonts.
    assert {name.split("+", 1)[1].split("-")[0] for name in fonts} == {"Burraco"}


@pytest.fixture
def big_tournament(db):
    """120 pairs and two turni of 60 tables with totals: a standings list of several pages."""
    tournament = make_tournament(name="Festival nazionale")
    make_pairs(tournament, 120)
    for number in (1, 2):
        seats = [(i, i + 60) if number == 1 else (i, 121 - i) for i in range(1, 61)]
        totals = [(1000 + 15 * i, 900 - 5 * i) for i in range(60)]
        make_turno(tournament, number, seats, totals=totals)
    return tournament


def test_long_standings_repeat_the_header_and_number_the_pages(big_tournament):
    with translation.override("it"):
        header = str(StandingsTable.base_columns["players"].verbose_name).upper()
        label = translation.gettext("page %(page)s of %(pages)s")
        arbitro = translation.gettext("The referee")
    file = render_export("classifica", big_tournament)
    pages = pdf_pages(file.content)
    assert len(pages) >= 3
    assert int(pdf_info(file.content)["Pages"]) == len(pages)
    for number, page in enumerate(pages, start=1):
        assert header in page, f"no table header on page {number}"
        expected = label % {"page": number, "pages": len(pages)}
        assert expected in page, f"no '{expected}' on page {number}"
    text = "".join(pages)
    rows = standings(tournament=big_tournament)
    for row in rows:
        assert row_pattern(row).search(text), row.pair.number
    # The signatures close the list on the page of its last line, never on a page alone.
    assert arbitro in pages[-1]
    assert row_pattern(rows[-1]).search(pages[-1])


def test_many_turni_turn_the_page_to_landscape(db):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    for number in range(1, 8):
        make_turno(tournament, number, [(1, 2), (3, 4)], totals=[(900, 600), (700, 700)])
    width, height = pdf_page_size(render_export("classifica", tournament).content)
    assert width > height
    text = pdf_text(render_export("classifica", tournament, language="en").content)
    assert re.search(r"T1\s+T2\s+T3\s+T4\s+T5\s+T6\s+T7", text)
