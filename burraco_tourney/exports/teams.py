"""A team tournament's printouts and workbook (RULES.md section 11), through the one registry
of exporters (the teams kind lists their keys in ``TeamsFormat.exporters``):

- ``formazioni``: the line-up sheets of a turno — for each match, one sheet per team (home and
  away, opponent, its roster numbered from 1) with the two pairs of the sala aperta and of the
  sala chiusa, filled in when the line-up is set, blank lines for the captain otherwise;
- ``score-squadre``: a scorecard per table naming its room, table and match, and on each line
  the team and the two players of its line-up, with the smazzate to fill in and the VP table;
- ``butler``: the Butler view — each team's pairs with the tables they played and their MP
  difference, then every table of every pair (``selectors.team_matches.butler_view``);
- the seating of a turno (``posti-per-tavolo``) is the kind's (``TeamEntrants.seating_print``):
  each match's two tables with room, table, line, team and players, and the team resting;
- the workbook (``team_workbook_bytes``, the kind's ``fmt.entrants.workbook``): the standings by
  team, one sheet per turno with each table of each match, the Butler sheet, the teams with
  their rosters, the rules in use.

They read through the selectors; they never write to the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.tournaments.models import Bye, Member, Room, Smazzata, Tournament, Turno
from burraco_tourney.tournaments.qr_codes import qr_data_uri
from burraco_tourney.tournaments.results_bridge import (
    tournament_bye_value,
    tournament_vp_table,
    vp_table_label,
)
from burraco_tourney.tournaments.selectors.team_matches import butler_view
from burraco_tourney.tournaments.selectors.teams import turno_matches

from .excel import _caption, _rules_sheet, _standings_sheet
from .printouts import PdfPrintout
from .prize_sheet import prize_sheets
from .registry import register
from .sheet_layout import marked_heading, workbook_heading
from .workbook_data import published_turni
from .xlsx_writer import Sheet, write_workbook


def _rosters(tournament: Tournament) -> dict[int, list[Member]]:
    """Each team's roster (team id -> members in order)."""
    rosters: dict[int, list[Member]] = {}
    members = Member.objects.filter(entrant__tournament=tournament).order_by("position")
    for member in members.select_related("entrant"):
        rosters.setdefault(member.entrant_id, []).append(member)
    return rosters


@dataclass(frozen=True)
class SeatingRow:
    """One table of a team turno as the seating lists it (``pdf/team_seating.html``)."""

    # The table as the players look for it in its room (the room has its own column).
    label: int
    room_label: str
    match: int
    ns: Any
    eo: Any


def team_seating(turno: Turno) -> dict[str, Any]:
    """A turno's tables, match by match (aperta first), and the teams resting: the context of
    the pairs' seating template, which the team one extends."""
    byes = [b.entrant for b in Bye.objects.filter(turno=turno).select_related("entrant")]
    tables = [
        SeatingRow(t.table.room_number, t.room_label, view.match.number, t.ns, t.eo)
        for view in turno_matches(turno=turno)
        for t in view.tables
    ]
    return {"seating": {"tables": tables, "byes": sorted(byes, key=lambda team: team.number)}}


@dataclass(frozen=True)
class CardLine:
    """A team's line on a table card (``pdf/table_cards.html``): its number and name, and the
    two players its line-up seats there (blank while the line-up is not set)."""

    number: int
    team: str
    player1: str
    player2: str


def team_table_cards(turno: Turno) -> list[tuple[Any, CardLine, CardLine, str]]:
    """A turno's table cards, match by match (aperta first): each table (``Table.label`` names
    its room), its two lines and its match (the kind's ``table_cards``)."""
    cards = []
    for view in turno_matches(turno=turno):
        match = gettext("Match %(number)s") % {"number": view.match.number}
        for t in view.tables:
            ns, eo = (
                CardLine(line.team.number, line.team.name, *[*line.players, "", ""][:2])
                for line in (t.ns, t.eo)
            )
            cards.append((t.table, ns, eo, match))
    return cards


