"""The tournament workbook (Excel): standings, one sheet per turno, the pairs, the rules in use.

Sheets, in order:

- standings ("Classifica"): the columns of the page's ``StandingsTable``, read cell by cell as
  its ``as_values()`` exports them (``table_fast_path.table_values``), so the screen and the
  spreadsheet never disagree; the penalties as two numbers (VP, MP); auto-filter on;
- one sheet per published turno ("Turno 1", ...): table, NS and EO pairs, each smazzata's total
  for both lines, MP and VP of each line, a note for forfeits, totals-only entries and tables
  still without a result; the pairs resting (riposo) after the tables, with their VP;
- the pairs ("Coppie"): number, players, club, withdrawn;
- the rules in use ("Regole"): ruleset and its values, smazzate per turno, riposo and forfeit
  values, tie-breaks, and the VP table's bands beside them.

An individual tournament's workbook (``player_workbook_bytes``, the kind's answer to
``fmt.entrants.workbook``) has the standings by player, a sheet per turno with the two players of
each line, MP and VP, and the rules in use.

Every sheet has a title row (tournament, date, venue, what the sheet shows), then a bold header
row frozen under it, column widths fitted to the content, and real numbers in number cells;
it prints landscape, one page wide, with both rows on every page (``sheet_layout``).
Sheet and column names follow the active language.

The sheets are written by ``xlsx_writer`` (openpyxl's write-only mode, see there). It reads
through the standings selector, the tables and ``workbook_data``; it never writes to the
database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.tournaments.formats.individual.seating import individual_seating
from burraco_tourney.tournaments.models import EntryMode, Line, RulesetName, Tournament, Turno
from burraco_tourney.tournaments.results_bridge import (
    tournament_bye_value,
    tournament_forfeit_value,
    tournament_tiebreaks,
    tournament_vp_table,
    vp_table_label,
)
from burraco_tourney.tournaments.selectors.scores import forfeit_scarto
from burraco_tourney.tournaments.selectors.standings import standings_choice, standings_or_missing
from burraco_tourney.tournaments.selectors.standings_notes import late_note, missed_value
from burraco_tourney.tournaments.table_fast_path import table_values

from .gironi_sheets import girone_sheets
from .prize_sheet import prize_sheets
from .registry import Exporter, ExportFile, download_name, register
from .selectors import standings_sheet
from .sheet_layout import marked_heading, workbook_heading
from .workbook_data import PairRow, TurnoRows, published_turni, workbook_data
from .xlsx_writer import Sheet, write_workbook

CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


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


@register
class WorkbookExporter(Exporter):
    key = "workbook"
    label = _("Workbook (Excel)")
    description = _(
        "Standings, every turno with its smazzate, the pairs and the rules in use, in one "
        "spreadsheet."
    )
    scope = "tournament"
    # Every score of the tournament: for the directors.
    public = False
    # The downloads page offers "after turno N", as for the standings PDF.
    after_turno_choice = True

    def workbook(self, *, tournament, after_turno: int | None) -> bytes:
        """The .xlsx file's bytes, as the kind writes it (``fmt.entrants.workbook``: the pairs'
        ``workbook_bytes``, an individual tournament's ``player_workbook_bytes``)."""
        return tournament.fmt.entrants.workbook(tournament=tournament, after_turno=after_turno)

    def render(self, *, tournament, turno=None, after_turno: int | None = None) -> ExportFile:
        return ExportFile(
            filename=download_name(tournament, ext="xlsx"),
            content_type=CONTENT_TYPE,
            content=self.workbook(tournament=tournament, after_turno=after_turno),
        )


# The same workbook of an individual tournament, under the key and words it has always had.
@register
class PlayerWorkbookExporter(WorkbookExporter):
    key = "workbook-giocatori"
    description = _(
        "Standings by player, a sheet per turno with its tables, players and results, and the "
        "rules in use, in one spreadsheet."
    )


def workbook_bytes(*, tournament: Tournament, after_turno: int | None = None) -> bytes:
    """The .xlsx file of ``tournament``, with standings and turni up to ``after_turno``; when
    None, up to the turno the standings page shows by default (the last complete one while a
    turno is being played). Standings that include the turno in progress are marked provisional
    in the workbook's title and on every sheet."""
    choice = standings_choice(tournament=tournament)
    if after_turno is None:
        after_turno = choice.default
    turni = published_turni(tournament=tournament, after_turno=after_turno)
    data = workbook_data(tournament=tournament, turni=turni)
    marks = choice.marks(after_turno)
    heading = marked_heading(
        workbook_heading(tournament), provisional=marks["provisional"], final=marks["final"]
    )
    sheets = [_standings_sheet(tournament, heading, turni, after_turno)]
    sheets += girone_sheets(tournament, heading, turni, after_turno, standings_rows_sheet)
    sheets += [_turno_sheet(tournament, heading, rows, data.pairs) for rows in data.turni]
    sheets += [_pairs_sheet(heading, data.pairs.values()), _rules_sheet(tournament, heading)]
    sheets += prize_sheets(tournament, heading)

    return write_workbook(sheets, title=heading)


