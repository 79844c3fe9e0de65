"""Reading a list of entrants pasted or uploaded by the director, before anything is saved.

Turns pasted text, or an .xlsx/.csv file, into ``ImportRow`` values, each carrying the errors
found on its own line, and checks them against the entrants already registered. One reader for
every kind, parameterised by ``size``, the names per entrant (``len(fmt.entrants.names)``): a
pair's two players ``[7. ]Rossi Anna - Bianchi Bruno[; Circolo Aurora]``, or a player's one name
``[7. ]Rossi Anna[; Circolo Aurora]``. This module never writes to the database: the caller
passes the registered entrants as plain values, shows the preview, and the import service
(``services.pairs``) saves the rows in one transaction once the director confirms.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _

from burraco_tourney.core.spreadsheets import (
    SpreadsheetError,
    csv_cells,
    not_a_spreadsheet,
    xlsx_cells,
)

from .entrant_rows import (
    CELL_MAX,
    LEADING_NUMBER,
    MAX_FILE_BYTES,
    MAX_NUMBER,
    MAX_ROWS,
    NAME_MAX,
    NUMBER_CELL,
    PLAYER_SEPARATOR,
    PLAYERS_SPLIT,
    ImportRow,
    check_lengths,
    clean_cell,
    read_number,
    set_names,
)
from .player_names import flag_repeated_players

# What the forms, the services and the tests read from here.
__all__ = [
    "CELL_MAX",
    "MAX_FILE_BYTES",
    "MAX_NUMBER",
    "MAX_ROWS",
    "NAME_MAX",
    "ImportRow",
    "SpreadsheetError",
    "check_rows",
    "parse_line",
    "parse_spreadsheet",
    "parse_text",
    "rows_from_cells",
    "rows_have_errors",
    "rows_have_warnings",
]

# --- Pasted text ---------------------------------------------------------------------------


def parse_line(text: str, line: int, size: int = 2) -> ImportRow:
    """One pasted line: ``[7. ]Rossi Anna - Bianchi Bruno[; Circolo Aurora]``, or with
    ``size`` 1 ``[7. ]Rossi Anna[; Circolo Aurora]``.

    The players are separated by " - ", " – ", "/" or a tab; the club follows ";" or a tab.
    """
    row = ImportRow(line=line, number=None, player1="", player2="", size=size)
    text = text.strip()
    match = LEADING_NUMBER.match(text)
    if match:
        row.number = read_number(match.group(1), row)
        text = text[match.end() :]
    if size == 1:  # one name: a tab stands for ";" and a hyphen stays in the name
        name, _sep, club = text.replace("\t", ";").partition(";")
        row.club = clean_cell(club.strip(" ;"))
        set_names(row, [name])
        check_lengths(row)
        return row
    players_text, club, extra = text, "", False
    if ";" in text:
        players_text, club = text.split(";", 1)
    elif "\t" in text:
        cells = [c.strip() for c in text.split("\t")]
        while cells and not cells[-1]:
            cells.pop()
        if len(cells) == 2 and PLAYER_SEPARATOR.search(cells[0]):
            players_text, club = cells
        else:
            players_text, club = "\t".join(cells[:2]), " ".join(cells[2:3])
            extra = any(cells[3:])
    row.club = clean_cell(club)
    set_names(row, PLAYERS_SPLIT.split(players_text.strip()))
    if extra:
        row.errors.append(_("Too many columns: two players and a club are expected."))
    check_lengths(row)
    return row


def parse_text(text: str, size: int = 2) -> list[ImportRow]:
    """Every non-blank line of ``text``; line numbers count blank lines too, as in the textarea."""
    return [
        parse_line(line, number, size)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]


# --- Spreadsheets ----------------------------------------------------------------------------

HEADERS = {
    "number": {"numero", "number", "num", "n", "nr", "no", "ncoppia", "numerocoppia", "pairno"},
    "player1": {"giocatore1", "player1", "nome1", "primogiocatore", "firstplayer", "giocatorea"},
    "player2": {"giocatore2", "player2", "nome2", "secondogiocatore", "secondplayer", "giocatoreb"},
    "club": {"circolo", "club", "associazione", "societa", "asd"},
    "card1": {"tessera1", "card1", "tessera", "card"},
    "card2": {"tessera2", "card2"},
    "players": {"giocatori", "players", "coppia", "nomi", "names"},
    # A player's one name (``size`` 1).
    "name": {"nome", "name", "giocatore", "player", "giocatrice", "cognomenome", "nomecognome"},
}
HEADER_KEYS = {name: key for key, names in HEADERS.items() for name in names}


def _header_key(value: object) -> str | None:
    text = unicodedata.normalize("NFKD", clean_cell(value)).lower()
    return HEADER_KEYS.get(re.sub(r"[^a-z0-9]", "", text))


def _is_number_cell(value: object) -> bool:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value).is_integer()
    return bool(NUMBER_CELL.match(clean_cell(value)))


def _columns(
    rows: list[tuple[int, list]], size: int
) -> tuple[dict[str, int], list[tuple[int, list]]]:
    """Which column holds what: from a header row, or by position. Returns the data rows too."""
    first = rows[0][1]
    keys = {i: _header_key(v) for i, v in enumerate(first)}
    header = {key: i for i, key in sorted(keys.items(), reverse=True) if key}
    if size == 1:  # a header row names the players' column; without one: number?, name, club
        if "name" in header:
            return header, rows[1:]
        number = _is_number_cell(first[0]) if first else False
        return ({"number": 0, "name": 1, "club": 2} if number else {"name": 0, "club": 1}), rows
    if header:
        if "players" not in header and not {"player1", "player2"} <= header.keys():
            raise SpreadsheetError(
                _(
                    "The columns of the two players were not found. Name them “Giocatore 1” "
                    "and “Giocatore 2” (or “Player 1” and “Player 2”), or leave out the header "
                    "row."
                )
            )
        return header, rows[1:]
    width = max(len(cells) for _, cells in rows)

    def column(i: int) -> list:
        return [cells[i] for _, cells in rows if i < len(cells) and clean_cell(cells[i])]

    layout: dict[str, int] = {}
    start = 0
    if width >= 4 or (width >= 2 and all(_is_number_cell(v) for v in column(0))):
        layout["number"], start = 0, 1
    combined = column(start)
    if combined and all(PLAYER_SEPARATOR.search(clean_cell(v)) for v in combined):
        layout["players"] = start
        if width > start + 1:
            layout["club"] = start + 1
    else:
        layout["player1"], layout["player2"] = start, start + 1
        if width > start + 2:
            layout["club"] = start + 2
    return layout, rows


def rows_from_cells(rows: Iterable[tuple[int, list]], size: int = 2) -> list[ImportRow]:
    """Spreadsheet rows (row number, cell values) to entrants; blank rows are skipped."""
    empty = _("The file contains no pairs.") if size == 2 else _("The file contains no players.")
    table = []
    for number, cells in rows:
        cells = list(cells)
        while cells and not clean_cell(cells[-1]):
            cells.pop()
        if cells:
            table.append((number, cells))
            if len(table) > MAX_ROWS + 1:
                raise SpreadsheetError(
                    _("The file has more than %(max)s rows.") % {"max": MAX_ROWS}
                )
    if not table:
        raise SpreadsheetError(empty)
    layout, data = _columns(table, size)

    def cell(cells: list, key: str) -> object:
        i = layout.get(key)
        return cells[i] if i is not None and i < len(cells) else None

    result = []
    for number, cells in data:
        row = ImportRow(line=number, number=None, player1="", player2="", size=size)
        row.number = read_number(cell(cells, "number"), row)
        row.card1, row.card2 = clean_cell(cell(cells, "card1")), clean_cell(cell(cells, "card2"))
        if size == 1:
            set_names(row, [clean_cell(cell(cells, "name"))])
        elif "players" in layout:
            set_names(row, PLAYER_SEPARATOR.split(clean_cell(cell(cells, "players"))))
        else:
            set_names(row, [clean_cell(cell(cells, "player1")), clean_cell(cell(cells, "player2"))])
        row.club = clean_cell(cell(cells, "club"))
        check_lengths(row)
        result.append(row)
    if not result:
        raise SpreadsheetError(empty)
    return result


def parse_spreadsheet(name: str, data: bytes, size: int = 2) -> list[ImportRow]:
    """An uploaded .xlsx or .csv file as entrants; raises SpreadsheetError when unreadable."""
    if len(data) > MAX_FILE_BYTES:
        raise SpreadsheetError(
            _("The file is larger than %(size)s MB.") % {"size": MAX_FILE_BYTES // (1024 * 1024)}
        )
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if data.startswith(b"\xd0\xcf\x11\xe0") or extension == "xls":
        raise SpreadsheetError(
            _("The old Excel format (.xls) cannot be read: save the file as .xlsx or .csv.")
        )
    if data.startswith(b"PK\x03\x04"):
        return rows_from_cells(xlsx_cells(data), size)
    if extension in {"csv", "txt", "tsv", ""}:
        return rows_from_cells(csv_cells(data), size)
    raise not_a_spreadsheet()


# --- Checks against each other and against the registered pairs -----------------------------


def _players_key(*names: str) -> frozenset[str]:
    return frozenset(name.casefold() for name in names)


def check_rows(
    rows: list[ImportRow], *, registered: Mapping[int, tuple[str, ...]]
) -> list[ImportRow]:
    """Find clashes and number the rows that have no number.

    ``registered`` maps the number of each entrant already in the tournament to its names (two
    players, or a player's one name). A number used twice, a number already taken and an
    entrant already registered (a pair in either order) are errors on the later line; a player
    already in another pair is a warning (``player_names``). Rows without a number get, in their
    order, the numbers after the highest registered one that no other row of the list names.
    The rows are changed in place and returned.
    """
    by_players = {_players_key(*players): number for number, players in registered.items()}
    for row in rows:
        # A second check finds its errors and warnings afresh, from what reading found.
        if row.read_errors is None:
            row.read_errors = list(row.errors)
        row.errors, row.warnings = list(row.read_errors), []
    number_lines: dict[int, int] = {}
    for row in rows:
        if row.number_auto:  # a second check: numbers are assigned afresh
            row.number, row.number_auto = None, False
        if row.number is not None:
            if row.number in registered:
                row.errors.append(
                    _("Number %(number)s is already taken by %(players)s.")
                    % {"number": row.number, "players": " – ".join(registered[row.number])}
                )
            elif row.number in number_lines:
                row.errors.append(
                    _("Number %(number)s is also on line %(line)s.")
                    % {"number": row.number, "line": number_lines[row.number]}
                )
            else:
                number_lines[row.number] = row.line
    next_number = max([*registered, 0]) + 1
    if any(row.size == 1 for row in rows):
        # A list of players has always numbered its rows without a number after every number
        # taken, the list's own too (a pair's list fills the gaps above the registered pairs).
        next_number = max([*registered, *number_lines, 0]) + 1
    for row in rows:
        if row.number is None:
            while next_number in number_lines:
                next_number += 1
            row.number, row.number_auto = next_number, True
            next_number += 1
    listed: dict[frozenset[str], ImportRow] = {}
    for row in rows:
        if not all(row.names):
            continue
        key = _players_key(*row.names)
        if key in by_players:
            row.errors.append(_already_registered(row, by_players[key]))
        elif key in listed:
            row.errors.append(_listed_twice(row, listed[key]))
        else:
            listed[key] = row
    if all(row.size == 2 for row in rows):  # a player alone is in no other pair
        flag_repeated_players(rows, registered=registered)
    return rows


def _already_registered(row: ImportRow, number: int) -> str:
    if row.size == 1:
        return _("%(name)s is already registered (number %(number)s).") % {
            "name": row.name,
            "number": number,
        }
    return _("This pair is already registered as number %(number)s.") % {"number": number}


def _listed_twice(row: ImportRow, earlier: ImportRow) -> str:
    if row.size == 1:  # the earlier line's player, as the list would number him
        return _already_registered(row, earlier.number)
    return _("The same pair is also on line %(line)s.") % {"line": earlier.line}


def rows_have_warnings(rows: Iterable[ImportRow]) -> bool:
    return any(row.warnings for row in rows)


def rows_have_errors(rows: Iterable[ImportRow]) -> bool:
    return any(row.errors for row in rows)