@register
class LineupSheetsPdf(PdfPrintout):
    key = "formazioni"
    label = _("Line-up sheets (PDF)")
    description = _(
        "For each match, one sheet per team with its roster and the two pairs of the sala "
        "aperta and of the sala chiusa, for the captain to fill in and sign."
    )
    scope = "turno"
    public = False
    template_name = "pdf/team_lineups.html"
    file_stem = "formazioni"

    def context(self, *, tournament, turno, after_turno):
        rosters = _rosters(tournament)
        sheets = []
        for view in turno_matches(turno=turno):
            for team, opponent, home in (
                (view.home, view.away, True),
                (view.away, view.home, False),
            ):
                lineup = view.lineups.get(team.pk)
                rooms = [
                    (
                        Room(room).label,
                        [m.printed for m in lineup.room_pair(room)] if lineup else [],
                    )
                    for room in (Room.APERTA, Room.CHIUSA)
                ]
                sheets.append(
                    {
                        "match": view.match.number,
                        "team": team,
                        "opponent": opponent,
                        "home": home,
                        "roster": rosters.get(team.pk, []),
                        "rooms": rooms,
                    }
                )
        return {"sheets": sheets}


@register
class TeamScorecardsPdf(PdfPrintout):
    key = "score-squadre"
    label = _("Scorecards (PDF)")
    description = _(
        "One scorecard per table, naming its room, its match and on each line the team and the "
        "two players of its line-up, with the VP table in use. For the directors only."
    )
    scope = "turno"
    public = False
    template_name = "pdf/team_scorecards.html"
    file_stem = "score"

    def context(self, *, tournament, turno, after_turno):
        vp = tournament_vp_table(tournament)
        tables = [table for view in turno_matches(turno=turno) for table in view.tables]
        # The players' link of each table as a QR code, as on the pairs' scorecards, when the
        # director's download is given the links (``Exporter.table_links``).
        links = self.table_links
        cards = [(t, qr_data_uri(links[t.table.pk]) if t.table.pk in links else "") for t in tables]
        return {
            "cards": cards,
            "rows": range(1, (tournament.smazzate_per_turno or 3) + 1),
            "vp_label": vp_table_label(vp),
            "vp_bands": vp.bands,
        }


@register
class ButlerPdf(PdfPrintout):
    key = "butler"
    label = _("Butler (PDF)")
    description = _(
        "Each team's pairs with the tables they played and their MP difference, then every "
        "table of every pair: which line-up worked."
    )
    template_name = "pdf/team_butler.html"
    file_stem = "butler"

    def context(self, *, tournament, turno, after_turno):
        return {"teams": butler_teams(tournament)}


def butler_teams(tournament: Tournament) -> list[dict[str, Any]]:
    """Each team with its Butler rows and table entries, the pairs named by their players."""
    view = butler_view(tournament)
    rosters = _rosters(tournament)
    teams = []
    for team in tournament.entrants.order_by("number"):
        names = [m.printed for m in rosters.get(team.pk, [])]

        def pair(players: tuple[int, int], names: list[str] = names) -> str:
            return " – ".join(names[i] if i < len(names) else str(i + 1) for i in players)

        teams.append(
            {
                "team": team,
                "rows": [(pair(r.players), r) for r in view.team_rows(team.number)],
                "entries": [(pair(e.players), e) for e in view.team_entries(team.number)],
            }
        )
    return teams


# -- the workbook -----------------------------------------------------------------------------


