"""Writing the contents of an individual archive (ARCHIVE.md "Kind individual") into a new
tournament: players, turni, tables with their seats and smazzate, riposi and penalties.

Called by ``services.tournament_import`` inside its transaction, after the tournament row; the
tables and smazzate are written by the same helpers as for pairs, only the seating differs.
"""

from __future__ import annotations

from django.utils import timezone

from burraco_tourney.tournaments.models import (
    AuditEntry,
    IndividualBye,
    IndividualPenalty,
    Player,
    TableSeat,
    Tournament,
    Turno,
)

from .log import log_rows
from .records import Archive


def create_individual_contents(tournament: Tournament, archive: Archive) -> None:
    from .services import _create_tables

    created = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            number=player.number,
            name=player.name,
            club=player.club,
            withdrawn=player.withdrawn_after_turno is not None,
            withdrawn_after_turno=player.withdrawn_after_turno,
            withdrawn_reason=player.withdrawn_reason,
        )
        for player in archive.players
    )
    players = {player.number: player for player in created}
    turni = {
        turno.number: turno
        for turno in Turno.objects.bulk_create(
            Turno(
                tournament=tournament, number=t.number, movement=t.movement, published=t.published
            )
            for t in archive.turni
        )
    }
    table_rows = _create_tables(archive, turni, None)
    TableSeat.objects.bulk_create(
        TableSeat(table=row, line=line, seat=seat, player=players[number])
        for row, table in table_rows
        for line, numbers in (("ns", table.ns), ("eo", table.eo))
        for seat, number in enumerate(numbers, start=1)
    )
    IndividualBye.objects.bulk_create(
        IndividualBye(turno=turni[turno.number], player=players[player])
        for turno in archive.turni
        for player in turno.byes
    )
    IndividualPenalty.objects.bulk_create(
        IndividualPenalty(
            turno=turni[penalty.turno],
            player=players[penalty.pair],
            vp=penalty.vp,
            mp=penalty.mp,
            reason=penalty.reason,
            given_by_name=penalty.given_by,
            created_at=penalty.at or timezone.now(),
        )
        for penalty in archive.penalties
    )
    places = {(row.turno.number, row.number): row for row, _table in table_rows}
    AuditEntry.objects.bulk_create(log_rows(tournament, archive.log, places), batch_size=500)
