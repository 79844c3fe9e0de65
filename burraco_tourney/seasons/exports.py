"""A circuit's files: the standings PDF (WeasyPrint) and the workbook (openpyxl), through the
exporters' shapes (``exports.registry.ExportFile``, ``exports.pdf``, ``exports.xlsx_writer``).

Both show what the page shows: every pair or player with its rank, total, attendances and its
counted and dropped results (T1, T2 … the tournaments by date, listed with their names). The
workbook has the standings (a column of points per tournament, the dropped ones listed beside),
the tournaments and the attendance ("fedeltà"). Reads only.
"""

from __future__ import annotations

from typing import ClassVar

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.exports.pdf import render_pdf
from burraco_tourney.exports.printouts import page_numbers_css
from burraco_tourney.exports.registry import ExportFile
from burraco_tourney.exports.sheet_layout import long_date, marked_heading
from burraco_tourney.exports.xlsx_writer import Sheet, write_workbook

from .models import Circuit
from .scores import score_number, score_text
from .selectors import CircuitStandings, circuit_standings

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def result_text(result) -> str:
    """ "T2: 70 (place 2)": a result as the lists of counted and dropped ones write it."""
    # Translators: one result in a circuit: the tournament's code, the points and the place.
    return gettext("%(code)s: %(points)s (place %(place)s)") % {
        "code": result.tournament.code,
        "points": score_text(result.score),
        "place": result.place,
    }


class CircuitExporter:
    key: ClassVar[str]
    label: ClassVar[object]

    def render(self, *, circuit: Circuit) -> ExportFile:
        raise NotImplementedError


class CircuitPdf(CircuitExporter):
    key = "pdf"
    label = _("Standings (PDF)")

    def render(self, *, circuit: Circuit) -> ExportFile:
        standings = circuit_standings(circuit=circuit)
        content = render_pdf(
            "pdf/circuit_standings.html",
            {"circuit": circuit, "standings": standings, "page_numbers": page_numbers_css()},
        )
        return ExportFile(f"{circuit.slug}-classifica.pdf", "application/pdf", content)


def _standings_sheet(standings: CircuitStandings) -> Sheet:
    codes = [t.code for t in standings.tournaments]
    header = [
        gettext("Rank"),
        gettext("Pair") if standings.rules.ranks == "pairs" else gettext("Player"),
        gettext("Total"),
        gettext("Attendances"),
        gettext("Qualified"),
        gettext("Dropped results"),
        *codes,
    ]
    rows = []
    for line in standings.lines:
        by_code = {r.tournament.code: r for r in line.results}
        by_draw = f" ({gettext('by draw')})" if line.row.by_draw else ""
        rows.append(
            [
                line.rank,
                line.name + by_draw,
                score_number(line.total),
                line.attendances,
                gettext("yes") if line.row.qualified else "",
                ", ".join(result_text(r) for r in line.dropped),
                *(score_number(by_code[c].score) if c in by_code else None for c in codes),
            ]
        )
    return Sheet(
        name=gettext("Circuit standings"),
        caption=marked_heading(
            f"{standings.circuit.name} — {gettext('Circuit standings')}",
            provisional=standings.provisional,
            final=False,
        ),
        header=header,
        rows=rows,
        auto_filter=True,
    )


def _tournaments_sheet(standings: CircuitStandings) -> Sheet:
    return Sheet(
        name=gettext("Tournaments"),
        caption=f"{standings.circuit.name} — {gettext('Tournaments')}",
        header=[gettext("Code"), gettext("Tournament"), gettext("Date"), gettext("Entrants")],
        rows=[
            [t.code, t.tournament.name, long_date(t.tournament.date), t.entrants]
            for t in standings.tournaments
        ]
        # A tournament the circuit does not count, and why, as the page and the PDF say.
        + [["—", why, None, None] for why in standings.left_out],
    )


def _attendance_sheet(standings: CircuitStandings) -> Sheet:
    return Sheet(
        name=gettext("Attendance"),
        caption=f"{standings.circuit.name} — {gettext('Attendance')}",
        header=[
            gettext("Pair") if standings.rules.ranks == "pairs" else gettext("Player"),
            gettext("Attendances"),
            *(t.code for t in standings.tournaments),
        ],
        rows=[
            [a.line.name, a.line.attendances, *("✓" if here else "" for here in a.present)]
            for a in standings.attendance()
        ],
    )


class CircuitWorkbook(CircuitExporter):
    key = "xlsx"
    label = _("Workbook (Excel)")

    def render(self, *, circuit: Circuit) -> ExportFile:
        standings = circuit_standings(circuit=circuit)
        sheets = [
            _standings_sheet(standings),
            _tournaments_sheet(standings),
            _attendance_sheet(standings),
        ]
        content = write_workbook(sheets, title=circuit.name)
        return ExportFile(f"{circuit.slug}-classifica.xlsx", XLSX, content)


CIRCUIT_EXPORTERS: dict[str, type[CircuitExporter]] = {
    exporter.key: exporter for exporter in (CircuitPdf, CircuitWorkbook)
}
