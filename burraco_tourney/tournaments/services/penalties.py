"""Penalties: the arbitro's VP and MP deductions against one entrant (a pair, a player) in one
turno, for every kind of tournament.

A penalty never gives anything to the opponent (nor to an individual player's partner); the
standings selectors add it to the entrant's VP, scarto and MP (ARCHIVE.md ``results``). Each
penalty added or deleted is recorded in the tournament's change log in the same transaction,
naming its entrant with the kind's word (``fmt.entrants.key``: "pair", "player").
Nothing here computes standings.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..audit_text import penalty_subject
from ..models import Entrant, Penalty, Tournament, Turno
from .audit import audit_record

ADD_ACTION = "penalty_add"
DELETE_ACTION = "penalty_delete"


def penalty_snapshot(penalty: Penalty, entrant_key: str) -> dict[str, Any]:
    """What the change log keeps of a penalty (entrant and turno by number, as a director
    reads them)."""
    return {
        "turno": penalty.turno.number,
        entrant_key: penalty.entrant.number,
        "vp": penalty.vp,
        "mp": penalty.mp,
        "reason": penalty.reason,
    }


def _check(tournament: Tournament, entrant: Entrant, turno: Turno, vp: int, mp: int) -> None:
    if entrant.tournament_id != tournament.pk or turno.tournament_id != tournament.pk:
        # The form only offers this tournament's entrants and turni: this is a bug, not input.
        raise ValueError("the entrant and the turno must belong to the tournament")
    if not turno.published:
        raise ValidationError(
            _("Turno %(turno)s is a draft: penalties go to published turni only.")
            % {"turno": turno.number},
            code="turno_draft",
        )
    if not vp and not mp:
        raise ValidationError(
            _("A penalty takes away VP, MP or both: both are zero."), code="penalty_empty"
        )


@transaction.atomic
def penalty_add(
    *,
    tournament: Tournament,
    user,
    entrant: Entrant,
    turno: Turno,
    vp: int = 0,
    mp: int = 0,
    reason: str,
) -> Penalty:
    """Give ``entrant`` a penalty in ``turno``: ``vp`` and ``mp`` are deltas, usually <= 0.

    Raises ``ValidationError`` for a draft turno or a penalty of 0 VP and 0 MP.
    """
    _check(tournament, entrant, turno, vp, mp)
    penalty = Penalty.objects.create(
        turno=turno,
        entrant=entrant,
        vp=vp,
        mp=mp,
        reason=reason,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    entrants = tournament.fmt.entrants
    audit_record(
        tournament=tournament,
        user=user,
        action=ADD_ACTION,
        subject=penalty_subject(penalty, entrants),
        reason=reason,
        after=penalty_snapshot(penalty, entrants.key),
    )
    return penalty


@transaction.atomic
def penalty_delete(*, penalty: Penalty, user, reason: str) -> None:
    """Delete a penalty; the change log keeps what it was and why it went."""
    tournament = penalty.turno.tournament
    entrants = tournament.fmt.entrants
    before = penalty_snapshot(penalty, entrants.key)
    subject = penalty_subject(penalty, entrants)
    penalty.delete()
    audit_record(
        tournament=tournament,
        user=user,
        action=DELETE_ACTION,
        subject=subject,
        reason=reason,
        before=before,
    )
