"""The workbook in the cases the demo does not have: forfeits, withdrawn pairs, drafts, other
rules, a tournament not started yet, and sheet names Excel would refuse."""

from __future__ import annotations

import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from burraco_tourney.exports.excel import WorkbookExporter
from burraco_tourney.exports.xlsx_writer import sheet_name as _sheet_name
from burraco_tourney.tournaments.models import EntryMode, Table, Turno
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.table_fast_path import table_values
from burraco_tourney.tournaments.tables import StandingsTable
from tests.factories import add_penalty, make_pairs, make_tournament, make_turno


def open_workbook(tournament, language: str = "it"):
    with translation.override(language):
        file = WorkbookExporter().render(tournament=tournament)
    return load_workbook(io.BytesIO(file.content))


def as_dicts(ws) -> list[dict]:
    rows = list(ws.iter_rows(min_row=2, values_only=True))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def rules_of(workbook) -> dict:
    return {r["Rule"]: r["Value"] for r in as_dicts(workbook["Rules"]) if r["Rule"]}


@pytest.mark.django_db
def test_forfeit_shows_who_won_and_the_forfeit_values():
    tournament = make_tournament(forfeit_vp=14, forfeit_mp=300)
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 700), (600, 600)])
    Table.objects.filter(turno=turno, number=2).update(
        entry_mode=EntryMode.FORFEIT, forfeit_winner="eo", ns_mp=None, eo_mp=None
    )
    tournament_recompute_results(tournament=tournament)
    row = next(r for r in as_dicts(open_workbook(tournament, "en")["Turno 1"]) if r["Table"] == 2)
    # The table's MP stay 0 – 0: the note says the scarto the forfeit gives each line.
    assert row["Note"] == "Forfeit: won by East-West (scarto NS -300, EO +300)"
    assert (row["NS VP"], row["EO VP"]) == (6, 14)
    stored = Table.objects.get(turno=turno, number=2)
    assert (row["NS MP"], row["EO MP"]) == (stored.ns_mp, stored.eo_mp)
    assert isinstance(row["EO MP"], int)
    # The note in Italian: the last cell of the table's row.
    italian = open_workbook(tournament)["Turno 1"]
    assert [r[-1] for r in italian.iter_rows(min_row=4, max_row=4, values_only=True)] == [
        "A tavolino: vittoria di Est-Ovest (scarto NS -300, EO +300)"
    ]


@pytest.mark.django_db
def test_table_without_result_is_marked_and_left_blank():
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    rows = as_dicts(open_workbook(tournament, "en")["Turno 1"])
    assert [r["Note"] for r in rows] == ["no result yet", "no result yet"]
    assert all(r["NS MP"] is None and r["EO VP"] is None for r in rows)


@pytest.mark.django_db
def test_draft_turno_is_left_out():
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 700), (600, 600)])
    draft = make_turno(tournament, 2, [(1, 3), (2, 4)], totals=[(900, 100), (600, 600)])
    Turno.objects.filter(pk=draft.pk).update(published=False)
    workbook = open_workbook(tournament, "en")
    assert workbook.sheetnames == ["Standings", "Turno 1", "Pairs", "Rules"]
    header = next(workbook["Standings"].iter_rows(min_row=2, max_row=2, values_only=True))
    assert header[-1] == "T1"


@pytest.mark.django_db
def test_withdrawn_pair_and_penalty_in_vp():
    tournament = make_tournament()
    pairs = make_pairs(tournament, 4)
    pairs[3].withdrawn = True
    pairs[3].save()
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(900, 700), (600, 600)])
    add_penalty(turno, 1, vp=-1, mp=-20)
    withdrawn = {r["N."]: r["Ritirata"] for r in as_dicts(open_workbook(tournament)["Coppie"])}
    assert withdrawn == {1: None, 2: None, 3: None, 4: "sì"}
    standings_sheet = open_workbook(tournament, "en")["Standings"]
    first = next(r for r in as_dicts(standings_sheet) if r["Pair"] == 1)
    # 900 against 700 is 12-8 with fibur-3: T1 is the 12 of the table; the penalty takes one VP
    # off the total, and shows as numbers.
    assert (first["VP"], first["T1"]) == (12 - 1, 12)
    assert (first["Penalties: VP"], first["Penalties: MP"]) == (-1, -20)


