"""A pair that arrives late: added after a turno was published, it plays from the next draw.

``late_join_turno`` says which turno a pair added now joins in (None while no turno is
published: the pair is simply registered). ``late_fields`` checks the director's choice of how
the turni it missed count (``MissedChoice``: as a riposo, a value he types, or nothing) and
returns the pair's fields to store. The standings score those turni through the rules engine
(``rules.standings.Absence``, built by ``selectors.standings_notes``); nothing is scored here.
Used by ``services.pairs`` inside its transaction; it never writes by itself.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from burraco_tourney.rules.errors import RuleError

from ..models import MissedTurni, Tournament
from ..results_bridge import tournament_rules
from ..settings_values import MissedChoice


def late_join_turno(*, tournament: Tournament) -> int | None:
    """The turno a pair added now plays first: the one after the last published turno; None
    before any turno is published (a draft turno can still be drawn again with the pair), and
    for a kind whose entrants do not join late (its draw manager says: a knock-out's bracket has
    no place for a pair arriving late, nor standings)."""
    return tournament.fmt.draw_manager.late_join_turno(tournament)


def default_missed(*, tournament: Tournament) -> str:
    """The choice offered first: the riposo's value where the tournament has one."""
    try:
        bye = tournament_rules(tournament).bye
    except RuleError:
        bye = None
    return MissedTurni.BYE if bye is not None else MissedTurni.NONE


def late_fields(*, tournament: Tournament, missed: MissedChoice | None) -> dict[str, Any]:
    """The fields of a pair added now: empty before any turno is published; otherwise the turno
    it joins in and how its missed turni count (the default choice when ``missed`` is None).

    Raises ``ValidationError`` keyed by the form's fields when the choice cannot be scored.
    """
    joined = late_join_turno(tournament=tournament)
    if joined is None:
        return {}
    if missed is None:
        missed = MissedChoice(how=default_missed(tournament=tournament))
    if missed.how not in MissedTurni.values:
        raise ValidationError({"missed": _("Choose how the missed turni count.")})
    fields: dict[str, Any] = {
        "joined_turno": joined,
        "missed": missed.how,
        "missed_vp": None,
        "missed_mp": None,
    }
    rules = tournament_rules(tournament)
    if missed.how == MissedTurni.BYE and rules.bye is None:
        raise ValidationError(
            {
                "missed": _(
                    "This tournament has no riposo value: set it in the settings, or type the "
                    "value of the missed turni."
                )
            }
        )
    if missed.how == MissedTurni.VALUE:
        errors = {}
        total = rules.vp.total
        if missed.vp is None:
            errors["missed_vp"] = _("Type the VP of each missed turno.")
        elif not rules.vp.holds(missed.vp):
            errors["missed_vp"] = _("The VP must be between 0 and %(total)s.") % {"total": total}
        if missed.mp is None:
            errors["missed_mp"] = _("Type the MP of each missed turno (0 for none).")
        if errors:
            raise ValidationError(errors)
        fields["missed_vp"], fields["missed_mp"] = missed.vp, missed.mp
    return fields


def late_snapshot(fields: dict[str, Any]) -> dict[str, Any]:
    """What the change log records of the choice (nothing for a pair registered in time)."""
    return {key: value for key, value in fields.items() if value is not None}
