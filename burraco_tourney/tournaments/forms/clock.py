"""Forms of the turno clock and of the anomalies: how long a turno lasts, a dismissal's note."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.turno_clock import MAX_MINUTES

from ..models import Tournament

LAST_SMAZZATA_DEFAULT: int = Tournament._meta.get_field("last_smazzata_minutes").default


class ClockSettingsForm(forms.Form):
    """How long every turno lasts and when the "last smazzata" warning comes: the clock page's
    form, and two boxes of the tournament settings (``TournamentForm`` builds on it)."""

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
        required=False,
        min_value=0,
        max_value=MAX_MINUTES,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["last_smazzata_minutes"].help_text = gettext("Empty: %(minutes)s.") % {
            "minutes": LAST_SMAZZATA_DEFAULT
        }

    def clean(self):
        data = super().clean()
        if "last_smazzata_minutes" in data and data["last_smazzata_minutes"] is None:
            data["last_smazzata_minutes"] = LAST_SMAZZATA_DEFAULT
        minutes, warning = data.get("turno_minutes"), data.get("last_smazzata_minutes")
        if minutes is not None and warning is not None and warning >= minutes:
            self.add_error(
                "last_smazzata_minutes",
                _("The “last smazzata” warning must come before the end of the turno."),
            )
        return data


class TurnoClockForm(forms.Form):
    """How long one turno lasts, when it is not the tournament's usual time."""

    minutes = forms.IntegerField(
        label=_("Minutes of this turno"),
        required=False,
        min_value=1,
        max_value=MAX_MINUTES,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class DismissForm(forms.Form):
    code = forms.CharField(max_length=40, widget=forms.HiddenInput)
    note = forms.CharField(
        label=_("Note"),
        max_length=300,
        help_text=_("Why this result is right as it is."),
    )
