"""What the room's projector shows, panel by panel: the standings in pages sized for the screen,
the seating of the turno being played (the last published one), and its clock.

Read only, from the same selectors as the public pages (``standings``, ``seating``, ``clock``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from burraco_tourney.core.rule_messages import rule_error_message

from ..models import Tournament, Turno
from ..prize_rows import award_rows
from .clock import TurnoClock, playing_turno, turno_clock
from .gironi import girone_standings_or_missing
from .prizes import prize_allocation
from .seating import turno_seating
from .standings import Standing, standings_choice
from .tournaments import turno_byes

ROWS_PER_PAGE = 10
TABLES_PER_PAGE = 10


def _pages(items: list[Any], size: int) -> list[list[Any]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


@dataclass(frozen=True)
class ProjectorPanels:
    standings_pages: list[list[Standing]]
    after_turno: int | None
    provisional: bool
    missing: str | None
    final: bool
    turno: Turno | None
    seating_pages: list[list[Any]]
    byes: list[Any]
    clock: TurnoClock
    # The closing panel: the prizes, once the standings are final (``prize_rows``).
    prize_pages: list[list[dict[str, Any]]] = field(default_factory=list)
    # Played in gironi: each girone's standings in pages, as (girone, page number, rows).
    girone_pages: tuple = ()

    @property
    def page_count(self) -> int:
        return len(self.standings_pages)


def projector_panels(
    *, tournament: Tournament, standings: Callable[[int | None], tuple]
) -> ProjectorPanels:
    """The panels of the projector; the standings are those the public page shows first.
    ``standings(after_turno)``: the rows and the rule error as the public standings page works
    them out once per change (``live_pages.standings_rows``)."""
    girone_pages: list[tuple[str, int, list[Standing]]] = []
    # A knock-out has a bracket, not standings (no rows): its projector shows the seating and
    # the clock.
    choice = standings_choice(tournament=tournament)
    rows, error = standings(choice.default)
    missing = rule_error_message(error) if error else None
    after_turno = choice.shown_turno(choice.default)
    provisional = choice.provisional(choice.default)
    final = choice.final(choice.default)
    if error is None:
        for girone in girone_standings_or_missing(
            tournament=tournament, after_turno=choice.default
        ):
            pages = _pages(girone.rows, ROWS_PER_PAGE)
            girone_pages += [(girone.name, i, page) for i, page in enumerate(pages, start=1)]
    turno = playing_turno(tournament=tournament)
    seating = turno_seating(turno=turno) if turno else None
    return ProjectorPanels(
        standings_pages=_pages(rows, ROWS_PER_PAGE),
        after_turno=after_turno,
        provisional=provisional,
        missing=missing,
        final=final,
        turno=turno,
        seating_pages=_pages(seating.tables, TABLES_PER_PAGE) if seating else [],
        byes=turno_byes(turno=turno) if turno else [],
        clock=turno_clock(turno=turno, tournament=tournament),
        prize_pages=_prize_pages(tournament) if final else [],
        girone_pages=tuple(girone_pages),
    )


def _prize_pages(tournament: Tournament) -> list[list[dict[str, Any]]]:
    allocated = prize_allocation(tournament=tournament)
    return _pages(award_rows(allocated), ROWS_PER_PAGE) if allocated else []
