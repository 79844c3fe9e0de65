"""The federation report's files (RULES.md section 14; columns in docs/federation_report.md):
a CSV and a workbook with the same columns, and a PDF with the signature lines of the arbitro,
the director and the responsabile sala conti.

The exporters read the report (``selectors.federation``) and its checks
(``selectors.federation_checks``) and refuse, with ``ReportRefused``, while a check blocks the
export or a warning stands that the director did not choose to export past (``anyway``). They
follow the exporters' interface but are not in the downloads registry: the generic download
would hand the file out without the checks. The report's own page runs the checks and links
them (``views.manage.federation``).
"""

from __future__ import annotations

import csv
import io
from typing import Any, ClassVar

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from burraco_tourney.tournaments.models import FederationReport, Tournament
from burraco_tourney.tournaments.selectors.federation import Report, federation_report, report_of
from burraco_tourney.tournaments.selectors.federation_checks import (
    Problem,
    export_allowed,
    report_problems,
)

from .pdf import render_pdf
from .printouts import page_numbers_css
from .registry import Exporter, ExportFile, download_name
from .safe_cells import looks_like_formula
from .xlsx_writer import Sheet, write_workbook

CSV = "text/csv; charset=utf-8"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF = "application/pdf"
FILE_STEM = "rapporto-federazione"


class ReportRefused(Exception):
    """The report cannot be exported yet: ``problems`` say what to fix."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(f"{len(problems)} problems")


def players_per_row(report: Report) -> int:
    """How many player and card columns the rows need: two for pairs, one for an individual
    tournament, a team's largest roster."""
    return max((len(row.players) for row in report.rows), default=1) or 1


def report_columns(report: Report) -> list[str]:
    """The report's column headers in the reader's language (docs/federation_report.md)."""
    columns = [_("Rank"), _("Number")]
    for index in range(1, players_per_row(report) + 1):
        columns += [
            _("Player %(n)s") % {"n": index},
            _("Card %(n)s") % {"n": index},
        ]
    columns += [
        _("Club"),
        pgettext("victory points", "VP"),
        pgettext("match points", "MP"),
        _("Girone"),
        _("Prize"),
    ]
    return columns


def report_rows(report: Report) -> list[list[Any]]:
    """The rows as plain values (None: an empty cell), in the columns' order."""
    width = players_per_row(report)
    rows = []
    for row in report.rows:
        cells: list[Any] = [row.rank, row.entrant.number]
        for index in range(width):
            player = row.players[index] if index < len(row.players) else None
            cells += [player.printed, player.card or None] if player else [None, None]
        cells += [row.club or None, row.vp, row.mp, row.girone or None, row.prize or None]
        rows.append(cells)
    return rows


def report_details(report: Report) -> list[tuple[str, Any]]:
    """The tournament's lines of the report: its name, date, venue, class, tables, turni ×
    smazzate and VP table."""
    header = report.header
    tournament = header.tournament
    return [
        (_("Tournament"), tournament.name),
        (_("Date"), tournament.date.isoformat()),
        (_("Venue"), tournament.venue),
        (_("Tournament class"), header.class_label),
        (_("Tables"), header.tables),
        (_("Turni"), header.turni),
        (_("Smazzate per turno"), header.smazzate),
        (_("VP table"), header.vp_table),
    ]


def _csv_cell(value: Any) -> Any:
    """A cell a spreadsheet opening the CSV never runs as a formula."""
    if value is None:
        return ""
    return "'" + value if looks_like_formula(value) else value


def report_csv(report: Report) -> bytes:
    """The tournament's lines first (name;value), an empty line, then the table."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    for label, value in report_details(report):
        writer.writerow([label, _csv_cell(value)])
    writer.writerow([])
    writer.writerow(report_columns(report))
    for row in report_rows(report):
        writer.writerow([_csv_cell(value) for value in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


class FederationExporter(Exporter):
    """A file of the report; refuses (``ReportRefused``) while the checks do not allow it."""

    public = False
    ext: ClassVar[str]
    content_type: ClassVar[str]

    def __init__(self, *, anyway: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.anyway = anyway

    def render(self, *, tournament: Tournament, turno=None, after_turno=None) -> ExportFile:
        report = federation_report(tournament=tournament)
        problems = report_problems(tournament=tournament, report=report)
        if not export_allowed(problems, anyway=self.anyway):
            raise ReportRefused(problems)
        return ExportFile(
            filename=download_name(tournament, FILE_STEM, ext=self.ext),
            content_type=self.content_type,
            content=self.content(report),
        )

    def content(self, report: Report) -> bytes:
        raise NotImplementedError


class FederationCsv(FederationExporter):
    key = "rapporto-federazione-csv"
    label = gettext_lazy("Federation report (CSV)")
    ext = "csv"
    content_type = CSV

    def content(self, report: Report) -> bytes:
        return report_csv(report)


class FederationXlsx(FederationExporter):
    key = "rapporto-federazione-excel"
    label = gettext_lazy("Federation report (Excel)")
    ext = "xlsx"
    content_type = XLSX

    def content(self, report: Report) -> bytes:
        tournament = report.header.tournament
        title = f"{tournament.name} · {_('Federation report')}"
        sheets = [
            Sheet(
                name=_("Report"),
                caption=title,
                header=report_columns(report),
                rows=report_rows(report),
            ),
            Sheet(
                name=_("Tournament"),
                caption=title,
                header=[_("Item"), _("Value")],
                rows=[list(line) for line in report_details(report)],
            ),
        ]
        return write_workbook(sheets, title=title)


class FederationPdf(FederationExporter):
    key = "rapporto-federazione-pdf"
    label = gettext_lazy("Federation report (PDF)")
    ext = "pdf"
    content_type = PDF

    def content(self, report: Report) -> bytes:
        tournament = report.header.tournament
        signed = report_of(tournament) or FederationReport(tournament=tournament)
        context = {
            "tournament": tournament,
            "details": report_details(report),
            "columns": report_columns(report),
            "rows": report_rows(report),
            "signed": signed,
            "printed_at": timezone.localtime(),
            "page_numbers": page_numbers_css(),
        }
        return render_pdf("pdf/federation_report.html", context)
