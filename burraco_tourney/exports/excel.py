"""The tournament workbook (Excel): standings, one sheet per turno, the pairs, the rules in use.

Sheets, in order:

- standings ("Classifica"): the columns of the page's ``StandingsTable``, read cell by cell as
  its ``as_values()`` exports them (``workbook_data.table_values``), so the screen and the
  spreadsheet never disagree; the penalties as two numbers (VP, MP); auto-filter on;
- one sheet per published turno ("Turno 1", ...): table, NS and EO pairs, each smazzata's total
  for both lines, MP and VP of each line, a note for forfeits, totals-only entries and tables
  still without a result; the pairs resting (riposo) after the tables, with their VP;
- the pairs ("Coppie"): number, players, club, withdrawn;
- the rules in use ("Regole"): ruleset and its values, smazzate per turno, riposo and forfeit
  values, tie-breaks, and the VP table's bands beside them.

Every sheet has a title row (tournament, date, venue, what the sheet shows), then a bold header
row frozen under it, column widths fitted to the content, and real numbers in number cells;
it prints landscape, one page wide, with both rows on every page (``sheet_layout``).
Sheet and column names follow the active language.

The workbook is written in openpyxl's write-only mode: cells stream to the file instead of being
kept as objects, which keeps a 500-pair tournament close to the bare cost of writing its cells
(see ``benchmarks/exports.py``). It reads through the standings selector, the tables and
``workbook_data``; it never writes to the database.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from copy import copy
from dataclasses import dataclass
from functools import partial
from operator import is_not
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter

from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.tournaments.models import EntryMode, Line, RulesetName, Tournament
from burraco_tourney.tournaments.rules_config import (
    tournament_bye_value,
    tournament_forfeit_value,
    tournament_tiebreaks,
    tournament_vp_table,
    vp_table_label,
)
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.tables import StandingsTable

from .registry import Exporter, ExportFile, register
from .sheet_layout import set_print_layout, workbook_heading
from .workbook_data import PairRow, TurnoRows, published_turni, table_values, workbook_data

CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

TITLE_FONT = Font(bold=True, size=13)
HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="E6E6E6")
HEADER_BORDER = Border(bottom=Side(style="thin"))
HEADER_ALIGNMENT = Alignment(vertical="center")
# Rows 1 (title) and 2 (header) stay on screen; data starts on row 3.
HEADER_ROW = 2
FREEZE_AT = "A3"
MIN_WIDTH = 4
MAX_WIDTH = 60
# The auto-filter's drop-down button covers about this many characters of a header cell.
FILTER_BUTTON_WIDTH = 3
# Excel refuses these in a sheet name, and names longer than 31 characters.
SHEET_NAME_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")
SHEET_NAME_MAX = 31

# The same msgids as the tournament settings form, so the two speak alike.
TIEBREAK_LABELS = {
    "scarto": _("Scarto (total MP difference)"),
    "head_to_head": _("Head-to-head (two tied pairs that met)"),
    "mp": _("Own MP (total scored)"),
}
TIEBREAK_POSITIONS = (_("First tie-break"), _("Second tie-break"), _("Third tie-break"))
BURRACO_LABELS = {
    "pulito": _("Burraco pulito"),
    "semipulito": _("Burraco semipulito"),
    "sporco": _("Burraco sporco"),
    "nobile": _("Burraco nobile"),
    "reale": _("Burraco reale"),
}


@dataclass(frozen=True)
class Sheet:
    """One worksheet's content before it is written: plain values, None for an empty cell."""

    name: str
    caption: str
    header: Sequence[str]
    rows: list[Sequence[Any]]
    auto_filter: bool = False