def team_workbook_bytes(*, tournament: Tournament, after_turno: int | None = None) -> bytes:
    """A team tournament's workbook: the standings by team, a sheet per turno (each match's
    two tables), the Butler view, the teams, the rules in use and the prizes."""
    from burraco_tourney.tournaments.selectors.standings import standings_choice

    choice = standings_choice(tournament=tournament)
    if after_turno is None:
        after_turno = choice.default
    turni = published_turni(tournament=tournament, after_turno=after_turno)
    marks = choice.marks(after_turno)
    heading = marked_heading(
        workbook_heading(tournament), provisional=marks["provisional"], final=marks["final"]
    )
    sheets = [_standings_sheet(tournament, heading, turni, after_turno)]
    for turno in tournament.turni.filter(number__in=turni).order_by("number"):
        sheets.append(_turno_sheet(turno, heading))
    sheets.append(_butler_sheet(tournament, heading))
    sheets.append(_teams_sheet(tournament, heading))
    sheets.append(_rules_sheet(tournament, heading))
    sheets += prize_sheets(tournament, heading)
    return write_workbook(sheets, title=heading)


def _turno_sheet(turno: Turno, heading: str) -> Sheet:
    """Each match's two tables: who sat where, each smazzata's totals, the table's MP and the
    match's VP; then the teams resting, with the riposo's MP and VP."""
    name = gettext("Turno %(number)s") % {"number": turno.number}
    totals: dict[int, list[tuple[int, int]]] = {}
    for table_id, ns_total, eo_total in (
        Smazzata.objects.filter(table__turno=turno)
        .order_by("table_id", "number")
        .values_list("table_id", "ns_total", "eo_total")
    ):
        totals.setdefault(table_id, []).append((ns_total, eo_total))
    smazzate = max([turno.tournament.smazzate_per_turno, *map(len, totals.values())])
    ns, eo = pgettext("line", "NS"), pgettext("line", "EO")
    header = [
        gettext("Match"),
        gettext("Room"),
        gettext("Table"),
        ns,
        gettext("NS players"),
        eo,
        gettext("EO players"),
        *(
            pgettext("smazzata column", "Sm. %(number)s %(line)s")
            % {"number": number, "line": line}
            for number in range(1, smazzate + 1)
            for line in (ns, eo)
        ),
        gettext("NS MP"),
        gettext("EO MP"),
        gettext("Home VP"),
        gettext("Away VP"),
    ]
    blank = [None] * (2 * smazzate)
    rows: list[list[Any]] = []
    for view in turno_matches(turno=turno):
        for room in view.tables:
            scores = [value for pair in totals.get(room.table.pk, ()) for value in pair]
            rows.append(
                [
                    view.match.number,
                    room.room_label,
                    room.table.room_number,
                    str(room.ns.team),
                    " – ".join(room.ns.players),
                    str(room.eo.team),
                    " – ".join(room.eo.players),
                    *(scores + blank[len(scores) :]),
                    room.ns.mp,
                    room.eo.mp,
                    view.match.ns_vp,
                    view.match.eo_vp,
                ]
            )
    bye = tournament_bye_value(turno.tournament)
    for rest in (
        Bye.objects.filter(turno=turno).select_related("entrant").order_by("entrant__number")
    ):
        # The riposo's VP, a whole match's, in the home team's column.
        rows.append(
            [None, gettext("Riposo"), None, str(rest.entrant), None, None, None, *blank]
            + [bye.mp if bye else None, None, bye.vp if bye else None, None]
        )
    return Sheet(name, _caption(heading, name), header, rows)


def _butler_sheet(tournament: Tournament, heading: str) -> Sheet:
    name = gettext("Butler")
    header = [gettext("Team"), gettext("Players"), gettext("Tables"), gettext("Scarto")]
    rows = [
        [str(team["team"]), players, row.tables, row.scarto]
        for team in butler_teams(tournament)
        for players, row in team["rows"]
    ]
    return Sheet(name, _caption(heading, name), header, rows, auto_filter=True)


def _teams_sheet(tournament: Tournament, heading: str) -> Sheet:
    name = gettext("Teams")
    header = [gettext("Number"), gettext("Team"), gettext("Club"), gettext("Players")]
    rosters = _rosters(tournament)
    rows = [
        [team.number, team.name, team.club, ", ".join(m.printed for m in rosters.get(team.pk, []))]
        for team in tournament.entrants.order_by("number")
    ]
    return Sheet(name, _caption(heading, name), header, rows)
