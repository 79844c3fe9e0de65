"""Reading a list of players pasted or uploaded by the director, before anything is saved.

The individual tournament's counterpart of ``pair_import``: one player a line,
``[7. ]Anna Rossi[; Circolo Aurora]`` (a tab may stand for ";"), or an .xlsx/.csv file with a
name column ("nome", "giocatore", "name", "player") and optional number and club columns (a file
without headers: number?, name, club). The spreadsheet reading is ``spreadsheet_files``'s. This
module never writes to the database.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from .pair_import import (
    CARD_AFTER_NAME,
    CELL_MAX,
    LEADING_NUMBER,
    MAX_FILE_BYTES,
    MAX_NUMBER,
    MAX_ROWS,
    NAME_MAX,
)
from .spreadsheet_files import SpreadsheetError, csv_cells, not_a_spreadsheet, xlsx_cells

HEADERS = {
    "number": {"numero", "number", "num", "n", "nr", "no"},
    "name": {"nome", "name", "giocatore", "player", "giocatrice", "cognomenome", "nomecognome"},
    "club": {"circolo", "club", "associazione", "societa", "asd"},
    "card": {"tessera", "card", "numerotessera"},
}
HEADER_KEYS = {name: key for key, names in HEADERS.items() for name in names}


@dataclass
class PlayerRow:
    """One player as read from one line of text or one spreadsheet row."""

    line: int
    number: int | None
    name: str
    club: str = ""
    errors: list[str] = field(default_factory=list)
    # The player's federation card, when the list gives it (a card column or "(card)").
    card: str = ""


def _clean(value: object) -> str:
    text = "" if value is None else " ".join(str(value).split())
    return text if len(text) <= CELL_MAX else text[: CELL_MAX - 1] + "…"


def _number(value: object, row: PlayerRow) -> int | None:
    text = _clean(value).rstrip(".)")
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= MAX_NUMBER:
        row.errors.append(
            _("“%(value)s” is not a number between 1 and %(max)s.")
            % {"value": text, "max": MAX_NUMBER}
        )
        return None
    return int(text)


def _finish(row: PlayerRow) -> PlayerRow:
    match = CARD_AFTER_NAME.match(row.name)
    if match and match.group(1):
        row.name, row.card = match.group(1), row.card or match.group(2)
    if not row.name:
        row.errors.append(_("The player's name is missing."))
    for value in (row.name, row.club):
        if len(value) > NAME_MAX:
            row.errors.append(
                _("“%(value)s” is longer than %(max)s characters.")
                % {"value": value, "max": NAME_MAX}
            )
    return row


def parse_player_line(text: str, line: int) -> PlayerRow:
    """One pasted line: ``[7. ]Anna Rossi[; Circolo Aurora]``."""
    row = PlayerRow(line=line, number=None, name="")
    text = text.strip()
    match = LEADING_NUMBER.match(text)
    if match:
        row.number = _number(match.group(1), row)
        text = text[match.end() :]
    name, _sep, club = text.replace("\t", ";").partition(";")
    row.name, row.club = _clean(name), _clean(club.strip(" ;"))
    return _finish(row)


def parse_player_text(text: str) -> list[PlayerRow]:
    """Every non-blank line of ``text``, numbered as in the textarea."""
    return [
        parse_player_line(line, number)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]


def _header_key(value: object) -> str | None:
    text = unicodedata.normalize("NFKD", _clean(value)).lower()
    return HEADER_KEYS.get("".join(c for c in text if c.isalnum()))


def player_rows_from_cells(rows: Iterable[tuple[int, list]]) -> list[PlayerRow]:
    """Spreadsheet rows (row number, cell values) to players; blank rows are skipped."""
    table = [(n, list(cells)) for n, cells in rows if any(_clean(c) for c in cells)]
    if len(table) > MAX_ROWS + 1:
        raise SpreadsheetError(_("The file has more than %(max)s rows.") % {"max": MAX_ROWS})
    if not table:
        raise SpreadsheetError(_("The file contains no players."))
    header = {_header_key(c): i for i, c in enumerate(table[0][1]) if _header_key(c)}
    if "name" in header:
        layout, data = header, table[1:]
    else:
        first = _clean(table[0][1][0]) if table[0][1] else ""
        layout = {"number": 0, "name": 1, "club": 2} if first.isdigit() else {"name": 0, "club": 1}
        data = table
    result = []
    for line, cells in data:

        def cell(key: str, cells: list = cells) -> object:
            i = layout.get(key)
            return cells[i] if i is not None and i < len(cells) else None

        name, club = _clean(cell("name")), _clean(cell("club"))
        row = PlayerRow(line=line, number=None, name=name, club=club, card=_clean(cell("card")))
        row.number = _number(cell("number"), row)
        result.append(_finish(row))
    if not result:
        raise SpreadsheetError(_("The file contains no players."))
    return result


def parse_player_spreadsheet(name: str, data: bytes) -> list[PlayerRow]:
    """An uploaded .xlsx or .csv file as players; raises SpreadsheetError when unreadable."""
    if len(data) > MAX_FILE_BYTES:
        raise SpreadsheetError(
            _("The file is larger than %(size)s MB.") % {"size": MAX_FILE_BYTES // (1024 * 1024)}
        )
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if data.startswith(b"PK\x03\x04"):
        return player_rows_from_cells(xlsx_cells(data))
    if extension in {"csv", "txt", "tsv", ""}:
        return player_rows_from_cells(csv_cells(data))
    raise not_a_spreadsheet()


def check_player_rows(rows: list[PlayerRow], *, registered: Mapping[int, str]) -> list[PlayerRow]:
    """Number the rows without a number (after the highest taken) and flag clashes: a number
    used twice or already taken, a name already registered or listed twice (case ignored)."""
    names = {name.casefold(): number for number, name in registered.items()}
    numbers = set(registered)
    for row in rows:
        if row.number is not None:
            if row.number in numbers:
                row.errors.append(_("Number %(number)s is already taken.") % {"number": row.number})
            numbers.add(row.number)
    top = max(numbers, default=0)
    for row in rows:
        if row.number is None and not row.errors:
            top += 1
            row.number = top
        key = row.name.casefold()
        if key and key in names:
            row.errors.append(
                _("%(name)s is already registered (number %(number)s).")
                % {"name": row.name, "number": names[key]}
            )
        elif key:
            names[key] = row.number
    return rows