@register
class WorkbookExporter(Exporter):
    key = "workbook"
    label = _("Workbook (Excel)")
    description = _(
        "Standings, every turno with its smazzate, the pairs and the rules in use, in one "
        "spreadsheet."
    )
    scope = "tournament"
    # The standings sheet is the VP classifica, which a knock-out does not have.
    kinds = ("pairs",)
    # Every score of the tournament: for the directors.
    public = False

    def render(self, *, tournament, turno=None, after_turno: int | None = None) -> ExportFile:
        return ExportFile(
            filename=f"{tournament.slug}.xlsx",
            content_type=CONTENT_TYPE,
            content=workbook_bytes(tournament=tournament, after_turno=after_turno),
        )


def workbook_bytes(*, tournament: Tournament, after_turno: int | None = None) -> bytes:
    """The .xlsx file of ``tournament``, with standings and turni up to ``after_turno``."""
    turni = published_turni(tournament=tournament, after_turno=after_turno)
    data = workbook_data(tournament=tournament, turni=turni)
    heading = workbook_heading(tournament)
    sheets = [_standings_sheet(tournament, heading, turni, after_turno)]
    players = {number: pair.players for number, pair in data.pairs.items()}
    sheets += [_turno_sheet(tournament, heading, rows, players) for rows in data.turni]
    sheets += [_pairs_sheet(heading, data.pairs.values()), _rules_sheet(tournament, heading)]

    workbook = Workbook(write_only=True)
    workbook.properties.title = tournament.name
    used: set[str] = set()
    worksheets = [workbook.create_sheet(title=_sheet_name(sheet.name, used)) for sheet in sheets]
    # A style belongs to the workbook: made once, on its first sheet, for every sheet.
    title = _style(worksheets[0], font=TITLE_FONT)
    header = _style(
        worksheets[0],
        font=HEADER_FONT,
        fill=HEADER_FILL,
        border=HEADER_BORDER,
        alignment=HEADER_ALIGNMENT,
    )
    for ws, sheet in zip(worksheets, sheets, strict=True):
        _write_sheet(ws, sheet, title=title, header=header)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _caption(heading: str, subject: str) -> str:
    return f"{heading} — {subject}"


def _standings_sheet(
    tournament: Tournament, heading: str, turni: list[int], after_turno: int | None
) -> Sheet:
    rows = standings(tournament=tournament, after_turno=after_turno)
    # The page's table: its columns, headers and order (hidden columns carry the penalty numbers).
    header, values = table_values(StandingsTable(rows, turni=turni))
    name = gettext("Standings")
    subject = name
    if turni:
        subject = gettext("Standings after turno %(number)s") % {"number": turni[-1]}
    return Sheet(
        name=name,
        caption=_caption(heading, subject),
        header=header,
        rows=values,
        auto_filter=True,
    )


def _turno_sheet(
    tournament: Tournament, heading: str, turno: TurnoRows, players: dict[int, str]
) -> Sheet:
    name = pgettext("turno label", "Turno %(number)s") % {"number": turno.number}
    smazzate = max(turno.most_smazzate, tournament.smazzate_per_turno)
    ns, eo = pgettext("line", "NS"), pgettext("line", "EO")
    header = [
        gettext("Table"),
        capfirst(gettext("NS pair")),
        gettext("NS players"),
        capfirst(gettext("EO pair")),
        gettext("EO players"),
    ]
    for number in range(1, smazzate + 1):
        for line in (ns, eo):
            # Translators: a turno sheet's column: smazzata number and line, e.g. "Sm. 2 NS".
            header.append(
                pgettext("smazzata column", "Sm. %(number)s %(line)s")
                % {"number": number, "line": line}
            )
    header += [gettext("NS MP"), gettext("EO MP"), gettext("NS VP"), gettext("EO VP")]
    header.append(gettext("Note"))

    notes = {
        EntryMode.NONE: gettext("no result yet"),
        EntryMode.TOTALS: gettext("Turno totals only"),
        EntryMode.SMAZZATE: None,
    }
    lines = dict(Line.choices)
    blank_scores = (None,) * (2 * smazzate)
    # Tuples, not lists: a tuple of plain values leaves the garbage collector's watch at its
    # first pass, a list never does.
    rows: list[Sequence[Any]] = []
    for table in turno.tables:
        scores = table.scores + blank_scores[len(table.scores) :]
        if table.entry_mode == EntryMode.FORFEIT:
            won_by = gettext("won by %(line)s") % {"line": lines.get(table.forfeit_winner, "")}
            note = f"{gettext('Forfeit')}: {won_by}"
        else:
            note = notes.get(table.entry_mode)
        rows.append(
            (
                table.number,
                table.ns,
                players[table.ns],
                table.eo,
                players[table.eo],
                *scores,
                table.ns_mp,
                table.eo_mp,
                table.ns_vp,
                table.eo_vp,
                note,
            )
        )
    bye = tournament_bye_value(tournament) if turno.byes else None
    for pair in turno.byes:
        rows.append(
            (None, pair, players[pair], None, None, *blank_scores)
            + (None, None, bye.vp if bye else None, None, gettext("Riposo"))
        )
    return Sheet(name=name, caption=_caption(heading, name), header=header, rows=rows)


