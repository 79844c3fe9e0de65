"""The standings in an archive's ``results`` (ARCHIVE.md): ``results.standings`` and, for a
tournament played in gironi, ``results.gironi`` (each girone's standings, rows of the same
shape). Reads through the standings selectors only."""

from __future__ import annotations

from typing import Any

from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.gironi import girone_standings


def standings_row(row: Any, key: str, ranked: Any) -> dict[str, Any]:
    """One standings row by its entrant's number under the kind's word ``key``."""
    return {
        "rank": row.rank,
        key: ranked.number(row),
        "vp": row.vp,
        "scarto": row.scarto,
        "mp": row.mp,
    }


def standings_results(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings in ``results``, each row by its entrant's number under the kind's word."""
    key, ranked = tournament.fmt.entrant_key, tournament.fmt.standings
    return [standings_row(row, key, ranked) for row in ranked.rows(tournament)]


def results_gironi(tournament: Tournament) -> list[dict[str, Any]]:
    """``results.gironi``: each girone's standings, A first (none without gironi)."""
    key, ranked = tournament.fmt.entrant_key, tournament.fmt.standings
    return [
        {"name": g.name, "standings": [standings_row(row, key, ranked) for row in g.rows]}
        for g in girone_standings(tournament=tournament)
    ]
