"""The KO downloads: the bracket sheet (PDF) and the bracket workbook (Excel).

- ``tabellone`` (PDF, public): the bracket drawn as a grid, one column per round, each match
  between the two it is fed by, with its score and how it was decided in words; the third-place
  match and the final places under it. A4 landscape.
- ``tabellone-excel`` (directors): a "bracket" sheet with every match of every round (pairs, MP,
  winner, how it was decided), a "smazzate" sheet with every smazzata of every match (both totals
  and the line that made the last move), and the places.

The match scorecards, with their "last move" box, are the scorecards of each round's turno
(``printouts.ScorecardsPdf``). Both read the bracket through ``selectors.ko`` (published rounds
only, the same sentences as the bracket page); they never write to the database.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook
from openpyxl.styles import Font

from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.ko import BracketPage, MatchView, PlaceView, ko_bracket

from .pdf import render_pdf
from .printouts import page_numbers_css
from .registry import Exporter, ExportFile, download_name, register
from .safe_cells import safe_row
from .sheet_layout import marked_heading, set_print_layout, workbook_heading

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@dataclass(frozen=True)
class GridCell:
    """One match in the printed grid: it spans ``rows`` rows of the first round."""

    match: MatchView
    rows: int


def bracket_grid(page: BracketPage) -> list[list[GridCell]]:
    """The rows of the printed bracket: row i holds the matches that start on it, one per round
    (a match of round r spans 2**(r-1) rows, so it sits between the two it is fed by)."""
    if not page.rounds:
        return []
    grid: list[list[GridCell]] = [[] for _ in page.rounds[0].matches]
    for r, round_view in enumerate(page.rounds):
        span = 2**r
        for index, match in enumerate(round_view.matches):
            grid[index * span].append(GridCell(match=match, rows=span))
    return grid


@register
class BracketPdf(Exporter):
    key = "tabellone"
    label = _("Bracket (PDF)")
    description = _(
        "Every round of the knock-out with each match's score, how it was decided and who goes "
        "on, the third-place match and the final places."
    )
    scope = "tournament"
    public = True

    def render(self, *, tournament, turno=None, after_turno=None) -> ExportFile:
        page = ko_bracket(tournament=tournament, include_drafts=False)
        context: dict[str, Any] = {
            "tournament": tournament,
            "page": page,
            "grid": bracket_grid(page),
            "draft": False,
            "printed_at": timezone.localtime(),
            "page_numbers": page_numbers_css(),
        }
        return ExportFile(
            filename=download_name(tournament, "tabellone", ext="pdf"),
            content_type="application/pdf",
            content=render_pdf("pdf/ko_bracket.html", context),
        )


# -- the workbook ----------------------------------------------------------------------------


def _pair(view: MatchView, line: str) -> tuple[int | None, str]:
    pair = view.ns if line == "ns" else view.eo
    return (pair.number, pair.players) if pair else (None, "")


def _winner(view: MatchView) -> int | None:
    if view.slot.bye:
        return view.ns.number if view.ns else None
    pair = {"ns": view.ns, "eo": view.eo}.get(view.winner_line)
    return pair.number if pair else None


def bracket_rows(page: BracketPage) -> list[list[Any]]:
    """One row per match: round, table, both pairs, MP, winner, in words how it went."""
    rows: list[list[Any]] = []
    named = [(r.name, m) for r in page.rounds for m in r.matches]
    if page.third_place is not None:
        named.append((gettext("Third-place match"), page.third_place))
    for name, view in named:
        table = view.table
        ns, eo = _pair(view, "ns"), _pair(view, "eo")
        has_mp = table is not None and table.has_result and not view.forfeit
        rows.append(
            [
                name,
                table.number if table else None,
                *ns,
                *eo,
                table.ns_mp if has_mp else None,
                table.eo_mp if has_mp else None,
                _winner(view),
                " ".join(filter(None, [view.decision, view.outcome])),
            ]
        )
    return rows


def smazzata_rows(page: BracketPage) -> list[list[Any]]:
    """Every smazzata of every match, with both totals and the line of the last move."""
    lines = {"ns": gettext("NS"), "eo": gettext("EO")}
    rows: list[list[Any]] = []
    views = [(r.name, m) for r in page.rounds for m in r.matches]
    if page.third_place is not None:
        views.append((gettext("Third-place match"), page.third_place))
    for name, view in views:
        if view.table is None:
            continue
        for smazzata in sorted(view.table.smazzate.all(), key=lambda s: s.number):
            rows.append(
                [
                    name,
                    view.table.number,
                    view.ns.number if view.ns else None,
                    view.eo.number if view.eo else None,
                    smazzata.number,
                    smazzata.ns_total,
                    smazzata.eo_total,
                    lines.get(smazzata.last_move, ""),
                    smazzata.get_end_display(),
                ]
            )
    return rows


def place_row(place: PlaceView) -> list[Any]:
    shared = gettext("yes") if place.shared else ""
    return [place.place, shared, place.pair.number, place.pair.players, place.pair.club]


def _sheet(workbook: Workbook, title: str, caption: str, header: list, rows: list) -> None:
    sheet = workbook.create_sheet(title=title[:31])
    sheet.append(safe_row(sheet, [caption]))
    sheet["A1"].font = Font(bold=True, size=13)
    sheet.append(header)
    for cell in sheet[2]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append(safe_row(sheet, row))
    sheet.freeze_panes = "A3"
    set_print_layout(sheet)
    for index, column in enumerate(sheet.iter_cols(min_row=2), start=1):
        width = max((len(str(c.value)) for c in column if c.value is not None), default=4)
        letter = sheet.cell(row=2, column=index).column_letter
        sheet.column_dimensions[letter].width = min(max(width + 2, 6), 60)


def bracket_workbook(*, tournament: Tournament) -> bytes:
    page = ko_bracket(tournament=tournament, include_drafts=False)
    workbook = Workbook()
    workbook.remove(workbook.active)
    title = marked_heading(
        workbook_heading(tournament), provisional=page.provisional, final=page.final
    )
    _sheet(
        workbook,
        gettext("Bracket"),
        title,
        [
            gettext("Round"),
            gettext("Table"),
            gettext("NS pair"),
            gettext("NS players"),
            gettext("EO pair"),
            gettext("EO players"),
            gettext("NS MP"),
            gettext("EO MP"),
            gettext("Goes on"),
            gettext("How it was decided"),
        ],
        bracket_rows(page),
    )
    _sheet(
        workbook,
        gettext("Smazzate"),
        title,
        [
            gettext("Round"),
            gettext("Table"),
            gettext("NS pair"),
            gettext("EO pair"),
            gettext("Smazzata"),
            gettext("NS total"),
            gettext("EO total"),
            gettext("Last move"),
            gettext("Ended by"),
        ],
        smazzata_rows(page),
    )
    _sheet(
        workbook,
        gettext("Places"),
        title,
        [gettext("Place"), gettext("Shared"), gettext("Pair"), gettext("Players"), gettext("Club")],
        [place_row(p) for p in page.places],
    )
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


@register
class BracketWorkbook(Exporter):
    key = "tabellone-excel"
    label = _("Bracket and matches (Excel)")
    description = _(
        "The bracket with every match, every smazzata of every match with the line that made "
        "the last move, and the final places, in one spreadsheet."
    )
    scope = "tournament"
    # Every score of the tournament: for the directors, like the pairs workbook.
    public = False

    def render(self, *, tournament, turno=None, after_turno=None) -> ExportFile:
        return ExportFile(
            filename=download_name(tournament, "tabellone", ext="xlsx"),
            content_type=XLSX,
            content=bracket_workbook(tournament=tournament),
        )
