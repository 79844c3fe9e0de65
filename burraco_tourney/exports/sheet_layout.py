"""What every sheet of every workbook shares: its title line and how it prints.

The pairs workbook (``excel``) and the KO workbook (``ko``) both call these, so their titles
read the same ("Torneo di San Martino · 13 marzo 2025 · Circolo Aurora") and both print the
same way: landscape, as wide as one page, the title and header rows repeated on every page.
Nothing here reads or writes the database.
"""

from __future__ import annotations

from django.utils.translation import gettext
from openpyxl.worksheet.properties import PageSetupProperties

from burraco_tourney.core.templatetags.dates import long_date
from burraco_tourney.tournaments.models import Tournament

# Rows 1 (title) and 2 (header): frozen on screen, repeated at the top of each printed page.
PRINT_TITLE_ROWS = "1:2"


def workbook_heading(tournament: Tournament) -> str:
    """The first row of every sheet: name, date in the active language's long form, venue."""
    parts = [tournament.name, long_date(tournament.date), tournament.venue]
    return " · ".join(part for part in parts if part)


def marked_heading(heading: str, *, provisional: bool, final: bool) -> str:
    """The title line of a workbook whose standings are provisional ("PROVVISORIA") or final
    ("Classifica finale"), as ``StandingsChoice.marks`` says."""
    if provisional:
        return f"{heading} — {gettext('PROVISIONAL')}"
    if final:
        return f"{heading} — {gettext('Final standings')}"
    return heading


def set_print_layout(ws) -> None:
    """Landscape, every column on one page's width (as many pages down as it takes), the
    title and header rows on every page. Works on normal and write-only sheets alike, before
    any row is written."""
    ws.print_title_rows = PRINT_TITLE_ROWS
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
