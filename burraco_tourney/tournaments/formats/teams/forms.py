"""The draw form of a team turno: the pairs' form, with the team movements only and the tables
typed by hand as matches (the home team, then the away team)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from ...forms.turni import DrawForm
from ...models import Movement
from .draw_manager import TEAM_MOVEMENTS


class TeamDrawForm(DrawForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        movement = self.fields["movement"]
        movement.choices = [(m.value, Movement(m).label) for m in TEAM_MOVEMENTS]
        movement.initial = Movement.ITALIANA
        self.fields["seating"].label = _("Matches")
        self.fields["seating"].help_text = _(
            "One match a line, match 1 first: the home team's number, then the away team's."
        )
        self.fields["byes"].help_text = _(
            "With an odd number of teams: the number of the team that rests."
        )
