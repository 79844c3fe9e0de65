"""A match's outcome from its tables' outcomes: what the standings, the bracket and the files read.

Vocabulary:

- a **match** is a turno's meeting of two sides. A pairs, individual or KO match is played at
  one table; a team match (RULES.md section 11) at two, the sala aperta and the sala chiusa.
- the match's two **sides** are named by the lines of its first table, ``ns`` and ``eo`` (in a
  team match the sala aperta, where the home team sits NS). A table whose lines sit the other
  way round (the sala chiusa) is given seen from the match's sides.
- a **table outcome** (``outcome.Outcome``) is what one table is worth on its own: its MP, its
  own VP and, in a KO, who won at that table and how (``table_outcome``).
- a **match outcome** (``MatchOutcome``) is what the match is worth: each side's MP over the
  match's tables, each side's VP, the winner and how the match was decided.
- a **match scoring** turns the tables' outcomes into the match's. ``rules.match_scoring`` names
  it; ``MATCH_SCORINGS`` holds them:

  - ``table``: a match of one table is worth exactly what its table is worth (its VP, winner
    and decision, the last move of a KO tie included);
  - ``vp_sum``: a team match's VP are the sum of its two tables' VP;
  - ``mp_diff``: a team match's MP over both tables, converted once with the team VP table
    (``TournamentRules.team_vp``).

  In a team match the winner is the side with more VP (equal VP: a draw); each side's MP are
  summed over the two tables, whose difference is the match's scarto.

The table keeps its own VP: a team match shows each table's VP and sums them (``vp_sum``).

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.outcome import DECIDED_BY_LAST_MOVE, DECIDED_BY_POINTS, Outcome
from burraco_tourney.rules.tournament_rules import Line, TournamentRules

ONE_TABLE = "table"
VP_SUM = "vp_sum"
MP_DIFF = "mp_diff"
CODES: tuple[str, ...] = ("team_vp_table_missing",)
# A team match is played in two rooms: the sala aperta and the sala chiusa (RULES.md §11).
TEAM_TABLES = 2


@dataclass(frozen=True)
class MatchOutcome:
    """What a match is worth. ``ns_vp``/``eo_vp`` are None in a KO (no VP there); ``winner`` is
    None for a draw and for a KO match not over; ``decided_by`` as ``Outcome.decided_by``."""

    ns_mp: int
    eo_mp: int
    ns_vp: int | None
    eo_vp: int | None
    winner: Line | None
    decided_by: str
    finished: bool = True

    @property
    def by_last_move(self) -> bool:
        return self.decided_by == DECIDED_BY_LAST_MOVE


MatchScoring = Callable[[TournamentRules, tuple[Outcome, ...]], MatchOutcome]


def _one_table(rules: TournamentRules, tables: tuple[Outcome, ...]) -> MatchOutcome:
    """A match of one table: the table's own outcome is the match's."""
    if len(tables) != 1:
        raise ValueError(f"a match of one table was given {len(tables)} table outcomes")
    (table,) = tables
    return MatchOutcome(
        ns_mp=table.ns_mp,
        eo_mp=table.eo_mp,
        ns_vp=table.ns_vp,
        eo_vp=table.eo_vp,
        winner=table.winner,
        decided_by=table.decided_by,
        finished=table.finished,
    )


def seen_from_the_other_line(table: Outcome) -> Outcome:
    """A table's outcome seen from its other line: the sala chiusa, where the away team sits NS,
    given from the match's sides (the home team is the match's ``ns``)."""
    other: dict[Line | None, Line | None] = {"ns": "eo", "eo": "ns", None: None}
    scarto = table.forfeit_scarto
    return replace(
        table,
        ns_mp=table.eo_mp,
        eo_mp=table.ns_mp,
        ns_vp=table.eo_vp,
        eo_vp=table.ns_vp,
        winner=other[table.winner],
        smazzate=(),
        forfeit_scarto=None if scarto is None else (scarto[1], scarto[0]),
    )


def _two_rooms(tables: tuple[Outcome, ...]) -> tuple[int, int]:
    """The MP of each side over the match's two tables."""
    if len(tables) != TEAM_TABLES:
        raise ValueError(f"a team match was given {len(tables)} table outcomes")
    return sum(t.ns_mp for t in tables), sum(t.eo_mp for t in tables)


def _team_match(ns_mp: int, eo_mp: int, ns_vp: int, eo_vp: int, tables) -> MatchOutcome:
    winner: Line | None = None if ns_vp == eo_vp else ("ns" if ns_vp > eo_vp else "eo")
    return MatchOutcome(
        ns_mp=ns_mp,
        eo_mp=eo_mp,
        ns_vp=ns_vp,
        eo_vp=eo_vp,
        winner=winner,
        decided_by=DECIDED_BY_POINTS,
        finished=all(t.finished for t in tables),
    )


def _vp_sum(rules: TournamentRules, tables: tuple[Outcome, ...]) -> MatchOutcome:
    """A team's match VP is the sum of its two tables' VP (0–40 with a 20-VP table; 20–20 is a
    draw)."""
    ns_mp, eo_mp = _two_rooms(tables)
    ns_vp = sum(t.ns_vp or 0 for t in tables)
    eo_vp = sum(t.eo_vp or 0 for t in tables)
    return _team_match(ns_mp, eo_mp, ns_vp, eo_vp, tables)


def _mp_diff(rules: TournamentRules, tables: tuple[Outcome, ...]) -> MatchOutcome:
    """The MP of both tables, each side's summed, converted once with the team VP table."""
    if rules.team_vp is None:
        raise RuleViolation(
            "team_vp_table_missing", "A match scored by the MP difference needs a team VP table."
        )
    if all(t.forfeit_scarto is not None for t in tables):
        # A match forfeited (both tables, each worth half the team forfeit): the forfeit's VP,
        # not the team VP table on 0 - 0; the absent team gets the rest of the team VP table's
        # total unless the director set its VP (then its tables' VP say it).
        ns_vp, eo_vp = (sum(t.ns_vp or 0 for t in tables), sum(t.eo_vp or 0 for t in tables))
        if rules.forfeit_loser_vp is None:
            winner_ns = tables[0].winner == "ns"
            won = ns_vp if winner_ns else eo_vp
            lost = rules.team_vp.total - won
            ns_vp, eo_vp = (won, lost) if winner_ns else (lost, won)
        return _team_match(0, 0, ns_vp, eo_vp, tables)
    ns_mp, eo_mp = _two_rooms(tables)
    ns_vp, eo_vp = rules.team_vp.split(ns_mp, eo_mp)
    return _team_match(ns_mp, eo_mp, ns_vp, eo_vp, tables)


MATCH_SCORINGS: dict[str, MatchScoring] = {
    ONE_TABLE: _one_table,
    VP_SUM: _vp_sum,
    MP_DIFF: _mp_diff,
}


def match_vp_total(match_scoring: str, table_total: int, team_vp_total: int | None) -> int | None:
    """The VP the two sides of a match share, what a riposo or a forfeit may give at most: one
    table's total, both tables' added (``vp_sum``), or the team VP table's (``mp_diff``; None
    while it has none)."""
    if match_scoring == VP_SUM:
        return TEAM_TABLES * table_total
    if match_scoring == MP_DIFF:
        return team_vp_total
    return table_total


def match_outcome(rules: TournamentRules, table_outcomes: Sequence[Outcome]) -> MatchOutcome:
    """The outcome of a match from the outcomes of its tables (each seen from the match's
    sides), by the match scoring of ``rules``."""
    return MATCH_SCORINGS[rules.match_scoring](rules, tuple(table_outcomes))