@pytest.mark.django_db
def test_tournament_without_turni_still_gives_standings_pairs_and_rules():
    tournament = make_tournament()
    make_pairs(tournament, 3)
    workbook = open_workbook(tournament, "en")
    assert workbook.sheetnames == ["Standings", "Pairs", "Rules"]
    assert workbook["Standings"].auto_filter.ref == "A2:I5"
    assert [r["Pair"] for r in as_dicts(workbook["Standings"])] == [1, 2, 3]


@pytest.mark.django_db
def test_tournament_without_pairs_gives_an_empty_but_valid_workbook():
    workbook = open_workbook(make_tournament(), "en")
    assert workbook.sheetnames == ["Standings", "Pairs", "Rules"]
    assert as_dicts(workbook["Pairs"]) == []


@pytest.mark.django_db
def test_reale_rules_and_a_custom_vp_table():
    bands = [{"max": 100, "vp": [5, 5]}, {"max": 400, "vp": [7, 3]}, {"max": None, "vp": [10, 0]}]
    tournament = make_tournament(
        ruleset="reale", vp_table=bands, bye_vp=6, bye_mp=200, smazzate_per_turno=4
    )
    workbook = open_workbook(tournament, "en")
    rules = rules_of(workbook)
    assert rules["Ruleset"] == "Burraco reale"
    assert rules["Smazzate per turno"] == 4
    assert (rules["Burraco nobile"], rules["Burraco reale"]) == (500, 1000)
    assert "Burraco semipulito" not in rules
    assert "Card value: jolly" not in rules
    assert rules["Card value: pinella (2)"] == 10
    assert rules["Closing needs a clean burraco"] == "yes"
    assert rules["VP table"] == "Custom bands"
    # Forfeit follows the riposo value when the tournament sets none.
    assert (rules["Forfeit win: VP"], rules["Forfeit win: MP (scarto)"]) == (6, 200)
    band_rows = [r for r in as_dicts(workbook["Rules"]) if r["VP to the line ahead"] is not None]
    assert [
        (r["MP difference up to"], r["VP to the line ahead"], r["VP to the line behind"])
        for r in band_rows
    ] == [(100, 5, 5), (400, 7, 3), ("more", 10, 0)]


@pytest.mark.django_db
def test_four_smazzate_give_four_smazzata_columns():
    tournament = make_tournament(smazzate_per_turno=4, vp_table="fibur-4")
    make_pairs(tournament, 2)
    make_turno(tournament, 1, [(1, 2)], totals=[(900, 700)])
    header = next(open_workbook(tournament, "en")["Turno 1"].iter_rows(min_row=2, max_row=2))
    names = [cell.value for cell in header]
    assert "Sm. 4 EO" in names and "Sm. 5 NS" not in names


@pytest.mark.parametrize(
    ("name", "used", "expected"),
    [
        ("Turno 1", set(), "Turno 1"),
        ("Punti: A/B [x]?", set(), "Punti  A B  x"),
        ("Classifica dopo il turno numero 12 (finale)", set(), "Classifica dopo il turno numero"),
        ("Coppie", {"coppie"}, "Coppie (2)"),
        ("'Regole'", set(), "Regole"),
        ("***", set(), "Sheet"),
    ],
)
def test_sheet_names_are_ones_excel_accepts(name, used, expected):
    result = _sheet_name(name, set(used))
    assert result == expected
    assert len(result) <= 31


@pytest.mark.django_db
def test_standings_cells_match_as_values_with_empty_clubs_and_penalties():
    tournament = make_tournament()
    make_pairs(tournament, 6)  # every third pair has no club
    turno = make_turno(tournament, 1, [(1, 2), (3, 4), (5, 6)], totals=[(900, 700)] * 3)
    add_penalty(turno, 2, vp=-2, mp=-40)
    rows = standings(tournament=tournament)
    expected = list(StandingsTable(rows, turni=[1]).as_values())
    header, values = table_values(StandingsTable(rows, turni=[1]))
    assert [header, *values] == expected
    assert any(row[header.index("Circolo")] is None for row in values)
