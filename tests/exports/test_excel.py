"""The tournament workbook on the demo tournament, read back with openpyxl and checked cell by cell
against the standings selector and the stored scores."""

from __future__ import annotations

import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from burraco_tourney.exports import excel  # noqa: F401  (registers the exporter)
from burraco_tourney.exports.registry import EXPORTERS, exporters_for
from burraco_tourney.rules.vp import VP_PRESETS
from burraco_tourney.tournaments.models import Smazzata, Table, Tournament
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.table_fast_path import table_values
from burraco_tourney.tournaments.tables import StandingsTable

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture
def demo(demo_tournament) -> Tournament:
    """The demo evening, loaded once for the module (tests/exports/conftest.py)."""
    return demo_tournament


def render(tournament: Tournament, *, language: str = "it", after_turno: int | None = None):
    with translation.override(language):
        return EXPORTERS["workbook"]().render(tournament=tournament, after_turno=after_turno)


def open_workbook(tournament: Tournament, **kwargs):
    return load_workbook(io.BytesIO(render(tournament, **kwargs).content))


def table_of(ws) -> tuple[list[str], list[tuple]]:
    """The header row (row 2) and the data rows under it."""
    rows = list(ws.iter_rows(min_row=2, values_only=True))
    return list(rows[0]), rows[1:]


def as_dicts(ws) -> list[dict]:
    header, rows = table_of(ws)
    return [dict(zip(header, row, strict=True)) for row in rows]


def test_file_is_named_after_the_tournament_and_is_for_directors(demo):
    file = render(demo)
    assert file.filename == f"{demo.slug}.xlsx"
    assert file.content_type == XLSX
    exporter = EXPORTERS["workbook"]
    assert exporter.public is False
    assert exporter in exporters_for(scope="tournament", kind="pairs")


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("it", ["Classifica", "Turno 1", "Turno 2", "Turno 3", "Coppie", "Regole"]),
        ("en", ["Standings", "Turno 1", "Turno 2", "Turno 3", "Pairs", "Rules"]),
    ],
)
def test_sheet_names_follow_the_language(demo, language, names):
    assert open_workbook(demo, language=language).sheetnames == names


@pytest.mark.parametrize(
    ("language", "columns"),
    [
        ("it", ["Pos.", "Coppia", "Giocatori", "Circolo", "PV", "Scarto", "MP"]),
        ("en", ["Rank", "Pair", "Players", "Club", "VP", "Scarto", "MP"]),
    ],
)
def test_standings_columns_are_the_pages_columns_in_the_language(demo, language, columns):
    header, _ = table_of(open_workbook(demo, language=language).worksheets[0])
    assert header[: len(columns)] == columns
    # The VP of each turno close the row, as on the page.
    assert header[-3:] == ["T1", "T2", "T3"]


def test_standings_sheet_matches_the_selector_for_every_pair(demo):
    rows = as_dicts(open_workbook(demo)["Classifica"])
    expected = standings(tournament=demo)
    assert len(rows) == len(expected) == 17
    for row, standing in zip(rows, expected, strict=True):
        assert row["Coppia"] == standing.pair.number
        assert row["Pos."] == standing.rank
        assert row["PV"] == standing.vp
        assert row["Scarto"] == standing.scarto
        assert row["MP"] == standing.mp
        assert row["Giocatori"] == standing.pair.players
        for turno in (1, 2, 3):
            assert row[f"T{turno}"] == standing.earned_vp_by_turno[turno]
        for key in ("Pos.", "Coppia", "PV", "Scarto", "MP", "T1"):
            assert type(row[key]) is int, key


def test_standings_show_the_penalty_as_numbers(demo):
    # The demo's only penalty: pair 12, turno 2, -100 MP for lateness.
    header, rows = table_of(open_workbook(demo, language="en")["Standings"])
    by_pair = {row[header.index("Pair")]: row for row in rows}
    assert by_pair[12][header.index("Penalties: MP")] == -100
    assert by_pair[12][header.index("Penalties: VP")] == 0
    assert by_pair[1][header.index("Penalties: MP")] == 0


def test_every_sheet_freezes_the_title_and_header_rows(demo):
    workbook = open_workbook(demo)
    for ws in workbook.worksheets:
        assert ws.freeze_panes == "A3", ws.title
        assert ws["A2"].font.bold, ws.title
        assert "Torneo d'autunno del Circolo Aurora" in ws["A1"].value
        assert "Circolo Aurora, Genova" in ws["A1"].value
        assert "18 ottobre 2024" in ws["A1"].value  # Italian writes months in lower case


def test_auto_filter_covers_the_standings_header_and_rows(demo):
    workbook = open_workbook(demo)
    # 12 columns (8 with the two penalty numbers, 3 turni), 17 pairs under the header on row 2.
    assert workbook["Classifica"].auto_filter.ref == "A2:L19"
    assert workbook["Turno 1"].auto_filter.ref is None


def test_columns_are_wide_enough_for_the_names(demo):
    ws = open_workbook(demo)["Classifica"]
    header, rows = table_of(ws)
    players = header.index("Giocatori")
    longest = max(len(row[players]) for row in rows)
    width = ws.column_dimensions["ABCDEFGHIJKL"[players]].width
    assert longest <= width <= longest + 4
    assert ws.column_dimensions["A"].width < 10


