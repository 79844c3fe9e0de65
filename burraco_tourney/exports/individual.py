"""The standings by player of an individual tournament (players, not pairs): the PDF, and the
standings sheet of its workbook (``excel.player_workbook_bytes``).

Registered beside the pairs' exporters under a key of its own, offered by the individual format
(``IndividualFormat.exporters``). The seating printouts, the workbook, the scorecards and the
table cards are the shared exporters (``printouts.py``, ``excel.py``): the kind hands out its
seating, templates and workbook (``fmt.entrants``). Reads through the selectors, never writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.standings_individual import (
    PlayerStanding,
)

from .printouts import PORTRAIT_MAX_TURNI, PdfPrintout
from .registry import download_name, register
from .selectors import StandingsSheet, standings_sheet
from .xlsx_writer import Sheet


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
