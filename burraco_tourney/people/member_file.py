"""The club's member list as a file: reading its rows (.xlsx or .csv) and writing the registry
in the same format, so that an export imports back unchanged.

The columns: card, surname, name, sex, birth year, category, card type, card year, club; the
first row names them, in Italian or English, in any order (only the surname is required).
Each row becomes a ``MemberRow``: the values of the cells that are filled, and the problems of
the cells that are wrong, each with its line, its column and why. An empty cell leaves the
person's value as it is. Which person a row is, and what it changes, is the selector's job
(``selectors.member_list``); this module knows the file only.
"""

from __future__ import annotations

import csv
import datetime
import io
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from burraco_tourney.core.spreadsheets import (
    SpreadsheetError,
    csv_cells,
    not_a_spreadsheet,
    xlsx_cells,
)

from .models import CardType, Club, Person, Sex
from .names import plain

MAX_ROWS = 10_000
# (field, its header in the export, every header accepted, plain)
COLUMNS: tuple[tuple[str, Any, tuple[str, ...]], ...] = (
    ("card", gettext_lazy("Card"),
     ("tessera", "n tessera", "n. tessera", "numero tessera", "card", "card number")),
    ("surname", gettext_lazy("Surname"), ("cognome", "surname", "last name", "family name")),
    ("name", gettext_lazy("Name"), ("nome", "name", "first name", "given name")),
    ("sex", gettext_lazy("Sex"), ("sesso", "sex", "gender")),
    ("birth_year", gettext_lazy("Birth year"),
     ("anno di nascita", "anno nascita", "birth year", "year of birth")),
    ("category", gettext_lazy("Category"), ("categoria", "category")),
    ("card_type", gettext_lazy("Card type"), ("tipo tessera", "tipo di tessera", "card type")),
    ("card_year", gettext_lazy("Card year"), ("anno tessera", "anno della tessera", "card year")),
    ("club", gettext_lazy("Club"), ("circolo", "club", "associazione", "asd")),
)  # fmt: skip
LABELS = {name: label for name, label, _aliases in COLUMNS}
HEADERS = {alias: name for name, _label, aliases in COLUMNS for alias in aliases}
SEXES = {"f": Sex.F, "donna": Sex.F, "femmina": Sex.F, "woman": Sex.F, "female": Sex.F,
         "m": Sex.M, "uomo": Sex.M, "maschio": Sex.M, "man": Sex.M, "male": Sex.M,
         "u": Sex.M, "d": Sex.F}  # fmt: skip
CARD_TYPES = (
    {plain(str(label)): value for value, label in CardType.choices}
    | {value: value for value in CardType.values}
    | {"junior": CardType.JUNIORES}
)
LENGTHS = {
    name: Person._meta.get_field(name).max_length
    for name in ("card", "surname", "name", "category")
} | {"club": Club._meta.get_field("name").max_length}
FIRST_YEAR = 1900


@dataclass
class MemberRow:
    line: int
    values: dict[str, Any] = field(default_factory=dict)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (column, why)

    def error(self, column: str, why: str) -> None:
        self.errors.append((str(LABELS.get(column, column)), why))

    def payload(self) -> list:
        return [self.line, self.values]


