"""The pairs' and players' file reading: the site's spreadsheet reader (``core.spreadsheets``),
shared with the registry's member list."""

from burraco_tourney.core.spreadsheets import (
    MAX_ROWS_READ,
    SpreadsheetError,
    csv_cells,
    not_a_spreadsheet,
    xlsx_cells,
)

__all__ = ["MAX_ROWS_READ", "SpreadsheetError", "csv_cells", "not_a_spreadsheet", "xlsx_cells"]
