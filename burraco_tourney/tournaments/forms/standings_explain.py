"""The form of "why is A above B": two entrants of the standings (pairs or players, as the
tournament registers them) and the turno they are after."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

# ``classifica=girone``: the question is about a girone's own standings.
GIRONE = "girone"


class ExplainForm(forms.Form):
    """Read by GET, so the answer has an address and works without JavaScript."""

    a = forms.TypedChoiceField(label=_("Pair"), coerce=int)
    b = forms.TypedChoiceField(label=_("and pair"), coerce=int)
    dopo = forms.TypedChoiceField(
        label=_("After turno"), coerce=int, required=False, empty_value=None
    )

    def __init__(self, data=None, *, entrants, turni, words, initial=None, gironi=False):
        """``entrants``: (number, "number · names") of every pair or player; ``words``: the
        kind's sentences that name them (``core.explain_sentences.EntrantWords``); ``gironi``:
        the tournament is played in gironi, so the girone standings can be asked about too."""
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
        self.same_message = words.same_message
        choices = list(entrants)
        self.fields["a"].choices = choices
        self.fields["a"].label = words.first_label
        self.fields["b"].choices = choices
        self.fields["b"].label = words.second_label
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
