"""Penalties of an individual tournament: the arbitro's VP and MP deductions against one player
in one turno. The same rules as a pair's (``services/penalties.py``): a published turno only,
never both zero, recorded in the change log in the same transaction."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from ..audit_text import player_penalty_subject
from ..models import IndividualPenalty, Player, Tournament, Turno
from .audit import audit_record
from .penalties import ADD_ACTION, DELETE_ACTION, _check


def player_penalty_snapshot(penalty: IndividualPenalty) -> dict[str, Any]:
    return {
        "turno": penalty.turno.number,
        "player": penalty.player.number,
        "vp": penalty.vp,
        "mp": penalty.mp,
        "reason": penalty.reason,
    }


@transaction.atomic
def player_penalty_add(
    *,
    tournament: Tournament,
    user,
    player: Player,
    turno: Turno,
    vp: int = 0,
    mp: int = 0,
    reason: str,
) -> IndividualPenalty:
    """Give ``player`` a penalty in ``turno``: ``vp`` and ``mp`` are deltas, usually <= 0."""
    _check(tournament, player, turno, vp, mp)
    penalty = IndividualPenalty.objects.create(
        turno=turno,
        player=player,
        vp=vp,
        mp=mp,
        reason=reason,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    audit_record(
        tournament=tournament,
        user=user,
        action=ADD_ACTION,
        subject=player_penalty_subject(penalty),
        reason=reason,
        after=player_penalty_snapshot(penalty),
    )
    return penalty


@transaction.atomic
def player_penalty_delete(*, penalty: IndividualPenalty, user, reason: str) -> None:
    tournament = penalty.turno.tournament
    before = player_penalty_snapshot(penalty)
    subject = player_penalty_subject(penalty)
    penalty.delete()
    audit_record(
        tournament=tournament,
        user=user,
        action=DELETE_ACTION,
        subject=subject,
        reason=reason,
        before=before,
    )
