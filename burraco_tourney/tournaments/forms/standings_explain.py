"""The form of "why is A above B": two entrants of the standings (pairs or players, as the
tournament registers them) and the turno they are after."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

# The form's words that name the entrants, by a format's ``registers``.
LABELS = {
    "pairs": (_("Pair"), _("and pair"), _("Pick two different pairs.")),
    "players": (_("Player"), _("and player"), _("Pick two different players.")),
    "teams": (_("Team"), _("and team"), _("Pick two different teams.")),
}


# ``classifica=girone``: the question is about a girone's own standings.
GIRONE = "girone"


class ExplainForm(forms.Form):
    """Read by GET, so the answer has an address and works without JavaScript."""

    a = forms.TypedChoiceField(label=_("Pair"), coerce=int)
    b = forms.TypedChoiceField(label=_("and pair"), coerce=int)
    dopo = forms.TypedChoiceField(
        label=_("After turno"), coerce=int, required=False, empty_value=None
    )

    def __init__(
        self, data=None, *, entrants, turni, registers="pairs", initial=None, gironi=False
    ):
        """``entrants``: (number, "number · names") of every pair or player; ``gironi``: the
        tournament is played in gironi, so the girone standings can be asked about too."""
        super().__init__(data, initial=initial)
        if gironi:
            self.fields["classifica"] = forms.ChoiceField(
                label=_("Which standings"),
                required=False,
                choices=[
                    ("", _("the overall standings")),
                    (GIRONE, _("the standings of their girone")),
                ],
            )
        first, second, self.same_message = LABELS[registers]
        choices = list(entrants)
        self.fields["a"].choices = choices
        self.fields["a"].label = first
        self.fields["b"].choices = choices
        self.fields["b"].label = second
        self.fields["dopo"].choices = [("", _("the latest standings"))] + [
            (n, str(n)) for n in turni
        ]

    @property
    def within_girone(self) -> bool:
        return self.cleaned_data.get("classifica") == GIRONE

    def clean(self):
        data = super().clean()
        if data.get("a") is not None and data.get("a") == data.get("b"):
            self.add_error("b", self.same_message)
        return data
