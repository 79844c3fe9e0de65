"""django-tables2's rendering and export, fast: the one place that re-implements them, and why.

django-tables2 renders every cell through its per-cell machinery (``BoundRow.items()``, which
inspects each ``render_`` method's signature, builds an attribute dictionary and goes through
the template engine) and exports each cell through ``inspect.signature`` again (``as_values()``).
A 500-pair classifica has 8,000 cells. Measured with ``python -m benchmarks.standings_page
--profile`` (500 pairs, 8 turni, 2 cores): the table through django-tables2's own template takes
about 830 ms, while the whole page with this module takes about 95 ms, as long as just fetching
its 6,000 score rows as model instances (about 90 ms); the page's goal is 3x that, so stock
rendering misses it by far (about 10x). ``as_values()`` of the same table takes about 350 ms
against 7 ms here, in a workbook whose goal is 1.5x the time openpyxl needs to write its cells
(``python -m benchmarks.exports --only workbook``): 1.25x with ``table_values``, 2.2x with
``as_values()``. So this module keeps the fast path, and only here:

- ``FastTable``: a ``Table`` whose body the template gets ready written (``body_html``, used by
  ``components/standings_table.html``, which otherwise is django-tables2's own template: header,
  sort links, attributes) and whose list data sorts with each row's value read once
  (``FastListData``), giving django-tables2's own order;
- ``table_values``: ``as_values()``'s header and cells, for the workbook.

Everything else stays django-tables2's: columns, headers, accessors, ordering, ``RequestConfig``,
``{% render_table %}``. A column this module cannot render exactly as django-tables2 would (another
column class, a link, attributes computed per cell, a choices field, a render method asking for
more than value and record) goes through django-tables2 itself, cell by cell. The tests
(``tests/tournaments/test_standings_page.py``, ``tests/exports/test_excel.py``) compare both
paths cell for cell.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import django_tables2 as tables
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils.encoding import force_str
from django.utils.formats import localize
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django_tables2 import A
from django_tables2.data import TableData, TableListData
from django_tables2.rows import BoundRow
from django_tables2.utils import OrderBy, signature


class FastTable(tables.Table):
    """A django-tables2 ``Table`` with a fast body (``body_html``) and fast list sorting."""

    def __init__(self, data, **kwargs):
        if not isinstance(data, TableData):
            data = FastListData(list(data))
        super().__init__(data, **kwargs)

    def body_html(self) -> SafeString:
        """The rows of the table body (``<tr>`` elements, no ``<tbody>``), in the table's order:
        the cells, attributes and even/odd row classes django-tables2's template writes for
        ``row.items()``, escaped and localized as its ``{{ cell }}`` is."""
        columns = [_CellWriter(self, column) for column in self.columns]
        custom_rows = bool(self.row_attrs)
        parts: list[str] = []
        for row in self.paginated_rows:  # the rows the template's loop would write
            if custom_rows or type(row) is not BoundRow:  # attributes computed per row, pinned
                parts.append(f"<tr {row.attrs.as_html()}>")
            else:
                parts.append(f'<tr class="{row.get_even_odd_css_class()}">')
            parts.extend(column.cell(row) for column in columns)
            parts.append("</tr>")
        return mark_safe("".join(parts))


class FastListData(TableListData):
    """The rows of a FastTable, ordered exactly as django-tables2 orders a list.

    django-tables2 sorts a list with a comparator that resolves both rows' accessors at every
    comparison. This reads each row's value once per sort key instead and gives the same order:
    one stable sort per key, least significant first (Python keeps ties in place even with
    ``reverse=True``, as the comparator does), so rows with equal values keep the engine's order
    (its tie-breaks); a missing value (a turno a pair has no data in) sorts before any other, as
    the comparator puts ``None`` before numbers and strings.
    """

    def order_by(self, aliases: Iterable[str]) -> None:
        # Which accessors, and which way: the same reading of the aliases as TableListData's.
        accessors = []
        for alias in aliases:
            bound_column = self.table.columns[OrderBy(alias).bare]
            if alias[0] != bound_column.order_by_alias[0]:
                accessors += bound_column.order_by.opposite
            else:
                accessors += bound_column.order_by
        for order_by in reversed(accessors):
            accessor = A(order_by.bare)
            self.data.sort(
                key=lambda record: _missing_first(accessor.resolve(record, quiet=True)),
                reverse=order_by.is_descending,
            )


def _missing_first(value: Any) -> tuple[bool, Any]:
    return (value is not None, value)


# The arguments a render_<column> method may ask for that a cell can give without a BoundRow.
_RENDER_ARGUMENTS = frozenset({"value", "record", "column", "bound_column", "table"})


class _CellWriter:
    """Writes one column's ``<td>`` for each row, reading the cell as django-tables2 does.

    A plain ``Column`` is read straight through its accessor, with the column's own
    ``render_<name>`` method of the table called when there is one; a cell that needs more of
    django-tables2 (another column class, a link, attributes computed per cell, a choices
    field's display, a render method asking for the bound row) goes through
    ``BoundRow.get_cell`` as the template would.
    """

    def __init__(self, table: tables.Table, bound_column: Any) -> None:
        self.table = table
        self.bound_column = bound_column
        column = bound_column.column
        self.accessor = A(bound_column.accessor)
        self.empty_values = column.empty_values
        self.use_l10n = column.localize
        self.render: Callable[..., Any] | None = None
        self.render_arguments: tuple[str, ...] = ()
        # Localizing a number costs more than the rest of its cell (three format lookups), and
        # Django writes a whole number as its bare digits unless the locale groups thousands:
        # one sample with many digits tells, for every int of the column.
        self.plain_ints = str(_SAMPLE_INT) == _value_html(_SAMPLE_INT, self.use_l10n)
        td = {**table.attrs, **column.attrs}
        td = td.get("td", td.get("cell", {}))
        self.slow = (
            type(column) is not tables.Column
            or bool(bound_column.link)
            or _has_callable(td)
            or _shows_choice_display(self.accessor, table.data)
        )
        if hasattr(table, f"render_{bound_column.name}"):
            names, catch_all = signature(bound_column.render)
            self.render = bound_column.render
            self.render_arguments = names
            self.slow = self.slow or bool(catch_all) or not set(names) <= _RENDER_ARGUMENTS
        self.td = None if self.slow else f"<td {bound_column.attrs['td'].as_html()}>"
        self.default_html = self.html(bound_column.default)

    def cell(self, row: BoundRow) -> str:
        if self.slow:
            # As BoundRow.items() does: the attributes may be computed from the cell's value.
            value = row.get_cell(self.bound_column.name)
            self.bound_column.current_value = value
            self.bound_column.current_record = row.record
            td = self.bound_column.attrs["td"].as_html()
            return f"<td {td}>{self.html(value)}</td>"
        record = row.record
        value = self.accessor.resolve(record, quiet=True)
        if value in self.empty_values:
            return f"{self.td}{self.default_html}</td>"
        if self.render is not None:
            value = self.render(**self._render_kwargs(record, value))
        return f"{self.td}{self.html(value)}</td>"

    def _render_kwargs(self, record: Any, value: Any) -> dict[str, Any]:
        given = {
            "value": value,
            "record": record,
            "column": self.bound_column.column,
            "bound_column": self.bound_column,
            "table": self.table,
        }
        return {name: given[name] for name in self.render_arguments}

    def html(self, value: Any) -> str:
        """``{{ cell }}`` in the template: localized, then escaped unless already safe."""
        if type(value) is int and self.plain_ints:
            return str(value)
        return _value_html(value, self.use_l10n)


_SAMPLE_INT = -12345678901234567890


def _value_html(value: Any, use_l10n: bool | None) -> str:
    if use_l10n is None:
        value = template_localtime(value)
    value = localize(value, use_l10n=use_l10n)
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


def _has_callable(attrs: Any) -> bool:
    if callable(attrs):
        return True
    if isinstance(attrs, dict):
        return any(_has_callable(value) for value in attrs.values())
    return False


def _shows_choice_display(accessor: A, data: Iterable[Any]) -> bool:
    """Whether django-tables2 would show ``get_<field>_display()`` for this accessor: its last
    step is a model field with choices. Checked on the first row (the rows are alike)."""
    record = next(iter(data), None)
    if record is None:
        return False
    penultimate, remainder = accessor.penultimate(record)
    if not isinstance(penultimate, models.Model):
        return False
    try:
        field = accessor.get_field(record)
    except FieldDoesNotExist:
        return False
    return bool(getattr(field, "choices", ())) and hasattr(penultimate, f"get_{remainder}_display")


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
