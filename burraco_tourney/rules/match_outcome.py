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
  - team matches add ``vp_sum`` (the sum of the tables' VP) and ``mp_diff`` (the MP over both
    tables converted once with the team VP table) as two more functions of the same shape.

The table keeps its own VP: a team match shows each table's VP and sums them (``vp_sum``).

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from burraco_tourney.rules.outcome import DECIDED_BY_LAST_MOVE, Outcome
from burraco_tourney.rules.tournament_rules import Line, TournamentRules

ONE_TABLE = "table"


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


MATCH_SCORINGS: dict[str, MatchScoring] = {ONE_TABLE: _one_table}


def match_outcome(rules: TournamentRules, table_outcomes: Sequence[Outcome]) -> MatchOutcome:
    """The outcome of a match from the outcomes of its tables (each seen from the match's
    sides), by the match scoring of ``rules``."""
    return MATCH_SCORINGS[rules.match_scoring](rules, tuple(table_outcomes))
