"""The forms of an individual tournament's director pages: players and the turno draw."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.errors import RuleError

from ..draw_manager import DrawRequest
from ..formats.individual.draw_manager import INDIVIDUAL_MOVEMENTS
from ..models import Movement, Turno
from ..pair_import import MAX_NUMBER, NAME_MAX
from ..player_import import PlayerRow, parse_player_spreadsheet, parse_player_text
from .pairs import CleanedCharField, NumberDrawForm, PairFileForm, PairPageForm
from .turni import rule_message

__all__ = [
    "IndividualDrawForm",
    "NumberDrawForm",
    "PlayerFileForm",
    "PlayerForm",
    "PlayerPasteForm",
    "PlayerPenaltyForm",
]


class PlayerForm(PairPageForm):
    number = forms.IntegerField(
        label=_("Number"),
        min_value=1,
        max_value=MAX_NUMBER,
        required=False,
        help_text=_("Leave it empty for the next free number."),
        widget=forms.NumberInput(attrs={"class": "narrow", "inputmode": "numeric"}),
    )
    name = CleanedCharField(label=_("Player"), max_length=NAME_MAX)
    club = CleanedCharField(label=_("Club"), max_length=NAME_MAX, required=False)


class PlayerPasteForm(PairPageForm):
    text = forms.CharField(
        label=_("One player per line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("For example: “Anna Rossi; Circolo Aurora”. The club after “;” is optional."),
    )

    def clean_text(self) -> str:
        text = self.cleaned_data["text"]
        self.rows: list[PlayerRow] = parse_player_text(text)
        if not self.rows:
            raise forms.ValidationError(_("The list is empty."))
        return text


class PlayerFileForm(PairFileForm):
    parse_file = staticmethod(parse_player_spreadsheet)
    file = forms.FileField(
        label=_("Spreadsheet (.xlsx or .csv)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv,.txt,text/csv"}),
        help_text=_(
            "First sheet; columns named Numero, Nome, Circolo (or Number, Name, Club), or with "
            "no header row: name, club. At most 2 MB."
        ),
    )


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


class PlayerPenaltyForm(PairPageForm):
    """A penalty against one player in one published turno; VP and MP are deltas (usually < 0)."""

    player = forms.IntegerField(label=_("Player number"), min_value=1)
    turno = forms.ModelChoiceField(label=_("Turno"), queryset=Turno.objects.none())
    vp = forms.IntegerField(label=_("VP"), required=False, min_value=-100, max_value=100)
    mp = forms.IntegerField(label=_("MP"), required=False, min_value=-10_000, max_value=10_000)
    reason = CleanedCharField(label=_("Reason"), max_length=200)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["turno"].queryset = tournament.turni.filter(published=True).order_by("number")
        self.fields["turno"].label_from_instance = lambda turno: str(turno)