def _text(cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    return " ".join(str(cell).split())


def _year(row: MemberRow, column: str, text: str) -> int | None:
    try:
        return int(float(text.replace(",", ".")))
    except ValueError:
        row.error(column, _("“%(value)s” is not a year.") % {"value": text})
        return None


def _parse(row: MemberRow, column: str, text: str) -> None:
    this_year = datetime.date.today().year
    value: Any = text
    if column in LENGTHS and len(text) > LENGTHS[column]:
        row.error(column, _("Too long: at most %(count)s characters.") % {"count": LENGTHS[column]})
        return
    if column == "sex":
        value = SEXES.get(plain(text))
        if value is None:
            row.error(column, _("“%(value)s” is not a sex: write F or M.") % {"value": text})
            return
        value = str(value)
    elif column == "card_type":
        value = CARD_TYPES.get(plain(text))
        if value is None:
            row.error(
                column,
                _("“%(value)s” is not a card type: write Ordinaria, Ridotta or Juniores.")
                % {"value": text},
            )
            return
        value = str(value)
    elif column == "birth_year":
        value = _year(row, column, text)
        if value is None:
            return
        if value > this_year:
            row.error(column, _("The birth year %(year)s is in the future.") % {"year": value})
            return
        if value < FIRST_YEAR:
            row.error(column, _("The birth year %(year)s is too far back.") % {"year": value})
            return
    elif column == "card_year":
        value = _year(row, column, text)
        if value is None:
            return
        if not FIRST_YEAR <= value <= this_year + 1:
            row.error(column, _("The card year %(year)s is not possible.") % {"year": value})
            return
    row.values[column] = value


def rows_from_cells(cells: list[tuple[int, list]]) -> list[MemberRow]:
    """The member rows of a file's cells; a file whose first row does not name the columns is
    refused as a whole (``SpreadsheetError``)."""
    filled = [(line, [_text(cell) for cell in row]) for line, row in cells]
    filled = [(line, row) for line, row in filled if any(row)]
    if not filled:
        raise SpreadsheetError(_("The file is empty."))
    header_line, header = filled[0]
    columns = [HEADERS.get(plain(text).rstrip(":")) for text in header]
    if "surname" not in columns:
        raise SpreadsheetError(
            _(
                "The first row must name the columns: at least “Cognome” (or “Surname”), and "
                "any of Tessera, Nome, Sesso, Anno di nascita, Categoria, Tipo tessera, "
                "Anno tessera, Circolo."
            )
        )
    repeated = {c for c in columns if c and columns.count(c) > 1}
    if repeated:
        raise SpreadsheetError(
            _("The column “%(column)s” appears twice.") % {"column": LABELS[sorted(repeated)[0]]}
        )
    rows = []
    for line, cells_of_row in filled[1:]:
        row = MemberRow(line=line)
        for column, text in zip(columns, cells_of_row, strict=False):
            if column and text:
                _parse(row, column, text)
        if "surname" not in row.values and not any(c == "surname" for c, _w in row.errors):
            row.error("surname", _("The surname is missing."))
        rows.append(row)
    if not rows:
        raise SpreadsheetError(_("The file has the columns' names but no member."))
    return rows


def read_member_file(name: str, data: bytes) -> list[MemberRow]:
    too_large = _("This spreadsheet unpacks to more than %(size)s MB: save only the member list.")
    if name.lower().endswith(".xlsx"):
        cells = xlsx_cells(data, max_rows=MAX_ROWS + 1, too_large=too_large)
    elif name.lower().endswith((".csv", ".txt")):
        cells = csv_cells(data, max_rows=MAX_ROWS + 1)
    else:
        raise not_a_spreadsheet()
    if len(cells) > MAX_ROWS:
        raise SpreadsheetError(
            _("The file has more than %(count)s rows: split it.") % {"count": MAX_ROWS}
        )
    return rows_from_cells(cells)


def rows_from_payload(payload: list) -> list[MemberRow]:
    return [MemberRow(line=int(line), values=dict(values)) for line, values in payload]


# The export: the same columns, one person a row.


def export_rows(people) -> list[list[Any]]:
    rows: list[list[Any]] = [[str(label) for _name, label, _aliases in COLUMNS]]
    for person in people:
        rows.append(
            [
                person.card,
                person.surname,
                person.name,
                person.sex,
                person.birth_year if person.birth_year is not None else "",
                person.category,
                person.get_card_type_display() if person.card_type else "",
                person.card_year if person.card_year is not None else "",
                person.club.name if person.club else "",
            ]
        )
    return rows


def export_csv(people) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerows(export_rows(people))
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def export_xlsx(people) -> bytes:
    from openpyxl import Workbook

    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(str(_("Members")))
    for row in export_rows(people):
        sheet.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()
