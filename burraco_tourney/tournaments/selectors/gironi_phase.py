"""A tournament's gironi phase as the engine's ``rules.gironi.Gironi`` (RULES.md section 12):
read from ``Tournament.gironi_from`` and each entrant's ``girone``. Reads only; the standings
selector and the draw managers ask it."""

from __future__ import annotations

from burraco_tourney.rules.gironi import Gironi

from ..models import GironiOverall, GironiStandings, Tournament


def tournament_gironi(
    tournament: Tournament, after_turno: int | None = None, *, drawn: bool = False
) -> Gironi | None:
    """The gironi phase; None without one, or when the standings after ``after_turno`` (None:
    every published turno) do not reach its first turno yet: a draft does not count, unless
    ``drawn`` (the draw of the phase's turni asks so)."""
    start = tournament.gironi_from
    if start is None:
        return None
    if after_turno is not None and after_turno < start:
        return None
    if not drawn and not tournament.turni.filter(number=start, published=True).exists():
        return None
    members: dict[str, list[int]] = {}
    rows = tournament.entrants.exclude(girone="").order_by("girone", "number")
    for girone, number in rows.values_list("girone", "number"):
        members.setdefault(girone, []).append(number)
    return Gironi(
        from_turno=start,
        members=tuple((name, tuple(numbers)) for name, numbers in members.items()),
        phase_only=tournament.gironi_standings == GironiStandings.PHASE_ONLY,
        by_girone=tournament.gironi_overall == GironiOverall.BY_GIRONE,
    )
