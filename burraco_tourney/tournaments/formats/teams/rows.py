"""How a list of teams is read (``TeamEntrants.read_text``, ``read_file``): the one registration
list reader's ``ImportRow``, with the team's name as its name and its players as its ``roster``;
the preview, the near-name questions and the import service are every kind's
(``views/manage/pairs_import.py``, ``services.pairs.entrants_import``).

A pasted line is one team: ``[7. ]Aurora Uno: Rossi Anna, Bianchi Bruno, Verdi Carla,
Neri Dario[; Circolo Aurora]``. A file (.xlsx or .csv) has a row per player: the team's name, the
player's name and, optionally, the club (columns "Squadra", "Giocatore", "Circolo", or in that
order without a header row); the rows of one team need not be next to each other. Never writes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_tourney.core.spreadsheets import SpreadsheetError, csv_cells, xlsx_cells

from ...entrant_rows import (
    LEADING_NUMBER,
    MAX_FILE_BYTES,
    MAX_ROWS,
    NAME_MAX,
    ImportRow,
    check_lengths,
    clean_cell,
    name_and_card,
    read_number,
)
from .words import ROSTER_MAX, ROSTER_MIN

HEADERS = {
    "team": {"squadra", "team", "nomesquadra", "teamname"},
    "player": {"giocatore", "player", "nome", "name", "giocatrice", "cognomenome", "nomecognome"},
    "club": {"circolo", "club", "associazione", "societa", "asd"},
    "number": {"numero", "number", "num", "n", "nr", "no"},
}
CSV_EXTENSIONS = {"csv", "txt", "tsv", ""}
HEADER_KEYS = {name: key for key, names in HEADERS.items() for name in names}


def _team_row(line: int, name: str, players: list[str], club: str) -> ImportRow:
    row = ImportRow(line=line, number=None, player1=clean_cell(name), size=1, club=club)
    row.roster = [clean_cell(p) for p in players if clean_cell(p)]
    if not row.player1:
        row.errors.append(_("The team's name is missing: write it before “:”."))
    if not ROSTER_MIN <= len(row.roster) <= ROSTER_MAX:
        row.errors.append(
            ngettext(
                "A team has %(min)s to %(max)s different players: %(count)s was given.",
                "A team has %(min)s to %(max)s different players: %(count)s were given.",
                len(row.roster),
            )
            % {"min": ROSTER_MIN, "max": ROSTER_MAX, "count": len(row.roster)}
        )
    check_lengths(row)
    if any(len(name_and_card(p, "")[0]) > NAME_MAX for p in row.roster):
        row.errors.append(_("A name is longer than %(max)s characters.") % {"max": NAME_MAX})
    return row


def parse_team_line(text: str, line: int) -> ImportRow:
    """One pasted team: ``[7. ]Name: player, player, player, player[; club]``."""
    text = text.strip()
    number = LEADING_NUMBER.match(text)
    head = text[number.end() :] if number else text
    players_part, _sep, club = head.partition(";")
    name, colon, players = players_part.partition(":")
    if not colon:
        name, players = "", players_part
    row = _team_row(line, name, players.split(","), clean_cell(club))
    if number:
        row.number = read_number(number.group(1), row)
    return row


def parse_team_text(text: str) -> list[ImportRow]:
    """Every non-blank line of ``text`` as a team; line numbers count blank lines too."""
    rows = [
        parse_team_line(line, number)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]
    return flag_people_twice(rows)


def _header_key(value: object) -> str | None:
    text = unicodedata.normalize("NFKD", clean_cell(value)).lower()
    return HEADER_KEYS.get(re.sub(r"[^a-z0-9]", "", text))


def team_rows_from_cells(rows: Iterable[tuple[int, list]]) -> list[ImportRow]:
    """A spreadsheet with a row per player (team, player, club) as one row per team."""
    table = [(n, list(cells)) for n, cells in rows if any(clean_cell(c) for c in cells)]
    if len(table) > MAX_ROWS + 1:
        raise SpreadsheetError(_("The file has more than %(max)s rows.") % {"max": MAX_ROWS})
    if not table:
        raise SpreadsheetError(_("The file contains no teams."))
    keys = {_header_key(v): i for i, v in reversed(list(enumerate(table[0][1])))}
    if "team" in keys or "player" in keys:
        if not {"team", "player"} <= keys.keys():
            raise SpreadsheetError(
                _(
                    "The columns of the team and of the player were not found. Name them "
                    "“Squadra” and “Giocatore” (or “Team” and “Player”), or leave out the "
                    "header row."
                )
            )
        layout, table = keys, table[1:]
    else:
        layout = {"team": 0, "player": 1, "club": 2}

    def cell(cells: list, key: str) -> str:
        i = layout.get(key)
        return clean_cell(cells[i]) if i is not None and i < len(cells) else ""

    teams: dict[str, dict] = {}
    for line, cells in table:
        name = cell(cells, "team")
        team = teams.setdefault(
            name.casefold(), {"line": line, "name": name, "players": [], "club": "", "n": ""}
        )
        team["players"].append(cell(cells, "player") or "")
        team["club"] = team["club"] or cell(cells, "club")
        team["n"] = team["n"] or cell(cells, "number")
    result = []
    for team in teams.values():
        blank = [p for p in team["players"] if not p]
        row = _team_row(team["line"], team["name"], team["players"], team["club"])
        if blank:
            row.errors.append(_("A row of this team has no player's name."))
        row.number = read_number(team["n"], row)
        result.append(row)
    if not result:
        raise SpreadsheetError(_("The file contains no teams."))
    return flag_people_twice(result)


def parse_team_spreadsheet(name: str, data: bytes) -> list[ImportRow]:
    """An uploaded .xlsx or .csv file of teams; raises SpreadsheetError when unreadable."""
    from ...pair_import import parse_spreadsheet

    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    xlsx = data.startswith(b"PK\x03\x04")
    old_excel = data.startswith(b"\xd0\xcf\x11\xe0") or extension == "xls"
    if len(data) > MAX_FILE_BYTES or old_excel or not (xlsx or extension in CSV_EXTENSIONS):
        parse_spreadsheet(name, data)  # the every list's refusal: too large, .xls, not a sheet
    return team_rows_from_cells(xlsx_cells(data) if xlsx else csv_cells(data))


def flag_people_twice(rows: list[ImportRow]) -> list[ImportRow]:
    """A person plays for one team only: a name twice in the list is an error on its later
    team (or on the team that names it twice)."""
    seen: dict[str, ImportRow] = {}
    for row in rows:
        for player in row.roster:
            key = " ".join(name_and_card(player, "")[0].casefold().split())
            earlier = seen.get(key)
            if earlier is row:
                row.errors.append(_("%(person)s is named twice in this team.") % {"person": player})
            elif earlier is not None:
                row.errors.append(
                    _(
                        "%(person)s is also in team %(team)s (line %(line)s): a person plays "
                        "for one team only."
                    )
                    % {"person": player, "team": earlier.name, "line": earlier.line}
                )
            else:
                seen[key] = row
    return rows
