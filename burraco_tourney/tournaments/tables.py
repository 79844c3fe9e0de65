"""django-tables2 tables of the tournament pages; the same classes feed the spreadsheets.

``StandingsTable`` is the one definition of the classifica's columns (headers, accessors, order,
which are sortable), for the page, the PDF and the workbook. A 500-pair classifica has 8,000
cells, and django-tables2 renders each one through its per-cell machinery (signature inspection,
attribute dictionaries, the template engine), over a second in all; so the page renders the
table body with ``StandingsTable.body_html``, which reads the same accessors and writes the same
cells, and sorts through ``StandingsData``, which gives django-tables2's order with each row's
sort value read once. The header, the sort links and everything around the body are still
django-tables2's template.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import django_tables2 as tables
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils.formats import localize
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_tables2.data import TableData, TableListData
from django_tables2.rows import BoundRow
from django_tables2.utils import A, OrderBy, signature

from .models import Pair


class PairTable(tables.Table):
    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num strong"}})
    player1 = tables.Column(verbose_name=_("First player"))
    player2 = tables.Column(verbose_name=_("Second player"))
    club = tables.Column(verbose_name=_("Club"))

    class Meta:
        model = Pair
        fields = ("number", "player1", "player2", "club")
        orderable = True
        empty_text = _("No pairs registered yet.")


def _cells(th: str, td: str | None = None) -> dict[str, dict[str, str]]:
    """A column's classes: ``th`` on its header cell, ``td`` (the same by default) on the rest."""
    return {"th": {"class": th}, "td": {"class": td or th}}


class StandingsTable(tables.Table):
    """The classifica. Rows are Standing objects from the standings selector.

    The classes tell the page's stylesheet how each column behaves on a narrow screen:
    ``col-rank`` and ``col-pair`` stay in place when the table scrolls sideways, ``wide-only``
    columns are left out on a phone (rank, pair, players, VP and scarto fit its width).

    Each turno's column is the VP the pair earned at its table or for its riposo, before
    penalties; the penalties have a column of their own, so the turni and the penalties add up
    to the VP total. A turno the pair has no result in shows "—" (not played yet).
    """

    rank = tables.Column(
        verbose_name=_("Rank"), attrs=_cells("num col-rank", "num strong col-rank")
    )
    pair_number = tables.Column(
        verbose_name=pgettext_lazy("pair number column", "Pair"),
        accessor="pair__number",
        attrs=_cells("num col-pair"),
    )
    players = tables.Column(
        verbose_name=_("Players"),
        accessor="pair__players",
        orderable=False,
        attrs=_cells("col-players"),
    )
    club = tables.Column(verbose_name=_("Club"), accessor="pair__club", attrs=_cells("wide-only"))
    vp = tables.Column(
        verbose_name=pgettext_lazy("victory points", "VP"), attrs=_cells("num", "num strong")
    )
    scarto = tables.Column(verbose_name=_("Scarto"), attrs=_cells("num"))
    mp = tables.Column(
        verbose_name=pgettext_lazy("match points", "MP"), attrs=_cells("num wide-only")
    )
    # One cell on the page ("-1 VP, -100 MP"); the spreadsheet gets the two numbers below instead.
    penalties = tables.Column(
        verbose_name=_("Penalties"),
        accessor="penalty_vp",
        attrs=_cells("num wide-only"),
        exclude_from_export=True,
    )
    # Hidden on the page, exported (as_values) as real numbers.
    penalty_vp = tables.Column(verbose_name=_("Penalties: VP"), visible=False)
    penalty_mp = tables.Column(verbose_name=_("Penalties: MP"), visible=False)

    class Meta:
        orderable = True
        empty_text = _("No results yet.")
        attrs = {"class": "standings"}
        # An empty cell: no club, or a turno not played yet (the spreadsheet leaves it empty).
        default = "—"

    def __init__(self, data, *, turni: list[int], **kwargs):
        extra = [
            (
                f"vp_turno_{n}",
                tables.Column(
                    verbose_name=pgettext_lazy("VP of turno N column", "T%(number)s")
                    % {"number": n},
                    accessor=f"earned_vp_by_turno__{n}",
                    attrs=_cells("num wide-only", "num muted wide-only"),
                ),
            )
            for n in turni
        ]
        if not isinstance(data, TableData):
            data = StandingsData(list(data))
        super().__init__(data, extra_columns=extra, **kwargs)

    def render_penalties(self, record):
        parts = []
        if record.penalty_vp:
            parts.append(f"{record.penalty_vp} {pgettext_lazy('victory points', 'VP')}")
        if record.penalty_mp:
            parts.append(f"{record.penalty_mp} {pgettext_lazy('match points', 'MP')}")
        return ", ".join(parts) or "—"

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


class StandingsData(TableListData):
    """The rows of a StandingsTable, ordered exactly as django-tables2 orders a list.

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
