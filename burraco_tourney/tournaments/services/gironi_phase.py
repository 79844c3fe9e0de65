"""Ending the gironi phase with the draft of its first turno (``services.turni``)."""

from __future__ import annotations

from ..models import Tournament


def gironi_clear(tournament: Tournament, number: int) -> None:
    """End the phase when the draft of its first turno ``number`` is deleted: nobody keeps a
    girone. Runs inside the caller's transaction, the tournament locked."""
    if tournament.gironi_from == number:
        tournament.entrants.exclude(girone="").update(girone="")
        tournament.gironi_from = None
        tournament.save(update_fields=["gironi_from"])
