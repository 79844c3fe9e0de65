"""What the workbook reads: every table, smazzata and riposo as plain rows, and a table's cells.

The per-turno sheets show every published turno at once, so this module fetches the whole
tournament in a fixed number of queries (pairs, tables, smazzata totals, riposi), as plain values
rather than model instances: a 500-pair tournament has thousands of tables and the workbook must
stay close to the time openpyxl needs to write the cells. It only reads; the stored MP, VP and
smazzata totals are the ones the scoring service wrote, never recomputed here.

``table_values`` reads a django-tables2 table (the standings page's) cell by cell, so the
standings sheet has exactly the page's columns.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import django_tables2 as tables
from django.utils.encoding import force_str
from django_tables2 import A

from burraco_tourney.tournaments.models import Bye, Pair, Smazzata, Table, Tournament, Turno


@dataclass(frozen=True)
class PairRow:
    number: int
    player1: str
    player2: str
    club: str
    withdrawn: bool

    @property
    def players(self) -> str:
        # The same form as Pair.players, so the workbook and the pages name a pair alike.
        return f"{self.player1} – {self.player2}"


@dataclass(frozen=True)
class TableRow:
    """One table of a turno with its result. ``entry_mode`` is "" while it has no result."""

    number: int
    ns: int
    eo: int
    entry_mode: str
    forfeit_winner: str
    ns_mp: int | None
    eo_mp: int | None
    ns_vp: int | None
    eo_vp: int | None
    # Smazzata totals in smazzata order: (number, ns_total, eo_total).
    smazzate: tuple[tuple[int, int, int], ...] = ()


@dataclass
class TurnoRows:
    number: int
    tables: list[TableRow] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)

    @property
    def most_smazzate(self) -> int:
        """The highest smazzata number any table of the turno recorded."""
        return max((s[0] for t in self.tables for s in t.smazzate), default=0)


@dataclass(frozen=True)
class WorkbookData:
    pairs: dict[int, PairRow]
    turni: list[TurnoRows]


def published_turni(*, tournament: Tournament, after_turno: int | None = None) -> list[int]:
    """The numbers of the published turni, up to ``after_turno`` when given."""
    turni = Turno.objects.filter(tournament=tournament, published=True)
    if after_turno is not None:
        turni = turni.filter(number__lte=after_turno)
    return list(turni.order_by("number").values_list("number", flat=True))


def workbook_data(*, tournament: Tournament, turni: list[int]) -> WorkbookData:
    """Every pair, and the tables (with smazzata totals) and riposi of the given turni."""
    pairs = {
        row[0]: PairRow(*row)
        for row in Pair.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("number", "player1", "player2", "club", "withdrawn")
    }
    by_turno = {n: TurnoRows(number=n) for n in turni}
    tables = Table.objects.filter(
        turno__tournament=tournament, turno__published=True, turno__number__in=turni
    ).order_by("turno__number", "number")
    smazzate: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for table_id, number, ns_total, eo_total in (
        Smazzata.objects.filter(table__in=tables.values("id"))
        .order_by("table_id", "number")
        .values_list("table_id", "number", "ns_total", "eo_total")
    ):
        smazzate[table_id].append((number, ns_total, eo_total))
    for table_id, turno, *values in tables.values_list(
        "id",
        "turno__number",
        "number",
        "ns__number",
        "eo__number",
        "entry_mode",
        "forfeit_winner",
        "ns_mp",
        "eo_mp",
        "ns_vp",
        "eo_vp",
    ):
        by_turno[turno].tables.append(TableRow(*values, smazzate=tuple(smazzate[table_id])))
    for turno, pair in (
        Bye.objects.filter(turno__tournament=tournament, turno__number__in=turni)
        .order_by("turno__number", "pair__number")
        .values_list("turno__number", "pair__number")
    ):
        by_turno[turno].byes.append(pair)
    return WorkbookData(pairs=pairs, turni=[by_turno[n] for n in turni])


def table_values(table: tables.Table) -> tuple[list[str], list[list[Any]]]:
    """The header and the raw cell values of a django-tables2 table, column for column as
    ``Table.as_values()`` exports them (same columns, same order, same rows), numbers as numbers
    and empty cells as None.

    ``as_values()`` asks each cell's column for its value through ``inspect.signature``, which
    takes half a second on 500 pairs, more than writing the whole workbook's other cells; so a
    plain column is read here straight through its accessor. A column with its own ``render_``
    or ``value_`` method, or of a special class, still goes through django-tables2.
    """
    columns = [c for c in table.columns.iterall() if not c.column.exclude_from_export]
    readers = []
    for column in columns:
        custom = (
            type(column.column) is not tables.Column
            or hasattr(table, f"render_{column.name}")
            or hasattr(table, f"value_{column.name}")
        )
        readers.append((column, A(column.accessor), column.column.default, custom))
    values = []
    for row in table.rows:
        cells = []
        for column, accessor, default, custom in readers:
            if custom:
                value = force_str(row.get_cell_value(column.name), strings_only=True)
            else:
                value = accessor.resolve(row.record, quiet=True)
                if value is None or value == "":
                    value = default
            cells.append(None if value == "" else value)
        values.append(cells)
    return [force_str(column.header) for column in columns], values