def _pairs_sheet(heading: str, pairs: Iterable[PairRow]) -> Sheet:
    name = gettext("Pairs")
    header = [
        gettext("No."),
        gettext("First player"),
        gettext("Second player"),
        gettext("Club"),
        gettext("Withdrawn"),
    ]
    yes = gettext("yes")
    rows = [
        (p.number, p.player1, p.player2, p.club or None, yes if p.withdrawn else None)
        for p in pairs
    ]
    return Sheet(name=name, caption=_caption(heading, name), header=header, rows=rows)


def _rules_sheet(tournament: Tournament, heading: str) -> Sheet:
    """The rules as (rule, value) rows, and the VP table's bands in columns D to F beside them."""
    ruleset = Ruleset.from_dict(tournament.rules)
    yes, no = gettext("yes"), gettext("no")
    rules: list[tuple[Any, Any]] = [
        (gettext("Ruleset"), str(dict(RulesetName.choices).get(ruleset.name, ruleset.name))),
        (gettext("Smazzate per turno"), tournament.smazzate_per_turno),
    ]
    bonuses = dict(ruleset.bonuses)
    rules += [(str(BURRACO_LABELS[kind]), bonuses[kind]) for kind in ruleset.burraco_kinds]
    if "semipulito" in bonuses:
        rules.append((gettext("Burraco semipulito counts"), yes if ruleset.semipulito else no))
    rules += [
        (gettext("Chiusura bonus"), ruleset.chiusura_bonus),
        (gettext("Pozzetto not taken: penalty"), ruleset.pozzetto_penalty),
        (
            gettext("Pozzetto penalty also when time runs out"),
            yes if ruleset.pozzetto_penalty_always else no,
        ),
        (gettext("Closing needs a clean burraco"), yes if ruleset.closing_needs_pulito else no),
        (gettext("Card value: pinella (2)"), ruleset.pinella_value),
    ]
    if ruleset.has_jolly:
        rules.append((gettext("Card value: jolly"), ruleset.jolly_value))
    rules.append((gettext("Combinations allowed"), yes if ruleset.combinations_allowed else no))

    vp = tournament_vp_table(tournament)
    rules.append((gettext("VP table"), vp_table_label(vp)))
    bye, forfeit = tournament_bye_value(tournament), tournament_forfeit_value(tournament)
    rules += [
        (gettext("Riposo: VP"), bye.vp if bye else None),
        (gettext("Riposo: MP (scarto)"), bye.mp if bye else None),
        (gettext("Forfeit win: VP"), forfeit.vp if forfeit else None),
        (gettext("Forfeit win: MP (scarto)"), forfeit.mp if forfeit else None),
    ]
    for position, key in zip(TIEBREAK_POSITIONS, tournament_tiebreaks(tournament), strict=False):
        rules.append((str(position), str(TIEBREAK_LABELS.get(key, key))))

    # Translators: the open-ended last band of a VP table ("a difference of more than that").
    more = pgettext("VP band without upper bound", "more")
    bands = [(b.max if b.max is not None else more, b.winner, b.loser) for b in vp.bands]
    rows: list[Sequence[Any]] = []
    for index in range(max(len(rules), len(bands))):
        rule = rules[index] if index < len(rules) else (None, None)
        band = bands[index] if index < len(bands) else (None, None, None)
        rows.append([*rule, None, *band])
    header = [
        gettext("Rule"),
        gettext("Value"),
        "",
        gettext("MP difference up to"),
        gettext("VP to the line ahead"),
        gettext("VP to the line behind"),
    ]
    name = gettext("Rules")
    return Sheet(name=name, caption=_caption(heading, name), header=header, rows=rows)


