"""The players' own write: importing a list of players (an individual tournament). Registering,
editing, withdrawing, deleting and drawing the numbers are every kind's
(``services.entrants``).

The import runs in one transaction, locks the tournament first and records what it created with
``audit_record``; a list with errors saves nothing (``PlayerImportRejected``).
"""

from __future__ import annotations

from django.db import transaction

from ..audit_text import players_import_subject
from ..models import Entrant, Tournament
from ..player_import import PlayerRow, check_player_rows
from .audit import audit_record
from .entrants import entrant_snapshot
from .locks import tournament_lock
from .members import Place, members_link


class PlayerImportRejected(Exception):
    """The rows of a list cannot be saved; ``rows`` carry the errors, nothing was saved."""

    def __init__(self, rows: list[PlayerRow]):
        super().__init__("player list has errors")
        self.rows = rows


def _registered(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.entrants.values_list("number", "name"))


def players_import_check(*, tournament: Tournament, rows: list[PlayerRow]) -> list[PlayerRow]:
    """The preview: the rows with their numbers and every error, against the players registered."""
    return check_player_rows(rows, registered=_registered(tournament))


@transaction.atomic
def players_import(
    *, tournament: Tournament, user, rows: list[PlayerRow], source: str
) -> list[Entrant]:
    """Create every player of a pasted or uploaded list, or none of them (``source``: the file's
    name, empty for a pasted list). Any error raises ``PlayerImportRejected``."""
    tournament_lock(tournament)
    rows = check_player_rows(rows, registered=_registered(tournament))
    if not rows or any(row.errors for row in rows):
        raise PlayerImportRejected(rows)
    players = Entrant.objects.bulk_create(
        Entrant(tournament=tournament, number=row.number, name=row.name, club=row.club)
        for row in rows
    )
    members_link(
        (player, [Place(row.name, row.card, strict=True)])
        for player, row in zip(players, rows, strict=True)
    )
    audit_record(
        tournament=tournament,
        user=user,
        action="players_import",
        subject=players_import_subject(len(players), source),
        after=[entrant_snapshot(p) for p in players],
    )
    return players
