"""The workbook's sheet of each girone's standings (RULES.md section 12): the same columns as the
standings sheet (``excel.standings_rows_sheet``), one sheet a girone after it."""

from __future__ import annotations

from django.utils.translation import gettext

from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.gironi import girone_standings_or_missing

from .xlsx_writer import Sheet


def girone_sheets(
    tournament: Tournament, heading: str, turni: list[int], after_turno: int | None, standings
) -> list[Sheet]:
    """One sheet per girone, named "Girone A" …; ``standings`` is ``standings_rows_sheet``."""
    sheets = []
    for girone in girone_standings_or_missing(tournament=tournament, after_turno=after_turno):
        sheet = standings(tournament, heading, girone.rows, turni, None)
        name = gettext("Girone %(name)s") % {"name": girone.name}
        caption = f"{heading} — {name}"
        sheets.append(Sheet(name, caption, sheet.header, sheet.rows, auto_filter=True))
    return sheets
