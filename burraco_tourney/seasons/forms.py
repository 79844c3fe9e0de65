"""The circuit's settings form: what the director may set, and clear messages for bad input.

The tournaments offered are those the director directs, plus those the circuit already holds
(another director's, kept as they are). A form validates; it never saves (``services``).
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.tournaments.access import tournaments_directed_by
from burraco_tourney.tournaments.models import Tournament

from .models import Circuit, CircuitQualification, CircuitScoring


class TournamentChoices(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Tournament) -> str:
        return f"{obj.name} · {obj.date:%d/%m/%Y}"


class CircuitForm(forms.ModelForm):
    placement_points = forms.CharField(
        label=_("Points by place"),
        required=False,
        help_text=_(
            "Points by place, first place first, separated by commas (100, 70, 50 …). Leave "
            "empty for N − 5 × (place − 1), N the number of entrants: with 20 pairs 20, 15, 10 "
            "and 5 points, and none from the 5th place on."
        ),
    )
    tournaments = TournamentChoices(
        label=_("Tournaments"),
        queryset=Tournament.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Circuit
        fields = (
            "name",
            "ranks",
            "scoring",
            "best",
            "minimum",
            "tie_order",
            "qualification",
            "qualify_value",
        )
        widgets = {
            "ranks": forms.RadioSelect,
            "scoring": forms.RadioSelect,
        }
        # Under the section's title "Score per tournament": the box says what is counted.
        labels = {"scoring": _("Each tournament gives")}
        help_texts = {
            "best": _("Only each one's best N results count; leave empty to count them all."),
            "minimum": _("Fewer attendances than this leave a pair or player unranked."),
            "qualify_value": _("How many qualify (k), or the percentage of the ranked (x)."),
        }

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        offered = tournaments_directed_by(user)
        if self.instance.pk:
            held = self.instance.tournaments.values_list("pk", flat=True)
            offered = Tournament.objects.filter(pk__in=offered.values("pk")) | (
                Tournament.objects.filter(pk__in=list(held))
            )
            self.fields["tournaments"].initial = list(held)
            self.fields["placement_points"].initial = ", ".join(
                str(points) for points in self.instance.placement_table
            )
        self.fields["tournaments"].queryset = offered.distinct().order_by("-date", "name")
        self.fields["best"].min_value = 1
        self.fields["best"].widget.attrs["min"] = 1

    def clean_placement_points(self) -> list[int]:
        text = self.cleaned_data["placement_points"].strip()
        if not text:
            return []
        parts = [part for part in re.split(r"[\s,;]+", text) if part]
        if not all(part.isdecimal() for part in parts):
            raise forms.ValidationError(
                _("Write the points as whole numbers separated by commas, e.g. 100, 70, 50.")
            )
        points = [int(part) for part in parts]
        if any(later > earlier for earlier, later in zip(points, points[1:], strict=False)):
            raise forms.ValidationError(
                _("A place cannot give more points than the place before it.")
            )
        return points

    def clean(self):
        cleaned = super().clean()
        qualification = cleaned.get("qualification")
        value = cleaned.get("qualify_value")
        if qualification and not value:
            self.add_error("qualify_value", _("Say how many qualify for the final."))
        if qualification == CircuitQualification.PERCENT and value and value > 100:
            self.add_error("qualify_value", _("A percentage is at most 100."))
        if not qualification:
            cleaned["qualify_value"] = None
        if cleaned.get("scoring") == CircuitScoring.VP:
            cleaned["placement_points"] = []
        for tournament in cleaned.get("tournaments") or ():
            refusal = tournament.fmt.entrants.circuit_refusal(tournament, cleaned.get("ranks"))
            if refusal:
                self.add_error("tournaments", refusal)
        return cleaned

    def values(self) -> dict:
        """The circuit's settings as the service takes them."""
        values = {name: self.cleaned_data[name] for name in self.Meta.fields}
        values["placement_table"] = self.cleaned_data["placement_points"]
        return values
