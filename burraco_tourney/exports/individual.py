"""The printouts and the workbook of an individual tournament (players, not pairs).

Registered beside the pairs' exporters under keys of their own, offered by the individual format
(``IndividualFormat.exporters``):
the seating of a turno by table and alphabetical by player
("Anna Rossi: tavolo 3, NS con Bruno Bianchi"), and the workbook with the standings and a sheet
per turno. The standings by player (PDF, and the workbook's first sheet) are the pairs' own
exporters with the players' columns (``printouts.PlayerStandingsPdf``,
``excel.standings_rows_sheet``). The scorecards and the table cards are the pairs' own
printouts: they name each line through ``Table.ns_line``/``eo_line``, which for an individual
table are its two players. They read through the selectors and never write.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.individual_seating import individual_seating

from .excel import WorkbookExporter, _rules_sheet, standings_rows_sheet
from .printouts import PdfPrintout
from .registry import register
from .selectors import standings_sheet
from .sheet_layout import marked_heading, workbook_heading
from .xlsx_writer import Sheet, write_workbook


class PlayerSeatingPrintout(PdfPrintout):
    scope = "turno"

    def context(self, *, tournament, turno, after_turno):
        seating = individual_seating(turno=turno)
        return {"seating": seating, "places": seating.places()}


@register
class PlayerSeatingByTablePdf(PlayerSeatingPrintout):
    key = "posti-tavoli-giocatori"
    label = _("Seating by table (PDF)")
    description = _("Every table with the two players of each line, and the players resting.")
    template_name = "pdf/individual_seating_tables.html"
    file_stem = "posti-per-tavolo"


@register
class PlayerSeatingByNamePdf(PlayerSeatingPrintout):
    key = "posti-giocatori"
    label = _("Where do I sit, by player (PDF)")
    description = _("Every player in alphabetical order with the table, the line and the partner.")
    template_name = "pdf/individual_seating_players.html"
    file_stem = "posti-alfabetico"


@register
class PlayerWorkbookExporter(WorkbookExporter):
    key = "workbook-giocatori"
    description = _(
        "Standings by player, a sheet per turno with its tables, players and results, and the "
        "rules in use, in one spreadsheet."
    )

    def workbook(self, *, tournament, after_turno: int | None) -> bytes:
        return player_workbook_bytes(tournament=tournament, after_turno=after_turno)


def player_workbook_bytes(*, tournament: Tournament, after_turno: int | None = None) -> bytes:
    sheet = standings_sheet(tournament=tournament, after_turno=after_turno)
    heading = marked_heading(
        workbook_heading(tournament), provisional=sheet.provisional, final=sheet.final
    )
    sheets = [standings_rows_sheet(tournament, heading, sheet.rows, sheet.turni, sheet.missing)]
    for turno in tournament.turni.filter(published=True, number__in=sheet.turni).order_by("number"):
        sheets.append(_turno_sheet(turno, heading))
    sheets.append(_rules_sheet(tournament, heading))
    return write_workbook(sheets, title=heading)


def _turno_sheet(turno, heading: str) -> Sheet:
    seating = individual_seating(turno=turno)
    name = gettext("Turno %(number)s") % {"number": turno.number}
    rows: list[list[Any]] = [
        [
            t.number,
            t.names["ns"],
            t.names["eo"],
            t.table.ns_mp,
            t.table.eo_mp,
            t.table.match.ns_vp,
            t.table.match.eo_vp,
        ]
        for t in seating.tables
    ]
    for player in seating.byes:
        rows.append([None, player.name, gettext("riposo"), None, None, None, None])
    return Sheet(
        name=name,
        caption=f"{heading} — {name}",
        header=[
            gettext("Table"),
            gettext("NS"),
            gettext("EO"),
            gettext("NS MP"),
            gettext("EO MP"),
            gettext("NS VP"),
            gettext("EO VP"),
        ],
        rows=rows,
    )
