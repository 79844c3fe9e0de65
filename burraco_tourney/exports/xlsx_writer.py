"""Writing sheets to an .xlsx file: titles, frozen bold headers, fitted widths, fast.

``Sheet`` is one worksheet's content as plain values; ``write_workbook`` streams a list of them
to a file in openpyxl's write-only mode: cells go to the file instead of being kept as objects,
which keeps a 500-pair tournament close to the bare cost of writing its cells (see
``benchmarks/exports.py``). What the sheets hold is ``excel``'s business; this module knows
nothing of tournaments.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from copy import copy
from dataclasses import dataclass
from functools import partial
from operator import is_not
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter

from .safe_cells import as_text, safe_row
from .sheet_layout import set_print_layout

TITLE_FONT = Font(bold=True, size=13)
HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="E6E6E6")
HEADER_BORDER = Border(bottom=Side(style="thin"))
HEADER_ALIGNMENT = Alignment(vertical="center")
# Rows 1 (title) and 2 (header) stay on screen; data starts on row 3.
HEADER_ROW = 2
FREEZE_AT = "A3"
MIN_WIDTH = 4
MAX_WIDTH = 60
# The auto-filter's drop-down button covers about this many characters of a header cell.
FILTER_BUTTON_WIDTH = 3
# Excel refuses these in a sheet name, and names longer than 31 characters.
SHEET_NAME_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")
SHEET_NAME_MAX = 31


@dataclass(frozen=True)
class Sheet:
    """One worksheet's content before it is written: plain values, None for an empty cell."""

    name: str
    caption: str
    header: Sequence[str]
    rows: list[Sequence[Any]]
    auto_filter: bool = False


def write_workbook(sheets: Sequence[Sheet], *, title: str) -> bytes:
    """The .xlsx file of these sheets, in order; ``title`` is the document's title."""
    heading = title
    workbook = Workbook(write_only=True)
    workbook.properties.title = heading
    used: set[str] = set()
    worksheets = [workbook.create_sheet(title=sheet_name(sheet.name, used)) for sheet in sheets]
    # A style belongs to the workbook: made once, on its first sheet, for every sheet.
    title = _style(worksheets[0], font=TITLE_FONT)
    header = _style(
        worksheets[0],
        font=HEADER_FONT,
        fill=HEADER_FILL,
        border=HEADER_BORDER,
        alignment=HEADER_ALIGNMENT,
    )
    for ws, sheet in zip(worksheets, sheets, strict=True):
        _write_sheet(ws, sheet, title=title, header=header)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def sheet_name(name: str, used: set[str]) -> str:
    """A name Excel accepts: no forbidden characters, at most 31 long, unique in the workbook."""
    base = SHEET_NAME_FORBIDDEN.sub(" ", name).strip().strip("'") or "Sheet"
    candidate = base[:SHEET_NAME_MAX]
    counter = 2
    # Excel compares sheet names without regard to case.
    while candidate.casefold() in used:
        suffix = f" ({counter})"
        candidate = base[: SHEET_NAME_MAX - len(suffix)] + suffix
        counter += 1
    used.add(candidate.casefold())
    return candidate


def _column_widths(
    header: Sequence[str], rows: list[Sequence[Any]], *, auto_filter: bool = False
) -> list[float]:
    """Each column as wide as its longest value (header in bold counts a little wider, and
    leaves room for the filter button when the sheet has one)."""
    button = FILTER_BUTTON_WIDTH if auto_filter else 0
    widths = [len(str(h)) * 1.1 + 2 + button for h in header]
    for index, column in enumerate(zip(*rows, strict=False)):
        widths[index] = max(widths[index], _longest(column) + 2)
    return [min(max(w, MIN_WIDTH), MAX_WIDTH) for w in widths]


def _longest(values: Sequence[Any]) -> int:
    """The length of the longest value written out, None counting for nothing.

    Most columns hold whole numbers only: the longest of them is the largest or the most
    negative, so only those two are written out.
    """
    if set(map(type, values)) == {int}:
        return max(len(str(max(values))), len(str(min(values))))
    return max(map(len, map(str, filter(partial(is_not, None), values))), default=0)


def _style(sheet, **attributes: Any) -> StyleArray:
    """The style of a cell with these attributes (font, fill, ...), for ``_styled``.

    Setting a font or a fill on a cell makes openpyxl look it up in the workbook by its hash,
    which it computes afresh each time, field by field: styling each header cell that way cost
    as much as writing hundreds of plain cells. A cell takes the style made once here instead.
    """
    cell = WriteOnlyCell(sheet)
    for name, value in attributes.items():
        setattr(cell, name, value)
    return cell._style


def _styled(sheet, value: Any, style: StyleArray) -> WriteOnlyCell:
    cell = WriteOnlyCell(sheet, value=value)
    cell._style = copy(style)
    return as_text(cell)


def _write_sheet(ws, sheet: Sheet, *, title: StyleArray, header: StyleArray) -> None:
    # Write-only mode writes the column widths, panes and filter with the sheet's first row, so
    # they are all set before any row is appended.
    widths = _column_widths(sheet.header, sheet.rows, auto_filter=sheet.auto_filter)
    for index, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(index)].width = round(width, 1)
    ws.freeze_panes = FREEZE_AT
    set_print_layout(ws)
    if sheet.auto_filter:
        last_row = HEADER_ROW + max(len(sheet.rows), 1)
        ws.auto_filter.ref = f"A{HEADER_ROW}:{get_column_letter(len(sheet.header))}{last_row}"
    ws.append([_styled(ws, sheet.caption, title)])
    ws.append([_styled(ws, h or None, header) for h in sheet.header])
    for row in sheet.rows:
        ws.append(safe_row(ws, row))
