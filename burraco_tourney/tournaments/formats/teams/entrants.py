"""A team's entrants: a name, a club and a roster of 4 to 8 registry people (``Member`` rows in
order, their names as printed in ``Member.printed``), a person in one team only. The public
list, seating and seat search pages are the pairs' for now, with the teams' words."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..entrants import PairEntrants
from .words import ROSTER_MAX, ROSTER_MIN, TEAM_WORDS


class TeamEntrants(PairEntrants):
    words = TEAM_WORDS

    def printed_names(self, entrant: Any) -> list[str]:
        # A team's roster as printed; the team's own name is not a person.
        return [m.printed for m in entrant.members.order_by("position")]

    def people_check(self, entrant: Any) -> None:
        from ...models import Member

        people = list(entrant.members.order_by("position").select_related("person"))
        if not ROSTER_MIN <= len(people) <= ROSTER_MAX:
            raise ValidationError(
                ngettext(
                    "A team has %(min)s to %(max)s different players: %(count)s was given.",
                    "A team has %(min)s to %(max)s different players: %(count)s were given.",
                    len(people),
                )
                % {"min": ROSTER_MIN, "max": ROSTER_MAX, "count": len(people)}
            )
        elsewhere = (
            Member.objects.filter(
                entrant__tournament_id=entrant.tournament_id,
                person__in=[m.person_id for m in people],
            )
            .exclude(entrant=entrant)
            .select_related("entrant", "person")
            .order_by("entrant__number", "position")
            .first()
        )
        if elsewhere is not None:
            raise ValidationError(
                _("%(person)s already plays for team %(team)s: a person plays for one team only.")
                % {"person": elsewhere.person.full_name, "team": elsewhere.entrant}
            )


TEAM_ENTRANTS = TeamEntrants()