def _sheet_name(name: str, used: set[str]) -> str:
    """A name Excel accepts: no forbidden characters, at most 31 long, unique in the workbook."""
    base = SHEET_NAME_FORBIDDEN.sub(" ", name).strip().strip("'") or "Sheet"
    candidate = base[:SHEET_NAME_MAX]
    counter = 2
    # Excel compares sheet names without regard to case.
    while candidate.casefold() in used:
        suffix = f" ({counter})"
        candidate = base[: SHEET_NAME_MAX - len(suffix)] + suffix
        counter += 1
    used.add(candidate.casefold())
    return candidate


def _column_widths(
    header: Sequence[str], rows: list[Sequence[Any]], *, auto_filter: bool = False
) -> list[float]:
    """Each column as wide as its longest value (header in bold counts a little wider, and
    leaves room for the filter button when the sheet has one)."""
    button = FILTER_BUTTON_WIDTH if auto_filter else 0
    widths = [len(str(h)) * 1.1 + 2 + button for h in header]
    for index, column in enumerate(zip(*rows, strict=False)):
        widths[index] = max(widths[index], _longest(column) + 2)
    return [min(max(w, MIN_WIDTH), MAX_WIDTH) for w in widths]


def _longest(values: Sequence[Any]) -> int:
    """The length of the longest value written out, None counting for nothing.

    Most columns hold whole numbers only: the longest of them is the largest or the most
    negative, so only those two are written out.
    """
    if set(map(type, values)) == {int}:
        return max(len(str(max(values))), len(str(min(values))))
    return max(map(len, map(str, filter(partial(is_not, None), values))), default=0)


def _style(sheet, **attributes: Any) -> StyleArray:
    """The style of a cell with these attributes (font, fill, ...), for ``_styled``.

    Setting a font or a fill on a cell makes openpyxl look it up in the workbook by its hash,
    which it computes afresh each time, field by field: styling each header cell that way cost
    as much as writing hundreds of plain cells. A cell takes the style made once here instead.
    """
    cell = WriteOnlyCell(sheet)
    for name, value in attributes.items():
        setattr(cell, name, value)
    return cell._style


def _styled(sheet, value: Any, style: StyleArray) -> WriteOnlyCell:
    cell = WriteOnlyCell(sheet, value=value)
    cell._style = copy(style)
    return cell


def _write_sheet(ws, sheet: Sheet, *, title: StyleArray, header: StyleArray) -> None:
    # Write-only mode writes the column widths, panes and filter with the sheet's first row, so
    # they are all set before any row is appended.
    widths = _column_widths(sheet.header, sheet.rows, auto_filter=sheet.auto_filter)
    for index, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(index)].width = round(width, 1)
    ws.freeze_panes = FREEZE_AT
    set_print_layout(ws)
    if sheet.auto_filter:
        last_row = HEADER_ROW + max(len(sheet.rows), 1)
        ws.auto_filter.ref = f"A{HEADER_ROW}:{get_column_letter(len(sheet.header))}{last_row}"
    ws.append([_styled(ws, sheet.caption, title)])
    ws.append([_styled(ws, h or None, header) for h in sheet.header])
    for row in sheet.rows:
        ws.append(row)
