"""Serialising the writes to one tournament: a service locks the tournament's row first.

Every service that reads the state of a tournament before changing it (the next pair number,
the last turno, the bracket) starts with ``tournament_lock`` inside its transaction, so two
directors acting at once take turns instead of both deciding on the same old state. Locks are
never taken outside a transaction, and never with a thread lock.
"""

from __future__ import annotations

from ..models import Tournament


def tournament_lock(tournament: Tournament) -> Tournament:
    """The tournament's row, read again and locked until the transaction ends.

    A no-op on SQLite, which already lets one writer at a time into the whole database.
    """
    return Tournament.objects.select_for_update().get(pk=tournament.pk)
