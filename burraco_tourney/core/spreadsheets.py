"""Reading the cells of an uploaded .xlsx or .csv file, within limits that keep the server safe.

An .xlsx is a zip file: 100 KB can unpack to gigabytes (one shared string of 100 MB is enough),
and openpyxl holds the shared strings in memory. ``xlsx_size_problem`` reads only the zip's
directory (``zipfile.infolist``: the sizes each member declares, which ``zipfile`` then enforces
while unpacking) before openpyxl reads a byte. A list of a thousand pairs unpacks to well under
a megabyte, so the limits leave room for formatting and stay far from harm. At most
``MAX_ROWS_READ`` rows of 12 cells are read from either kind of file (a caller reading a longer
list, the registry's member list, gives its own ``max_rows``). This module only reads cells;
``tournaments.pair_import`` turns them into pairs, ``people.member_file`` into people.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile

from django.utils.translation import gettext as _

MAX_UNPACKED_BYTES = 16 * 1024 * 1024  # the whole workbook, unpacked
MAX_MEMBER_BYTES = 8 * 1024 * 1024  # one file inside it (a sheet, the shared strings)
MAX_MEMBERS = 500
MAX_RATIO = 200  # unpacked / packed size of one big member; ordinary XML compresses 5 to 30x
MAX_ROWS_READ = 3000  # three times the pairs a list may hold: blank and header rows too
MAX_COLUMNS = 12
MAX_CELLS = MAX_ROWS_READ * MAX_COLUMNS
# Characters no text file of names contains; their presence means a binary file.
BINARY_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class SpreadsheetError(Exception):
    """The uploaded file cannot be read as a list of pairs; the message says why."""


def xlsx_size_problem(data: bytes) -> str | None:
    """ "too_large" when the workbook would unpack past the limits, "not_zip" when it is no zip
    file, None when it may be read."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        return "not_zip"
    if len(members) > MAX_MEMBERS:
        return "too_large"
    total = 0
    for member in members:
        total += member.file_size
        packed = max(member.compress_size, 1)
        if (
            member.file_size > MAX_MEMBER_BYTES
            or total > MAX_UNPACKED_BYTES
            or (member.file_size > 1024 * 1024 and member.file_size / packed > MAX_RATIO)
        ):
            return "too_large"
    return None


def not_a_spreadsheet() -> SpreadsheetError:
    return SpreadsheetError(
        _("This file is not a spreadsheet. Choose an .xlsx file (Excel) or a .csv file.")
    )


def xlsx_cells(
    data: bytes, *, max_rows: int = MAX_ROWS_READ, too_large: str | None = None
) -> list[tuple[int, list]]:
    """The rows of the first sheet; ``too_large`` is the refusal of a workbook that unpacks past
    the limits (a sentence with ``%(size)s``), the pairs' by default."""
    from openpyxl import load_workbook

    problem = xlsx_size_problem(data)
    if problem == "too_large":
        if too_large is None:
            too_large = _(
                "This spreadsheet unpacks to more than %(size)s MB: save only the list of pairs."
            )
        raise SpreadsheetError(too_large % {"size": MAX_UNPACKED_BYTES // (1024 * 1024)})
    if problem:
        raise not_a_spreadsheet()
    # Any failure of a damaged or foreign zip file means the same thing to the director.
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            sheet = workbook.worksheets[0]
            rows, read = [], 0
            cell_rows = sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True)
            for number, cells in enumerate(cell_rows, start=1):
                rows.append((number, list(cells)))
                read += len(cells)
                if len(rows) > max_rows or read > max_rows * MAX_COLUMNS:
                    break
            return rows
        finally:
            workbook.close()
    except Exception as err:
        raise not_a_spreadsheet() from err


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = data.decode("utf-16", errors="replace")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            try:
                text = data.decode("cp1252")
            except UnicodeDecodeError:
                raise not_a_spreadsheet() from None
    if BINARY_CHARS.search(text):
        raise not_a_spreadsheet()
    return text


def csv_cells(data: bytes, *, max_rows: int = MAX_ROWS_READ) -> list[tuple[int, list]]:
    text = _decode(data)
    sample = "\n".join(text.splitlines()[:20])
    try:
        delimiter = csv.Sniffer().sniff(sample, delimiters=";,\t").delimiter
    except csv.Error:
        first = next((line for line in text.splitlines() if line.strip()), "")
        delimiter = max(";,\t", key=first.count) if any(d in first for d in ";,\t") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        rows = []
        for number, cells in enumerate(reader, start=1):
            rows.append((number, cells[:MAX_COLUMNS]))
            if number > max_rows:
                break
        return rows
    except csv.Error as err:
        raise not_a_spreadsheet() from err
