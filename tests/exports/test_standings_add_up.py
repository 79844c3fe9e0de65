"""The classifica's VP columns add up, on the page, in the PDF and in the workbook alike.

Each turno's column is the VP the pair earned at its table (or for its riposo), as the turno's
page shows them, before penalties; the penalties have their own column; so T1 + T2 + ... plus the
penalty VP is the pair's total. A turno whose table has no result yet shows a dash (an empty cell
in the workbook), never 0, while a riposo shows its VP.
"""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from burraco_tourney.exports.excel import WorkbookExporter
from burraco_tourney.tournaments.models import EntryMode, Table
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from tests.exports.conftest import pdf_text, render_export
from tests.factories import add_penalty, make_pairs, make_tournament, make_turno
from tests.tournaments.test_standings_page import _cells, _table

pytestmark = pytest.mark.django_db

DASH = "—"


@pytest.fixture
def tournament():
    """Seven pairs (one rests each turno), two turni played and a third being entered: only its
    table 1 (pairs 1 and 3) has a result. Penalties: pair 1 -1 VP in turno 1, pair 4 -2 VP in
    turno 2, pair 2 -1 VP in turno 3 before its table has a result."""
    tournament = make_tournament(name="Torneo di Primavera")
    make_pairs(tournament, 7)
    one = make_turno(
        tournament,
        1,
        [(1, 2), (3, 4), (5, 6)],
        byes=[7],
        totals=[(1250, 830), (900, 900), (700, 760)],
    )
    two = make_turno(
        tournament,
        2,
        [(7, 1), (2, 3), (4, 5)],
        byes=[6],
        totals=[(600, 640), (1500, 300), (800, 700)],
    )
    three = make_turno(tournament, 3, [(1, 3), (2, 5), (6, 7)], byes=[4])
    Table.objects.filter(turno=three, number=1).update(
        entry_mode=EntryMode.TOTALS, ns_mp=980, eo_mp=720
    )
    add_penalty(one, 1, vp=-1, mp=-100)
    add_penalty(two, 4, vp=-2)
    add_penalty(three, 2, vp=-1)
    tournament_recompute_results(tournament=tournament)
    return tournament


def _table_vp(tournament, turno: int, pair: int) -> int:
    """The VP of a pair's table in a turno, as the turno's page and workbook sheet show them."""
    table = Table.objects.get(turno__tournament=tournament, turno__number=turno, ns__number=pair)
    return table.match.ns_vp


def _penalty_vp(text: str) -> int:
    """The VP of a penalty cell: "-1 PV, -100 MP" gives -1, "—" or "-50 MP" give 0."""
    match = re.search(r"(-?\d+) (?:PV|VP)", text)
    return int(match.group(1)) if match else 0


def _adds_up(total: int, penalty: int, turni: list[int | None]) -> bool:
    return sum(vp for vp in turni if vp is not None) + penalty == total


def _number(text: str) -> int | None:
    return None if text == DASH else int(text)


def test_the_page_columns_add_up_and_show_the_vp_of_the_table(client, tournament):
    url = reverse("tournaments:standings", args=[tournament.slug])
    html = client.get(url + "?dopo=3").content.decode()
    rows = {row[1]: row for row in _cells(_table(html))}
    assert len(rows) == 7
    for pair, row in rows.items():
        total, penalty, turni = int(row[4]), _penalty_vp(row[7]), [_number(c) for c in row[8:]]
        assert _adds_up(total, penalty, turni), f"pair {pair}: {row}"
    # Pair 1 lost a VP to a penalty in turno 1: T1 is still the VP of its table.
    assert rows["1"][8] == str(_table_vp(tournament, 1, 1))
    assert rows["1"][7] == "-1 PV, -100 MP"
    # Turno 3 is being entered: pair 2's table has no result (a dash, its penalty still
    # counts in the total), pair 4 rests (its riposo VP), pair 1's table is in.
    assert rows["2"][10] == DASH and rows["2"][7] == "-1 PV"
    assert rows["4"][10] == "14"  # the riposo of fibur-3
    assert rows["1"][10] == str(_table_vp(tournament, 3, 1))
    # By default the page shows the standings after turno 2, the last complete one, with a
    # link to print them; the provisional standings have none.
    page = client.get(url).content.decode()
    printout = reverse("exports:download", args=[tournament.slug, "classifica"])
    assert f'href="{printout}?dopo=2"' in page and printout not in html
    default = {row[1]: row for row in _cells(_table(page))}
    assert len(default["2"]) == 10  # no turno 3 column
    assert default["4"][7] == "-2 PV"
    assert default["4"][9] == str(_table_vp(tournament, 2, 4))
    assert int(default["4"][4]) == int(default["4"][8]) + int(default["4"][9]) - 2


def test_the_pdf_columns_add_up(tournament):
    text = pdf_text(render_export("classifica", tournament, after_turno=3).content)
    rows = standings(tournament=tournament, after_turno=3)
    for row in rows:
        line = re.search(
            rf"^[ \t]*{row.rank}\s+{row.pair.number}\s+{re.escape(row.pair.player1)}\b"
            rf".*\s{row.vp}\s+{row.scarto}\s+{row.mp}\s+(?P<tail>.*)$",
            text,
            re.MULTILINE,
        )
        assert line, f"pair {row.pair.number} not found"
        tail = line.group("tail").split()
        turni = [_number(cell) for cell in tail[-3:]]
        assert _adds_up(row.vp, _penalty_vp(line.group("tail")), turni), line.group(0)
        assert turni == [row.earned_vp_by_turno.get(n) for n in (1, 2, 3)]
    first = next(r for r in rows if r.pair.number == 1)
    assert first.earned_vp_by_turno[1] == _table_vp(tournament, 1, 1)


def test_the_workbook_columns_add_up(tournament):
    with translation.override("en"):
        # After turno 3, still being played (by default the workbook stops at turno 2).
        content = WorkbookExporter().render(tournament=tournament, after_turno=3).content
    sheet = load_workbook(io.BytesIO(content))["Standings"]
    values = list(sheet.iter_rows(min_row=2, values_only=True))
    rows = {row["Pair"]: row for row in (dict(zip(values[0], v, strict=True)) for v in values[1:])}
    assert len(rows) == 7
    for pair, row in rows.items():
        turni = [row["T1"], row["T2"], row["T3"]]
        assert _adds_up(row["VP"], row["Penalties: VP"], turni), f"pair {pair}: {row}"
    assert rows[1]["T1"] == _table_vp(tournament, 1, 1)
    assert rows[2]["T3"] is None  # no result yet: an empty cell, not 0
    assert rows[4]["T3"] == 14  # the riposo
    assert all(type(rows[p][t]) is int for p in (1, 4) for t in ("T1", "T2", "T3"))
