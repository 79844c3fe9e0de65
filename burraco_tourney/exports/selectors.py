"""What the printouts read: the rules in use, a turno's scorecards, the standings after a turno.

Built on the tournament selectors (standings, seating, turni) so a printout shows exactly what
the pages show. A fixed number of queries per document whatever the size of the tournament.
Reads only: nothing here writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import Http404
from django.utils.translation import gettext

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.tournaments.models import KoMode, Table, Tournament, Turno
from burraco_tourney.tournaments.results_bridge import (
    tournament_rules,
    tournament_ruleset,
    tournament_vp_table,
    vp_table_label,
)
from burraco_tourney.tournaments.selectors.gironi import girone_standings_or_missing
from burraco_tourney.tournaments.selectors.ko import bracket_of, ko_data
from burraco_tourney.tournaments.selectors.ko_lengths import round_name
from burraco_tourney.tournaments.selectors.scores import smazzate_limit
from burraco_tourney.tournaments.selectors.standings import (
    Standing,
    standings_choice,
)
from burraco_tourney.tournaments.selectors.tournaments import turno_get

# A scorecard with at most this many smazzata rows fits in half an A4 page.
ROWS_FOR_TWO_PER_PAGE = 5
# The smazzata rows of a KO match played to a target score: a match to 2005 usually takes 6 to
# 10 smazzate; 12 leave room for a long one and still fit a sheet turned sideways, whose width
# the running-total columns need.
TARGET_MATCH_ROWS = 12


@dataclass(frozen=True)
class VpBandLabel:
    """One band of the VP table as printed: "up to 150: 11–9" (``upto`` None for "more")."""

    upto: int | None
    winner: int
    loser: int


@dataclass(frozen=True)
class RulesInUse:
    """The rules printed on scorecards and standings."""

    ruleset: Ruleset
    ruleset_label: str
    smazzate: int | None
    vp_name: str
    vp_bands: tuple[VpBandLabel, ...]
    vp_total: int

    @property
    def burraco_kinds(self) -> tuple[str, ...]:
        return self.ruleset.burraco_kinds


def rules_in_use(*, tournament: Tournament, turno: int | None = None) -> RulesInUse:
    """The rules in use; ``smazzate`` those of turno ``turno`` (a KO round may have its own)."""
    table = tournament_vp_table(tournament)
    return RulesInUse(
        ruleset=tournament_ruleset(tournament),
        ruleset_label=str(tournament.get_ruleset_name_display()),
        smazzate=smazzate_limit(tournament, turno),
        vp_name=vp_table_label(table),
        vp_bands=tuple(VpBandLabel(b.max, b.winner, b.loser) for b in table.bands),
        vp_total=table.total,
    )


def published_turni(*, tournament: Tournament) -> list[int]:
    """The numbers of the published turni, in order: the choices of "standings after turno"."""
    return list(
        tournament.turni.filter(published=True).order_by("number").values_list("number", flat=True)
    )


def export_turno(*, tournament: Tournament, number: int, include_drafts: bool) -> Turno:
    """The turno a per-turno download is for; a draft only for its directors (404 otherwise)."""
    return turno_get(tournament=tournament, number=number, include_drafts=include_drafts)


@dataclass(frozen=True)
class Scorecards:
    """Everything the scorecards of one turno print: one card per table."""

    tournament: Tournament
    turno: Turno
    tables: list[Table]
    rules: RulesInUse
    rows: tuple[int, ...]
    ko: bool
    # A KO match played to a target score: its cards add a running total to each line and are
    # printed one to a sheet turned sideways.
    running_total: bool = False
    # KO: the name of each table's match ("Final", "Third-place match"), by table number.
    match_names: dict[int, str] = field(default_factory=dict)
    # KO a punti: the round's target score.
    target: int | None = None

    @property
    def per_page(self) -> int:
        return 2 if len(self.rows) <= ROWS_FOR_TWO_PER_PAGE else 1

    @property
    def row_height(self) -> str:
        """The height of a smazzata row in mm, for CSS: fewer rows, taller boxes to write in."""
        rows = len(self.rows)
        if self.running_total:
            return "9"
        return "9.5" if rows <= 3 else "8" if rows == 4 else "7"

    @property
    def boxes_per_line(self) -> int:
        """Burraco kinds, chiusura, pozzetto, card points, total (and the running total)."""
        return len(self.rules.burraco_kinds) + (5 if self.running_total else 4)

    @property
    def box_width_percent(self) -> str:
        """One box's share of a line's width, as CSS wants it ("14.2857")."""
        return f"{100 / self.boxes_per_line:.4f}"

    @property
    def pages(self) -> list[list[Table]]:
        """The tables grouped as they are printed, ``per_page`` to a sheet."""
        n = self.per_page
        return [self.tables[i : i + n] for i in range(0, len(self.tables), n)]


def ko_match_names(*, tournament: Tournament, turno: Turno) -> dict[int, str]:
    """The name of each match of a KO round, by table: the round's name as the bracket page
    gives it ("Quarter-finals", "Final"), "Third-place match" for the semifinal losers' match of
    the last round. Empty when round 1 is no bracket's (an archive drawn by other rules)."""
    data = ko_data(tournament=tournament)
    try:
        bracket = bracket_of(data, third_place=tournament.ko_third_place)
    except RuleError:
        return {}
    if not 1 <= turno.number <= len(bracket.rounds):
        return {}
    name = round_name(len(bracket.rounds[turno.number - 1]))
    names = {table: name for (number, table) in data.tables if number == turno.number}
    third = bracket.third_place
    if third is not None and third.match is not None and third.round == turno.number:
        names[third.match.table] = gettext("Third-place match")
    return names


