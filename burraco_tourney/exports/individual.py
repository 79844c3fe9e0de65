"""The printouts and the workbook of an individual tournament (players, not pairs).

Registered beside the pairs' exporters under keys of their own, offered by the individual format
(``IndividualFormat.exporters``):
the standings by player (PDF), the seating of a turno by table and alphabetical by player
("Anna Rossi: tavolo 3, NS con Bruno Bianchi"), and the workbook with the standings and a sheet
per turno. The scorecards and the table cards are the pairs' own printouts: they name each line
through ``Table.ns_line``/``eo_line``, which for an individual table are its two players. They
read through the selectors and never write.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.individual_seating import individual_seating
from burraco_tourney.tournaments.selectors.standings import Standing as PlayerStanding

from .excel import WorkbookExporter, _rules_sheet
from .printouts import PORTRAIT_MAX_TURNI, PdfPrintout
from .registry import download_name, register
from .selectors import StandingsSheet, standings_sheet
from .sheet_layout import marked_heading, workbook_heading
from .xlsx_writer import Sheet, write_workbook


@dataclass(frozen=True)
class PlayerStandingsSheet(StandingsSheet):
    """The standings by player after a turno, with what the printout says around them."""

    rows: list[PlayerStanding]

    def by_turno(self) -> list[tuple[PlayerStanding, list[int | None]]]:
        return [(row, [row.earned_vp_by_turno.get(n) for n in self.turni]) for row in self.rows]


def player_standings_sheet(
    *, tournament: Tournament, after_turno: int | None = None
) -> PlayerStandingsSheet:
    """The pairs' ``standings_sheet`` by player: Http404 for a turno that is not published."""
    sheet = standings_sheet(
        tournament=tournament, after_turno=after_turno, sheet=PlayerStandingsSheet
    )
    assert isinstance(sheet, PlayerStandingsSheet)
    return sheet


@register
class PlayerStandingsPdf(PdfPrintout):
    key = "classifica-giocatori"
    label = _("Standings by player (PDF)")
    description = _(
        "Rank, players, VP, scarto, MP, penalties and VP per turno after the turno you choose, "
        "with the rules in use and lines for the signatures."
    )
    scope = "tournament"
    template_name = "pdf/individual_standings.html"
    file_stem = "classifica"
    after_turno_choice = True

    def context(self, *, tournament, turno, after_turno):
        sheet = player_standings_sheet(tournament=tournament, after_turno=after_turno)
        return {"sheet": sheet, "landscape": len(sheet.turni) > PORTRAIT_MAX_TURNI}

    def filename(self, *, tournament, turno, after_turno):
        sheet = player_standings_sheet(tournament=tournament, after_turno=after_turno)
        if sheet.after_turno is None:
            return download_name(tournament, "classifica", ext="pdf")
        mark = "provvisoria" if sheet.provisional else "finale" if sheet.final else ""
        after = sheet.after_turno
        return download_name(tournament, "classifica-dopo-turno", after, mark, ext="pdf")


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
    sheet = player_standings_sheet(tournament=tournament, after_turno=after_turno)
    heading = marked_heading(
        workbook_heading(tournament), provisional=sheet.provisional, final=sheet.final
    )
    sheets = [_standings(sheet, heading)]
    for turno in tournament.turni.filter(published=True, number__in=sheet.turni).order_by("number"):
        sheets.append(_turno_sheet(turno, heading))
    sheets.append(_rules_sheet(tournament, heading))
    return write_workbook(sheets, title=heading)


def _standings(sheet: PlayerStandingsSheet, heading: str) -> Sheet:
    header = [
        gettext("Rank"),
        gettext("Number"),
        gettext("Player"),
        gettext("Club"),
        gettext("VP"),
        gettext("Scarto"),
        gettext("MP"),
        gettext("Penalty VP"),
        gettext("Penalty MP"),
        *(gettext("T%(number)s") % {"number": n} for n in sheet.turni),
    ]
    rows: list[list[Any]] = [
        [
            row.rank,
            row.player.number,
            row.player.name,
            row.player.club,
            row.vp,
            row.scarto,
            row.mp,
            row.penalty_vp,
            row.penalty_mp,
            *by_turno,
        ]
        for row, by_turno in sheet.by_turno()
    ]
    if sheet.missing:
        rows = [[f"{gettext('The standings cannot be computed yet.')} {sheet.missing}"]]
    return Sheet(
        name=gettext("Standings"),
        caption=f"{heading} — {gettext('Standings')}",
        header=header,
        rows=rows,
        auto_filter=True,
    )


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
