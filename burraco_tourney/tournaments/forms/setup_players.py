"""The tournament settings' boxes for the players' entry from their phones (kept apart from
``setup.py``, which ``TournamentForm`` builds on)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _


class PlayersFields(forms.Form):
    """Whether the players enter their tables, and whether agreeing lines are accepted at once."""

    players_enter = forms.BooleanField(
        label=_("Players enter their table's results"),
        required=False,
        help_text=_(
            "Each table's scorecard and table card carry a QR code: one line enters the "
            "smazzate on a phone, the other confirms them. Totals only and forfeits stay with "
            "the director."
        ),
    )
    # Ticked is the exception, so a form posted without the box keeps the default (a table
    # both lines agree on is accepted automatically).
    players_director_accepts = forms.BooleanField(
        label=_("The director accepts each table"),
        required=False,
        help_text=_(
            "Unticked, a table is accepted automatically when both lines agree; ticked, you "
            "accept each table from the room board."
        ),
    )

    def players_settings(self) -> dict[str, Any]:
        return {
            "players_enter": self.cleaned_data.get("players_enter", False),
            "players_auto_accept": not self.cleaned_data.get("players_director_accepts", False),
        }
