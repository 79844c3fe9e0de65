"""The form of "why is A above B": two pairs of the standings (and the turno they are after)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class ExplainForm(forms.Form):
    """Read by GET, so the answer has an address and works without JavaScript."""

    a = forms.TypedChoiceField(label=_("Pair"), coerce=int)
    b = forms.TypedChoiceField(label=_("and pair"), coerce=int)
    dopo = forms.TypedChoiceField(
        label=_("After turno"), coerce=int, required=False, empty_value=None
    )

    def __init__(self, data=None, *, pairs, turni, initial=None):
        super().__init__(data, initial=initial)
        choices = [(p.number, f"{p.number} · {p.players}") for p in pairs]
        self.fields["a"].choices = choices
        self.fields["b"].choices = choices
        self.fields["dopo"].choices = [("", _("the latest standings"))] + [
            (n, str(n)) for n in turni
        ]

    def clean(self):
        data = super().clean()
        if data.get("a") is not None and data.get("a") == data.get("b"):
            self.add_error("b", _("Pick two different pairs."))
        return data
