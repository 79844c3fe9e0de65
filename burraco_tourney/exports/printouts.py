"""The PDF printouts: scorecards, seating lists and table cards of a turno; the standings.

Each printout is an ``Exporter`` registered under the key its download URL uses. They read through
``exports.selectors`` and the tournament selectors, render a template of ``templates/pdf/`` in the
active language and return the PDF; they never write to the database.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.tournaments.models import Tournament, Turno
from burraco_tourney.tournaments.selectors.seating import turno_seating
from burraco_tourney.tournaments.tables import StandingsTable

from .pdf import render_pdf
from .registry import Exporter, ExportFile, register
from .selectors import scorecards, standings_sheet

PDF = "application/pdf"

# Standings with more VP-per-turno columns than this are printed in landscape.
PORTRAIT_MAX_TURNI = 6


def css_string(text: str) -> str:
    """``text`` as a quoted CSS string (for ``content:``), whatever quotes it holds."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'"{escaped}"'


def page_numbers_css() -> str:
    """The ``content:`` value of "page 1 of 3" in the active language, with live counters."""
    # Translators: the page number at the foot of printed lists.
    label = gettext("page %(page)s of %(pages)s")
    parts = []
    # re.split keeps the captured names at the odd positions: "page ", "page", " of ", "pages".
    for index, piece in enumerate(re.split(r"%\((pages?)\)s", label)):
        if index % 2:
            parts.append(f"counter({piece})")
        elif piece:
            parts.append(css_string(piece))
    return " ".join(parts)


class PdfPrintout(Exporter):
    """A printout rendered from one template of ``templates/pdf/``."""

    template_name: ClassVar[str]
    # The start of the file name: "score" gives "score-turno-2.pdf".
    file_stem: ClassVar[str]
    # Whether the downloads page offers "after turno N" for this printout.
    after_turno_choice: ClassVar[bool] = False

    def context(self, *, tournament: Tournament, turno: Turno | None, after_turno: int | None):
        raise NotImplementedError

    def filename(self, *, tournament: Tournament, turno: Turno | None, after_turno: int | None):
        if turno is not None:
            return f"{self.file_stem}-turno-{turno.number}.pdf"
        return f"{self.file_stem}-{tournament.slug}.pdf"

    def render(
        self, *, tournament: Tournament, turno: Turno | None = None, after_turno: int | None = None
    ) -> ExportFile:
        if self.scope == "turno" and turno is None:
            raise ValueError(f"the {self.key} printout is made for one turno")
        context: dict[str, Any] = {
            "tournament": tournament,
            "turno": turno,
            "draft": turno is not None and not turno.published,
            "printed_at": timezone.localtime(),
            "page_numbers": page_numbers_css(),
        }
        context.update(self.context(tournament=tournament, turno=turno, after_turno=after_turno))
        return ExportFile(
            filename=self.filename(tournament=tournament, turno=turno, after_turno=after_turno),
            content_type=PDF,
            content=render_pdf(self.template_name, context),
        )


@register
class StandingsPdf(PdfPrintout):
    key = "classifica"
    label = _("Standings (PDF)")
    description = _(
        "Rank, pairs, VP, scarto, MP, penalties and VP per turno after the turno you choose, "
        "with the rules in use and lines for the signatures."
    )
    scope = "tournament"
    kinds = ("pairs",)
    public = True
    template_name = "pdf/standings.html"
    file_stem = "classifica"
    after_turno_choice = True

    def context(self, *, tournament, turno, after_turno):
        sheet = standings_sheet(tournament=tournament, after_turno=after_turno)
        table = StandingsTable(sheet.rows, turni=sheet.turni, orderable=False)
        return {
            "sheet": sheet,
            "table": table,
            "landscape": len(sheet.turni) > PORTRAIT_MAX_TURNI,
        }

    def filename(self, *, tournament, turno, after_turno):
        sheet_turno = after_turno
        if sheet_turno is None:
            turni = list(tournament.turni.filter(published=True).values_list("number", flat=True))
            sheet_turno = max(turni) if turni else None
        if sheet_turno is None:
            return f"classifica-{tournament.slug}.pdf"
        return f"classifica-{tournament.slug}-dopo-turno-{sheet_turno}.pdf"


@register
class ScorecardsPdf(PdfPrintout):
    key = "score"
    label = _("Scorecards (PDF)")
    description = _(
        "One scorecard per table, filled in with the pairs, with the VP table in use; "
        "two to an A4 sheet. For the directors only."
    )
    scope = "turno"
    public = False
    template_name = "pdf/scorecards.html"
    file_stem = "score"

    def context(self, *, tournament, turno, after_turno):
        return {"cards": scorecards(tournament=tournament, turno=turno)}


@register
class SeatingByTablePdf(PdfPrintout):
    key = "posti-per-tavolo"
    label = _("Seating by table (PDF)")
    description = _("Every table with its NS and EO pairs, and the pairs resting.")
    scope = "turno"
    template_name = "pdf/seating_tables.html"
    file_stem = "posti-per-tavolo"

    def context(self, *, tournament, turno, after_turno):
        return {"seating": turno_seating(turno=turno)}


@register
class SeatingByPlayerPdf(PdfPrintout):
    key = "posti-alfabetico"
    label = _("Where do I sit, by player (PDF)")
    description = _("Every player in alphabetical order with their table, line and pair.")
    scope = "turno"
    template_name = "pdf/seating_players.html"
    file_stem = "posti-alfabetico"

    def context(self, *, tournament, turno, after_turno):
        return {"seating": turno_seating(turno=turno)}


@register
class TableCardsPdf(PdfPrintout):
    key = "cartelli-tavoli"
    label = _("Table cards (PDF)")
    description = _("One A4 sheet per table with a big table number and its two pairs.")
    scope = "turno"
    template_name = "pdf/table_cards.html"
    file_stem = "cartelli-tavoli"

    def context(self, *, tournament, turno, after_turno):
        return {"seating": turno_seating(turno=turno)}
