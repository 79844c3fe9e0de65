"""Reading a list of pairs pasted or uploaded by the director, before anything is saved.

Turns pasted text, or an .xlsx/.csv file, into ``ImportRow`` values, each carrying the errors
found on its own line, and checks them against the pairs already registered. This module never
writes to the database: the caller passes the registered pairs as plain values, shows the preview,
and the pairs service saves the rows in one transaction once the director confirms.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field

from django.utils.translation import gettext as _

from .player_names import flag_repeated_players
from .spreadsheet_files import SpreadsheetError, csv_cells, not_a_spreadsheet, xlsx_cells

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ROWS = 1000
MAX_NUMBER = 9999
NAME_MAX = 120  # Entrant.player1 / player2 / club max_length
# A longer cell is cut (with "…") as soon as it is read: the preview and the errors never carry
# a huge value; it is still refused as too long.
CELL_MAX = 2 * NAME_MAX

# Between the two players: " - ", " – ", " — " (spaces required, so "De-Rossi" stays whole) or "/".
PLAYER_SEPARATOR = re.compile(r"\s+[-–—]\s+|\s*/\s*")
PLAYERS_SPLIT = re.compile(r"\t|" + PLAYER_SEPARATOR.pattern)  # in a pasted line, a tab too
# An optional leading pair number: "7. ", "7) ", "7 " or "7<tab>".
LEADING_NUMBER = re.compile(r"^(\d{1,6})(?:\s*[.)]\s*|\s+)(?=\S)")
NUMBER_CELL = re.compile(r"^\s*(\d{1,9})\s*[.)]?\s*$")
# A player's federation card after the name, in brackets: "Rossi Anna (RM12345)".
CARD_AFTER_NAME = re.compile(r"^(.*?)\s*[(\[]\s*([A-Za-z0-9][A-Za-z0-9/.-]{0,19})\s*[)\]]$")


@dataclass
class ImportRow:
    """One pair as read from one line of text or one spreadsheet row."""

    line: int
    number: int | None
    player1: str
    player2: str
    club: str = ""
    errors: list[str] = field(default_factory=list)
    # True when the number was not given and ``check_rows`` assigned the next free one.
    number_auto: bool = False
    # What the director should look at but may accept (a player already in another pair).
    warnings: list[str] = field(default_factory=list)
    # The players' federation cards, when the list gives them (a card column or "(card)").
    card1: str = ""
    card2: str = ""

    @property
    def players(self) -> str:
        return f"{self.player1} – {self.player2}"

    def payload(self) -> dict:
        data = asdict(self)
        del data["errors"], data["number_auto"], data["warnings"]
        if self.number_auto:
            data["number"] = None
        return data


def _clean(value: object) -> str:
    """A cell or a piece of a line as text, with runs of white space collapsed."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = " ".join(str(value)[: CELL_MAX * 4].split())
    return text if len(text) <= CELL_MAX else text[:CELL_MAX] + "…"


def _number(value: object, row: ImportRow) -> int | None:
    """Read a pair number; a bad one adds an error to ``row`` and counts as missing."""
    if isinstance(value, bool):
        value = str(value)
    if isinstance(value, int | float) and float(value).is_integer():
        number = int(value)
    else:
        text = _clean(value)
        if not text:
            return None
        match = NUMBER_CELL.match(text)
        if not match:
            row.errors.append(_("“%(value)s” is not a pair number.") % {"value": text})
            return None
        number = int(match.group(1))
    if not 1 <= number <= MAX_NUMBER:
        row.errors.append(_("The pair number must be between 1 and %(max)s.") % {"max": MAX_NUMBER})
        return None
    return number


def _set_players(row: ImportRow, names: list[str]) -> None:
    names = [_clean(n) for n in names]
    filled = [n for n in names if n]
    if len(names) > 2 and len(filled) > 2:
        row.errors.append(
            _(
                "More than two players: separate the two players with “ - ” and put the club "
                "after “;”."
            )
        )
    elif len(filled) < 2 or len(names) != 2:
        row.errors.append(_("Two players are needed."))
    if filled:
        row.player1, row.card1 = _name_and_card(filled[0], row.card1)
        row.player2, row.card2 = _name_and_card(" / ".join(filled[1:]), row.card2)


def _name_and_card(text: str, card: str) -> tuple[str, str]:
    """A player's name, and its card when the text ends with one in brackets."""
    match = CARD_AFTER_NAME.match(text)
    if match and match.group(1):
        return match.group(1), card or match.group(2)
    return text, card


def _check_lengths(row: ImportRow) -> None:
    if max(len(row.player1), len(row.player2)) > NAME_MAX:
        row.errors.append(_("A name is longer than %(max)s characters.") % {"max": NAME_MAX})
    if len(row.club) > NAME_MAX:
        row.errors.append(_("The club is longer than %(max)s characters.") % {"max": NAME_MAX})


# --- Pasted text ---------------------------------------------------------------------------


def parse_line(text: str, line: int) -> ImportRow:
    """One pasted line: ``[7. ]Rossi Anna - Bianchi Bruno[; Circolo Aurora]``.

    The players are separated by " - ", " – ", "/" or a tab; the club follows ";" or a tab.
    """
    row = ImportRow(line=line, number=None, player1="", player2="")
    text = text.strip()
    match = LEADING_NUMBER.match(text)
    if match:
        row.number = _number(match.group(1), row)
        text = text[match.end() :]
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
    row.club = _clean(club)
    _set_players(row, PLAYERS_SPLIT.split(players_text.strip()))
    if extra:
        row.errors.append(_("Too many columns: two players and a club are expected."))
    _check_lengths(row)
    return row


