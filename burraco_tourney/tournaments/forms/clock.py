"""Forms of the turno clock and of the anomalies: how long a turno lasts, a dismissal's note."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..services.clock import MAX_MINUTES


class ClockSettingsForm(forms.Form):
    turno_minutes = forms.IntegerField(
        label=_("Minutes per turno"),
        required=False,
        min_value=1,
        max_value=MAX_MINUTES,
        help_text=_("Empty: no clock."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    last_smazzata_minutes = forms.IntegerField(
        label=_("“Last smazzata” warning, minutes before the end"),
        min_value=0,
        max_value=MAX_MINUTES,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def clean(self):
        data = super().clean()
        minutes, warning = data.get("turno_minutes"), data.get("last_smazzata_minutes")
        if minutes is not None and warning is not None and warning >= minutes:
            self.add_error(
                "last_smazzata_minutes",
                _("The “last smazzata” warning must come before the end of the turno."),
            )
        return data


class DismissForm(forms.Form):
    code = forms.CharField(max_length=40, widget=forms.HiddenInput)
    note = forms.CharField(
        label=_("Note"),
        max_length=300,
        help_text=_("Why this result is right as it is."),
    )
