"""The standings of each girone (RULES.md section 12): what the standings page, its PDF and
workbook, the projector, the public pages, the archive, the prize list and the federation report
read. Reads only.

``girone_standings(tournament=…)`` is the one selector to call: each girone's entrants ranked
among themselves, since turno 1 or over the gironi turni only (``Tournament.gironi_standings``),
by the same computation as the overall standings (``rules.gironi.girone_standings`` on the
inputs of ``selectors.standings``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.gironi import girone_standings as girone_rows
from burraco_tourney.rules.gironi import gironi_cut

from ..models import Tournament
from .gironi_phase import tournament_gironi
from .standings import Standing, _engine_inputs, standing_list, standings


@dataclass(frozen=True)
class GironeStandings:
    """One girone's standings: its ``name`` ("A") and its ``rows`` (``Standing``, ranked from
    1 among the girone's entrants; each row's ``vp``, ``scarto``, ``mp`` are the girone's count:
    since turno 1, or the gironi turni only)."""

    name: str
    rows: list[Standing]


def girone_standings(
    *, tournament: Tournament, after_turno: int | None = None
) -> list[GironeStandings]:
    """Each girone's standings after ``after_turno`` (None: every published turno), girone A
    first; empty without gironi or before the phase's first turno is published and counted.
    Raises the engine's RuleError like ``selectors.standings.standings``."""
    gironi = tournament_gironi(tournament, after_turno)
    if gironi is None:
        return []
    entrants, inputs = _engine_inputs(tournament, after_turno)
    return [
        GironeStandings(name=name, rows=standing_list(tournament, entrants, rows, gironi))
        for name, rows in girone_rows(gironi, **inputs)
    ]


def girone_standings_or_missing(
    *, tournament: Tournament, after_turno: int | None = None
) -> list[GironeStandings]:
    """``girone_standings``, or none while the engine refuses the standings (the pages show the
    overall standings' refusal already)."""
    try:
        return girone_standings(tournament=tournament, after_turno=after_turno)
    except RuleError:
        return []


@dataclass(frozen=True)
class GironiPreview:
    """Who falls where if the gironi start with turno ``number``: each girone's name and its
    entrants' ``Standing`` rows (the standings after the turno before, best first)."""

    number: int
    gironi: list[tuple[str, list[Standing]]]


def gironi_preview(*, tournament: Tournament, sizes: Sequence[int]) -> GironiPreview:
    """The gironi of ``sizes`` tables (top first) cut from the standings after the last turno,
    for the next turno's active entrants. Raises the engine's RuleError (sizes that do not seat
    them, ``rules.gironi.gironi_cut``; standings that cannot be counted)."""
    from ..draw_manager import active_pairs

    last = tournament.turni.order_by("-number").values_list("number", flat=True).first() or 0
    number = last + 1
    active = set(active_pairs(tournament, number))
    rows = [
        r for r in standings(tournament=tournament, after_turno=last) if r.entrant.number in active
    ]
    by_number = {r.entrant.number: r for r in rows}
    cut = gironi_cut([r.entrant.number for r in rows], sizes, tournament.fmt.entrants_per_table)
    return GironiPreview(
        number=number,
        gironi=[(name, [by_number[n] for n in numbers]) for name, numbers in cut],
    )
