"""How the workbook reads its cells quickly without reading them differently: a table's cells
as django-tables2 resolves them, column widths, and smazzata totals in their own columns."""

from __future__ import annotations

import io
from collections import defaultdict
from types import SimpleNamespace

import pytest
from django.utils import translation
from django_tables2 import A
from openpyxl import load_workbook

from burraco_tourney.exports.excel import WorkbookExporter
from burraco_tourney.exports.xlsx_writer import _longest
from burraco_tourney.tournaments.models import Table
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.table_fast_path import read_accessor
from tests.factories import add_smazzata, make_pairs, make_tournament, make_turno


class Scores:
    """A record with methods, as a model instance has."""

    def total(self):
        return 9

    def reset(self):
        raise AssertionError("never called: it alters data")

    reset.alters_data = True

    def label(self):
        return "kept as it is"

    label.do_not_call_in_templates = True


SCORES = Scores()


def records():
    """Fresh records every time: a defaultdict grows a key when django-tables2 reads it."""
    return [
        {"a__b": 1, "a": {"b": 2}},  # the whole accessor as a key wins
        {"a": {"b": 2}},
        {"a": {3: 7}},  # a turno's VP: keys are numbers, the accessor's step is text
        {"a": {"b": None}},
        {"a": [10, 20]},
        {"a": defaultdict(int)},
        {"a": list},  # a class: indexing it makes a generic alias
        SimpleNamespace(a=SimpleNamespace(b=5)),
        SimpleNamespace(a=None),
        SimpleNamespace(a=SCORES),
        SimpleNamespace(),
        None,
    ]


@pytest.mark.parametrize(
    "accessor", ["a", "a__b", "a__3", "a__1", "a__copy", "a__total", "a__reset", "a__label"]
)
def test_cells_are_read_as_django_tables2_resolves_them(accessor):
    expected = [A(accessor).resolve(record, quiet=True) for record in records()]
    assert read_accessor(A(accessor), records()) == expected


@pytest.mark.parametrize(
    "values",
    [
        (5, -1234, None, 99),
        (0, 7, 12345),
        (-1, -22, -3),
        ("Rossi Anna – Verdi Bruno", 100000, None),
        (True, 12, 3.25, "sì"),
        (None, None),
        (),
    ],
)
def test_column_width_counts_the_longest_value_written_out(values):
    written = [len(str(v)) for v in values if v is not None]
    assert _longest(values) == max(written, default=0)


@pytest.mark.django_db
def test_a_missing_smazzata_leaves_its_two_cells_empty():
    tournament = make_tournament()
    make_pairs(tournament, 2)
    turno = make_turno(tournament, 1, [(1, 2)])
    table = Table.objects.get(turno=turno)
    line = {"cards": 100, "pulito": 1, "pozzetto": True}
    add_smazzata(table, 1, {**line, "chiusura": True}, line)
    add_smazzata(table, 3, line, {**line, "chiusura": True})
    tournament_recompute_results(tournament=tournament)
    with translation.override("en"):
        content = WorkbookExporter().render(tournament=tournament).content
    rows = list(load_workbook(io.BytesIO(content))["Turno 1"].iter_rows(values_only=True))
    row = dict(zip(rows[1], rows[2], strict=True))
    totals = list(table.smazzate.order_by("number").values_list("ns_total", "eo_total"))
    assert (row["Sm. 1 NS"], row["Sm. 1 EO"]) == totals[0]
    assert (row["Sm. 2 NS"], row["Sm. 2 EO"]) == (None, None)
    assert (row["Sm. 3 NS"], row["Sm. 3 EO"]) == totals[1]
