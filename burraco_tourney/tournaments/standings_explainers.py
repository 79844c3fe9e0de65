"""What the "why is A above B" page reads: the entrants to pick from, the standings (for their
ranks) and the engine's explanation, from the one standings selector. The page asks the kind's
standings (``tournament.fmt.standings.explainer()``, with its words: ``explain_words``); every kind
with VP standings hands out this one, since pairs, players and teams are listed, ranked and
explained alike."""

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


def _entrants(tournament) -> list[tuple[int, str]]:
    """Every entrant as "3 · Rossi – Bianchi" (a pair) or "3 · Anna Neri" (a player, a team)."""
    return [(e.number, f"{e.number} · {e.players}") for e in tournament.entrants.order_by("number")]


def _ranks(tournament, after_turno: int | None, within_girone: bool = False) -> dict[int, int]:
    """Each entrant's rank in the standings, or (``within_girone``) in its girone's."""
    if within_girone:
        gironi = girone_standings(tournament, after_turno=after_turno)
        return {row.entrant.number: row.rank for girone in gironi for row in girone.rows}
    rows = selectors.standings(tournament=tournament, after_turno=after_turno)
    return {row.entrant.number: row.rank for row in rows}


EXPLAINER = Explainer(_entrants, _ranks, selectors.standings_explanation)