def scorecards(*, tournament: Tournament, turno: Turno) -> Scorecards:
    """The cards of a turno. A KO round is printed with its own match length: its number of
    smazzate, or for a match to a target score the running-total column and that target."""
    rules = rules_in_use(tournament=tournament, turno=turno.number)
    # Only a knock-out's round has a match length of its own.
    length = tournament_rules(tournament).round_length(turno.number)
    ko = length is not None
    # A KO match played to a target score has no fixed number of smazzate.
    rows = rules.smazzate or TARGET_MATCH_ROWS
    return Scorecards(
        tournament=tournament,
        turno=turno,
        tables=list(turno.tables.select_related("ns", "eo").order_by("number")),
        rules=rules,
        rows=tuple(range(1, rows + 1)),
        ko=ko,
        running_total=length is not None and length.mode == KoMode.PUNTI,
        match_names=ko_match_names(tournament=tournament, turno=turno) if ko else {},
        target=length.target if length is not None else None,
    )


@dataclass(frozen=True)
class StandingsSheet:
    """The classifica after one turno, with the turni whose VP it lists column by column.

    ``provisional``: it includes a turno not closed yet (printed PROVVISORIA); ``final``: the
    tournament's last turno is closed and counted ("Classifica finale"). ``missing``: why
    the standings cannot be computed yet (a riposo value not set), printed instead of the rows.
    """

    tournament: Tournament
    rows: list[Standing]
    turni: list[int]
    after_turno: int | None
    rules: RulesInUse
    provisional: bool = False
    missing: str | None = None
    # The last turno is closed and counted: printed "Classifica finale".
    final: bool = False
    # Results corrected after their turno was closed (``selectors.standings.Correction``).
    corrections: tuple = ()
    # Played in gironi: each girone's standings (``selectors.gironi.GironeStandings``).
    gironi: tuple = ()


def standings_sheet(*, tournament: Tournament, after_turno: int | None = None) -> StandingsSheet:
    """The standings after ``after_turno``; when None, after the turno the standings page shows
    by default (the last complete one while a turno is being played, else the last published).
    The rows are the kind's (``fmt.standings``: pairs or players, from the one selector).

    Raises Http404 for a turno that is not published.
    """
    turni = published_turni(tournament=tournament)
    if after_turno is not None and after_turno not in turni:
        raise Http404
    choice = standings_choice(tournament=tournament)
    if after_turno is None:
        after_turno = choice.shown_turno(choice.default)
    shown = [n for n in turni if after_turno is None or n <= after_turno]
    rows, missing = tournament.fmt.standings.rows_or_missing(
        tournament=tournament, after_turno=after_turno
    )
    return StandingsSheet(
        tournament=tournament,
        rows=rows,
        turni=shown,
        after_turno=after_turno,
        rules=rules_in_use(tournament=tournament),
        missing=rule_error_message(missing) if missing else None,
        gironi=()
        if missing
        else tuple(girone_standings_or_missing(tournament=tournament, after_turno=after_turno)),
        **choice.marks(after_turno),
    )
