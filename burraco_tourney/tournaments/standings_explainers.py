"""What the "why is A above B" page reads, by who a tournament ranks: the entrants to pick from,
the standings (for their ranks) and the engine's explanation, from the one standings selector.
The page asks the kind's standings (``tournament.fmt.standings.explainer()``) instead of testing
the kind; only the way the entrants are listed differs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .selectors import standings as selectors
from .selectors.gironi import girone_standings


@dataclass(frozen=True)
class Explainer:
    # tournament -> [(number, "number · names")], in number order.
    entrants: Callable[[Any], list[tuple[int, str]]]
    # (tournament, after_turno[, within_girone]) -> {number: rank}
    ranks: Callable[..., dict[int, int]]
    # The selector of the explanation (tournament=, first=, second=, after_turno=,
    # within_girone=).
    explanation: Callable[..., Any]


def _pairs(tournament) -> list[tuple[int, str]]:
    return [(p.number, f"{p.number} · {p.players}") for p in tournament.entrants.order_by("number")]


def _players(tournament) -> list[tuple[int, str]]:
    return [(p.number, f"{p.number} · {p.name}") for p in tournament.entrants.order_by("number")]


def _ranks(tournament, after_turno: int | None, within_girone: bool = False) -> dict[int, int]:
    """Each entrant's rank in the standings, or (``within_girone``) in its girone's."""
    if within_girone:
        gironi = girone_standings(tournament, after_turno=after_turno)
        return {row.entrant.number: row.rank for girone in gironi for row in girone.rows}
    rows = selectors.standings(tournament=tournament, after_turno=after_turno)
    return {row.entrant.number: row.rank for row in rows}


EXPLAINERS: dict[str, Explainer] = {
    "pairs": Explainer(_pairs, _ranks, selectors.standings_explanation),
    "players": Explainer(_players, _ranks, selectors.standings_explanation),
    "teams": Explainer(_players, _ranks, selectors.standings_explanation),
}