def test_turno_sheet_has_the_stored_smazzata_totals_and_results(demo):
    rows = as_dicts(open_workbook(demo, language="en")["Turno 1"])
    tables = Table.objects.filter(turno__tournament=demo, turno__number=1).order_by("number")
    by_table = {row["Table"]: row for row in rows if row["Table"] is not None}
    assert sorted(by_table) == [t.number for t in tables]
    for table in tables:
        row = by_table[table.number]
        assert (row["NS pair"], row["EO pair"]) == (table.ns.number, table.eo.number)
        assert (row["NS players"], row["EO players"]) == (table.ns.players, table.eo.players)
        smazzate = list(Smazzata.objects.filter(table=table).order_by("number"))
        assert len(smazzate) == 3
        for s in smazzate:
            assert row[f"Sm. {s.number} NS"] == s.ns_total
            assert row[f"Sm. {s.number} EO"] == s.eo_total
        assert row["NS MP"] == table.ns_mp == sum(s.ns_total for s in smazzate)
        assert row["EO MP"] == table.eo_mp == sum(s.eo_total for s in smazzate)
        assert (row["NS VP"], row["EO VP"]) == (table.match.ns_vp, table.match.eo_vp)
        assert type(row["NS MP"]) is int and type(row["Sm. 1 EO"]) is int
        assert row["Note"] is None


def test_turno_sheet_lists_the_riposo_with_its_vp(demo):
    rows = as_dicts(open_workbook(demo, language="en")["Turno 1"])
    rest = rows[-1]
    assert rest["Table"] is None
    assert rest["NS pair"] == 9
    assert rest["NS players"] == "Ghio Teresa – Sanguineti Elena"
    assert rest["NS VP"] == 14
    assert rest["Note"] == "Riposo"


def test_totals_only_table_has_no_smazzate_but_its_totals(demo):
    rows = as_dicts(open_workbook(demo, language="en")["Turno 2"])
    row = next(r for r in rows if r["Table"] == 5)
    assert [row[f"Sm. {n} {line}"] for n in (1, 2, 3) for line in ("NS", "EO")] == [None] * 6
    assert (row["NS MP"], row["EO MP"]) == (1470, 1120)
    assert row["Note"] == "Turno totals only"


def test_turno_sheet_speaks_italian(demo):
    header, rows = table_of(open_workbook(demo)["Turno 2"])
    assert header[:2] == ["Tavolo", "Coppia NS"]
    assert header[-5:-1] == ["MP NS", "MP EO", "PV NS", "PV EO"]
    notes = {row[0]: row[-1] for row in rows}
    assert notes[5] == "Solo totali del turno"
    assert notes[None] == "Riposo"


def test_pairs_sheet_lists_every_pair(demo):
    rows = as_dicts(open_workbook(demo)["Coppie"])
    assert [r["N."] for r in rows] == list(range(1, 18))
    assert rows[0]["Primo giocatore"] == "Rossi Maria Grazia"
    assert rows[0]["Circolo"] == "Circolo Aurora"
    assert all(r["Ritirata"] is None for r in rows)


def test_rules_sheet_shows_the_rules_and_the_vp_table(demo):
    ws = open_workbook(demo)["Regole"]
    _, rows = table_of(ws)
    rules = {row[0]: row[1] for row in rows if row[0] is not None}
    assert rules["Regolamento"] == "Classico (FIBUR)"
    assert rules["Smazzate per turno"] == 3
    assert rules["Burraco pulito"] == 200
    assert rules["Burraco semipulito"] == 150
    assert rules["Bonus chiusura"] == 100
    assert rules["Tabella PV"] == "FIBUR, 3 smazzate"  # the preset's name, never "fibur-3"
    assert (rules["Riposo: PV"], rules["Riposo: MP (scarto)"]) == (14, 355)
    assert rules["Primo criterio di spareggio"] == "Scarto (differenza MP totale)"
    bands = [row[3:6] for row in rows if row[4] is not None]
    expected = VP_PRESETS["fibur-3"].bands
    assert [b[1:] for b in bands] == [(b.winner, b.loser) for b in expected]
    assert [b[0] for b in bands[:-1]] == [b.max for b in expected[:-1]]
    assert isinstance(bands[-1][0], str)  # the open band: "more"


def test_after_turno_stops_the_standings_and_the_turni_there(demo):
    workbook = open_workbook(demo, after_turno=2)
    assert workbook.sheetnames == ["Classifica", "Turno 1", "Turno 2", "Coppie", "Regole"]
    rows = as_dicts(workbook["Classifica"])
    expected = standings(tournament=demo, after_turno=2)
    assert [(r["Coppia"], r["Pos."], r["PV"], r["Scarto"], r["MP"]) for r in rows] == [
        (s.pair.number, s.rank, s.vp, s.scarto, s.mp) for s in expected
    ]
    assert "T3" not in rows[0]


@pytest.mark.parametrize("after_turno", [None, 1])
def test_standings_cells_are_what_the_tables_as_values_exports(demo, after_turno):
    # The sheet reads the page's table column by column; it must agree with django-tables2's own
    # export of that table, except that an empty cell stays empty instead of "".
    turni = [1, 2, 3] if after_turno is None else [1]
    rows = standings(tournament=demo, after_turno=after_turno)
    expected = list(StandingsTable(rows, turni=turni).as_values())
    header, values = table_values(StandingsTable(rows, turni=turni))
    assert [header, *values] == [[None if v == "" else v for v in row] for row in expected]
    sheet = open_workbook(demo, after_turno=after_turno)["Classifica"]
    assert [list(r) for r in sheet.iter_rows(min_row=2, values_only=True)] == [header, *values]
