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

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

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


class TableRow(NamedTuple):
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
    # Each smazzata's totals, NS then EO, by smazzata number: (NS 1, EO 1, NS 2, EO 2, ...),
    # up to the last smazzata recorded; None in both places of a number with no smazzata.
    scores: tuple[int | None, ...] = ()


@dataclass
class TurnoRows:
    number: int
    tables: list[TableRow] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)

    @property
    def most_smazzate(self) -> int:
        """The highest smazzata number any table of the turno recorded."""
        return max((len(t.scores) for t in self.tables), default=0) // 2


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
    # One list of cells per table, filled as the sheet shows them; a plain tuple once complete.
    scores: dict[int, list[int | None]] = {}
    for table_id, number, ns_total, eo_total in (
        Smazzata.objects.filter(table__in=tables.values("id"))
        .order_by("table_id", "number")
        .values_list("table_id", "number", "ns_total", "eo_total")
        .iterator()
    ):
        cells = scores.get(table_id)
        if cells is None:
            cells = scores[table_id] = []
        if len(cells) < 2 * number - 2:  # a smazzata number skipped: its two cells stay empty
            cells += [None] * (2 * number - 2 - len(cells))
        cells += (ns_total, eo_total)
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
    ).iterator():
        by_turno[turno].tables.append(TableRow(*values, tuple(scores.pop(table_id, ()))))
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
    plain column is read here straight through its accessor (``read_accessor``), a column at a
    time. A column with its own ``render_`` or ``value_`` method, or of a special class, still
    goes through django-tables2.
    """
    columns = [c for c in table.columns.iterall() if not c.column.exclude_from_export]
    rows = list(table.rows)
    records = [row.record for row in rows]
    by_column = []
    for column in columns:
        custom = (
            type(column.column) is not tables.Column
            or hasattr(table, f"render_{column.name}")
            or hasattr(table, f"value_{column.name}")
        )
        if custom:
            cells = [force_str(row.get_cell_value(column.name), strings_only=True) for row in rows]
        else:
            default = column.column.default
            cells = [
                default if value is None or value == "" else value
                for value in read_accessor(A(column.accessor), records)
            ]
        by_column.append([None if value == "" else value for value in cells])
    values = [list(cells) for cells in zip(*by_column, strict=True)] or [[] for _ in rows]
    return [force_str(column.header) for column in columns], values


# What a plain dict answers to as attributes: its class's and object's, never its own.
DICT_ATTRIBUTES = frozenset(dir(dict))


def read_accessor(accessor: A, records: Iterable[Any]) -> list[Any]:
    """``accessor.resolve(record, quiet=True)`` for each record, step for step, without its
    exceptions.

    django-tables2 tries each step as a key, then as an attribute, then as a list index, and
    learns that an object is no mapping from the TypeError of the first try; three caught
    exceptions for a turno's VP, read from a dict keyed by numbers. Here an object whose class
    cannot be indexed goes straight to the attribute and a plain dict is asked whether it has
    the key, so the answer is the same with no exception raised; anything else (a list, a
    mapping of another class, a class) is left to ``resolve`` itself. Any error gives None, as
    with ``quiet=True``.
    """
    bits = accessor.bits
    # Classes already seen to have no item access (nor to be classes themselves).
    by_attribute: set[type] = set()
    values = []
    for record in records:
        if isinstance(record, dict) and accessor in record:
            values.append(record[accessor])
            continue
        current = record
        try:
            for bit in bits:
                kind = type(current)
                if kind in by_attribute:
                    current = getattr(current, bit)
                elif kind is dict:
                    if bit in current:
                        current = current[bit]
                    elif bit in DICT_ATTRIBUTES:
                        current = getattr(current, bit)
                    else:
                        current = current[int(bit)]
                elif not hasattr(kind, "__getitem__") and not issubclass(kind, type):
                    by_attribute.add(kind)
                    current = getattr(current, bit)
                else:
                    current = accessor.resolve(record, quiet=True)
                    break
                if callable(current):
                    if getattr(current, "alters_data", False):
                        current = None
                        break
                    if not getattr(current, "do_not_call_in_templates", False):
                        current = current(*accessor.callable_args, **accessor.callable_kwargs)
                # A step reaching None stops there, as in django-tables2.
                if current is None:
                    break
        except Exception:
            current = None
        values.append(current)
    return values
