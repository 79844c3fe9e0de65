"""The form of an individual tournament's turno draw (its players register on the entrants
pages, ``forms.pairs``)."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.errors import RuleError

from ...draw_manager import DrawRequest
from ...forms.pairs import PairPageForm
from ...forms.turni import rule_message
from ...models import Movement
from .draw_manager import INDIVIDUAL_MOVEMENTS

__all__ = ["IndividualDrawForm"]


LINE = re.compile(r"\d+")
# The number of players the published individual schedule serves.
EIGHT_PLAYERS = 8


class IndividualDrawForm(PairPageForm):
    """The movement of an individual turno, with the seating typed for a draw by hand."""

    movement = forms.ChoiceField(
        label=_("Movement"),
        choices=[
            (Movement.ROTATION, _("Partner rotation")),
            (Movement.DANESE, _("Danese individuale (from the standings)")),
            (Movement.MANUAL, _("By hand")),
        ],
        widget=forms.RadioSelect,
        initial=Movement.ROTATION,
    )
    seed = forms.IntegerField(
        label=_("Rotation seed"),
        min_value=0,
        max_value=10**9,
        required=False,
        initial=0,
        help_text=_("The same players, turni and seed always give the same rotation."),
    )
    seating = forms.CharField(
        label=_("Seating (by hand)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_("One table per line, the NS pair of players then the EO pair: “1 5 - 3 7”."),
    )
    byes = forms.CharField(
        label=_("Resting players (by hand)"),
        required=False,
        help_text=_("Their numbers, separated by spaces."),
    )

    def __init__(self, *args, players: int | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The published schedule only serves exactly eight players; with any other number the
        # rotation is drawn from the turni already played.
        rotation = (
            _("Partner rotation (the published schedule for 8 players)")
            if players == EIGHT_PLAYERS
            else _("Partner rotation (nobody plays again with a partner already had)")
        )
        field = self.fields["movement"]
        field.choices = [
            (key, rotation if key == Movement.ROTATION else label) for key, label in field.choices
        ]

    @property
    def shows_manual(self) -> bool:
        """The seating-by-hand boxes are open: "by hand" is the chosen movement."""
        shown = self.data.get(self.add_prefix("movement")) if self.is_bound else None
        if shown is None:
            shown = self.initial.get("movement", self.fields["movement"].initial)
        return shown == Movement.MANUAL

    def clean_movement(self) -> str:
        movement = self.cleaned_data["movement"]
        if movement not in INDIVIDUAL_MOVEMENTS:
            raise forms.ValidationError(_("Choose a movement."))
        return movement

    def clean_seating(self) -> tuple:
        seats = []
        for line in self.cleaned_data["seating"].splitlines():
            numbers = [int(n) for n in LINE.findall(line)]
            if not numbers:
                continue
            if len(numbers) != 4:
                raise forms.ValidationError(
                    _("“%(line)s”: a table seats four players, two per line.")
                    % {"line": line.strip()}
                )
            seats.append(((numbers[0], numbers[1]), (numbers[2], numbers[3])))
        return tuple(seats)

    def clean_byes(self) -> tuple[int, ...]:
        return tuple(int(n) for n in LINE.findall(self.cleaned_data["byes"]))

    def clean(self):
        data = super().clean()
        if data.get("movement") == Movement.MANUAL and not data.get("seating"):
            self.add_error("seating", _("Type the tables of a seating by hand."))
        return data

    def draw_request(self) -> DrawRequest:
        data = self.cleaned_data
        return DrawRequest(
            movement=data["movement"],
            seats=data.get("seating") or (),
            byes=data.get("byes") or (),
            seed=data.get("seed") or 0,
        )

    def add_rule_error(self, error: RuleError) -> None:
        field = "seating" if self.cleaned_data.get("movement") == Movement.MANUAL else None
        self.add_error(field, rule_message(error))