def player_workbook_bytes(*, tournament: Tournament, after_turno: int | None = None) -> bytes:
    """An individual tournament's workbook: the standings by player, a sheet per turno with the
    players of each line, the rules in use."""
    sheet = standings_sheet(tournament=tournament, after_turno=after_turno)
    heading = marked_heading(
        workbook_heading(tournament), provisional=sheet.provisional, final=sheet.final
    )
    sheets = [standings_rows_sheet(tournament, heading, sheet.rows, sheet.turni, sheet.missing)]
    sheets += girone_sheets(
        tournament, heading, sheet.turni, sheet.after_turno, standings_rows_sheet
    )
    for turno in tournament.turni.filter(published=True, number__in=sheet.turni).order_by("number"):
        sheets.append(_players_turno_sheet(turno, heading))
    sheets.append(_rules_sheet(tournament, heading))
    sheets += prize_sheets(tournament, heading)
    return write_workbook(sheets, title=heading)


def _caption(heading: str, subject: str) -> str:
    return f"{heading} — {subject}"


def _standings_sheet(
    tournament: Tournament, heading: str, turni: list[int], after_turno: int | None
) -> Sheet:
    rows, missing = standings_or_missing(tournament=tournament, after_turno=after_turno)
    return standings_rows_sheet(
        tournament, heading, rows, turni, rule_error_message(missing) if missing else None
    )


def standings_rows_sheet(
    tournament: Tournament, heading: str, rows: list, turni: list[int], missing: str | None
) -> Sheet:
    """The standings sheet of every kind from its ranked ``rows`` (or ``missing``: what the
    director has to set first, written where the rows would be)."""
    # The page's table: its columns, headers and order (hidden columns carry the penalty numbers);
    # the kind's columns (pairs, or players: ``fmt.standings.table``).
    header, values = table_values(tournament.fmt.standings.table(rows, turni))
    if missing is not None:
        # What the director has to set first, where the rows would be; the other sheets stand.
        values = [[f"{gettext('The standings cannot be computed yet.')} {missing}"]]
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
    tournament: Tournament, heading: str, turno: TurnoRows, pairs: dict[int, PairRow]
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
    players = {number: pair.players for number, pair in pairs.items()}
    forfeit = tournament_forfeit_value(tournament)
    blank_scores = (None,) * (2 * smazzate)
    # Tuples, not lists: a tuple of plain values leaves the garbage collector's watch at its
    # first pass, a list never does.
    rows: list[Sequence[Any]] = []
    for table in turno.tables:
        scores = table.scores + blank_scores[len(table.scores) :]
        if table.entry_mode == EntryMode.FORFEIT:
            won_by = gettext("won by %(line)s") % {"line": lines.get(table.forfeit_winner, "")}
            note = f"{gettext('Forfeit')}: {won_by}"
            # The MP of the table stay 0 – 0: what counts is the scarto the forfeit gives.
            scarto = forfeit_scarto(table, forfeit)
            if scarto is not None:
                note += " (%s)" % (
                    gettext("scarto NS %(ns)s, EO %(eo)s")
                    % {"ns": f"{scarto[0]:+d}", "eo": f"{scarto[1]:+d}"}
                )
        else:
            note = notes.get(table.entry_mode)
        rows.append(
            (
                table.label,
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
    bye = tournament_bye_value(tournament)
    for pair in turno.byes:
        # The riposo's VP and its MP (they count in the scarto), in the pair's NS columns.
        rows.append(
            (None, pair, players[pair], None, None, *blank_scores)
            + (bye.mp if bye else None, None, bye.vp if bye else None, None, gettext("Riposo"))
        )
    rows += _late_rows(turno.number, pairs, bye, blank_scores)
    return Sheet(name=name, caption=_caption(heading, name), header=header, rows=rows)


def _players_turno_sheet(turno: Turno, heading: str) -> Sheet:
    """A turno of an individual tournament: each table's two lines by their players' names, MP
    and VP; the players resting after the tables."""
    seating = individual_seating(turno=turno)
    name = gettext("Turno %(number)s") % {"number": turno.number}
    rows: list[list[Any]] = [
        [
            t.table.label,
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
    header = [
        gettext("Table"),
        gettext("NS"),
        gettext("EO"),
        gettext("NS MP"),
        gettext("EO MP"),
        gettext("NS VP"),
        gettext("EO VP"),
    ]
    return Sheet(name=name, caption=_caption(heading, name), header=header, rows=rows)


def _late_rows(
    turno: int, pairs: dict[int, PairRow], bye, blank_scores: tuple[None, ...]
) -> list[tuple[Any, ...]]:
    """A row for each pair that joined after ``turno``: what the turno it missed counts for it
    (a riposo's value, the director's value or nothing) and the standings' note saying so."""
    rows: list[tuple[Any, ...]] = []
    for pair in pairs.values():
        if pair.joined_turno is None or turno >= pair.joined_turno:
            continue
        value = missed_value(pair)
        if value is None:
            value = bye
        rows.append(
            (None, pair.number, pair.players, None, None, *blank_scores)
            + (value.mp if value else None, None, value.vp if value else None, None)
            + (late_note(pair, [turno], bye),)
        )
    return rows


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