def parse_text(text: str) -> list[ImportRow]:
    """Every non-blank line of ``text``; line numbers count blank lines too, as in the textarea."""
    return [
        parse_line(line, number)
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
}
HEADER_KEYS = {name: key for key, names in HEADERS.items() for name in names}


def _header_key(value: object) -> str | None:
    text = unicodedata.normalize("NFKD", _clean(value)).lower()
    return HEADER_KEYS.get(re.sub(r"[^a-z0-9]", "", text))


def _is_number_cell(value: object) -> bool:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value).is_integer()
    return bool(NUMBER_CELL.match(_clean(value)))


def _columns(rows: list[tuple[int, list]]) -> tuple[dict[str, int], list[tuple[int, list]]]:
    """Which column holds what: from a header row, or by position. Returns the data rows too."""
    first = rows[0][1]
    keys = {i: _header_key(v) for i, v in enumerate(first)}
    header = {key: i for i, key in sorted(keys.items(), reverse=True) if key}
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
        return [cells[i] for _, cells in rows if i < len(cells) and _clean(cells[i])]

    layout: dict[str, int] = {}
    start = 0
    if width >= 4 or (width >= 2 and all(_is_number_cell(v) for v in column(0))):
        layout["number"], start = 0, 1
    combined = column(start)
    if combined and all(PLAYER_SEPARATOR.search(_clean(v)) for v in combined):
        layout["players"] = start
        if width > start + 1:
            layout["club"] = start + 1
    else:
        layout["player1"], layout["player2"] = start, start + 1
        if width > start + 2:
            layout["club"] = start + 2
    return layout, rows


def rows_from_cells(rows: Iterable[tuple[int, list]]) -> list[ImportRow]:
    """Spreadsheet rows (row number, cell values) to pairs; blank rows are skipped."""
    table = []
    for number, cells in rows:
        cells = list(cells)
        while cells and not _clean(cells[-1]):
            cells.pop()
        if cells:
            table.append((number, cells))
            if len(table) > MAX_ROWS + 1:
                raise SpreadsheetError(
                    _("The file has more than %(max)s rows.") % {"max": MAX_ROWS}
                )
    if not table:
        raise SpreadsheetError(_("The file contains no pairs."))
    layout, data = _columns(table)

    def cell(cells: list, key: str) -> object:
        i = layout.get(key)
        return cells[i] if i is not None and i < len(cells) else None

    result = []
    for number, cells in data:
        row = ImportRow(line=number, number=None, player1="", player2="")
        row.number = _number(cell(cells, "number"), row)
        row.card1, row.card2 = _clean(cell(cells, "card1")), _clean(cell(cells, "card2"))
        if "players" in layout:
            _set_players(row, PLAYER_SEPARATOR.split(_clean(cell(cells, "players"))))
        else:
            _set_players(row, [_clean(cell(cells, "player1")), _clean(cell(cells, "player2"))])
        row.club = _clean(cell(cells, "club"))
        _check_lengths(row)
        result.append(row)
    if not result:
        raise SpreadsheetError(_("The file contains no pairs."))
    return result


def parse_spreadsheet(name: str, data: bytes) -> list[ImportRow]:
    """An uploaded .xlsx or .csv file as pairs; raises SpreadsheetError for an unreadable file."""
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
        return rows_from_cells(xlsx_cells(data))
    if extension in {"csv", "txt", "tsv", ""}:
        return rows_from_cells(csv_cells(data))
    raise not_a_spreadsheet()


# --- Checks against each other and against the registered pairs -----------------------------


def _players_key(player1: str, player2: str) -> frozenset[str]:
    return frozenset((player1.casefold(), player2.casefold()))


def check_rows(
    rows: list[ImportRow], *, registered: Mapping[int, tuple[str, str]]
) -> list[ImportRow]:
    """Find clashes and number the rows that have no number.

    ``registered`` maps the number of each pair already in the tournament to its two players.
    A number used twice, a number already taken and a pair already registered (in either order)
    are errors on the later line; a player already in another pair is a warning
    (``player_names``). Rows without a number get, in their order, the numbers after
    the highest registered one that no other row of the list names. The rows are changed in
    place and returned.
    """
    by_players = {_players_key(*players): number for number, players in registered.items()}
    for row in rows:
        row.warnings = []  # a second check finds them afresh
    number_lines: dict[int, int] = {}
    player_lines: dict[frozenset[str], int] = {}
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
        if row.player1 and row.player2:
            key = _players_key(row.player1, row.player2)
            if key in by_players:
                row.errors.append(
                    _("This pair is already registered as number %(number)s.")
                    % {"number": by_players[key]}
                )
            elif key in player_lines:
                row.errors.append(
                    _("The same pair is also on line %(line)s.") % {"line": player_lines[key]}
                )
            else:
                player_lines[key] = row.line
    next_number = max([*registered, 0]) + 1
    for row in rows:
        if row.number is None:
            while next_number in number_lines:
                next_number += 1
            row.number, row.number_auto = next_number, True
            next_number += 1
    flag_repeated_players(rows, registered=registered)
    return rows


def rows_have_warnings(rows: Iterable[ImportRow]) -> bool:
    return any(row.warnings for row in rows)


def rows_have_errors(rows: Iterable[ImportRow]) -> bool:
    return any(row.errors for row in rows)
