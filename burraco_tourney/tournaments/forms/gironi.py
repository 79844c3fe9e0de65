"""The form starting the gironi phase: each girone's size in tables, top first, the Danese mode
and the two gironi standings settings (RULES.md section 12)."""

from __future__ import annotations

import copy
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.errors import RuleError

from ..models import GironiOverall, GironiStandings
from .turni import DrawForm, rule_message

# "7, 9, 9", "7 9 9", "A 7, B 9, C 9": a girone's letter may be written before its size.
_LETTER = re.compile(r"\b[A-Za-z]\s*(?=\d)")
_SIZE = re.compile(r"^\d{1,3}$")


def standings_field(*, required: bool = True) -> forms.ChoiceField:
    """How each girone's standings count (this form and the tournament settings)."""
    return forms.ChoiceField(
        label=_("Each girone's standings count"),
        choices=GironiStandings.choices,
        initial=GironiStandings.SINCE_TURNO_1,
        required=required,
    )


def overall_field(*, required: bool = True) -> forms.ChoiceField:
    """How the overall standings rank the gironi (this form and the tournament settings)."""
    return forms.ChoiceField(
        label=_("Overall standings"),
        choices=GironiOverall.choices,
        initial=GironiOverall.BY_GIRONE,
        required=required,
    )


def _danese_mode() -> forms.Field:
    field = copy.deepcopy(DrawForm.base_fields["mode"])
    field.required = True
    return field


class GironiForm(forms.Form):
    sizes = forms.CharField(
        label=_("Tables of each girone, top first"),
        max_length=200,
        widget=forms.TextInput(attrs={"placeholder": "7, 9, 9"}),
        help_text=_(
            "Girone A (the best pairs) first: “7, 9, 9” makes A of 7 tables, B and C of 9. "
            "The last girone takes what is left, with a riposo when it is odd."
        ),
    )
    # The turni page's own Danese mode, with its choices and help.
    mode = _danese_mode()
    gironi_standings = standings_field()
    gironi_overall = overall_field()

    def clean_sizes(self) -> list[int]:
        text = _LETTER.sub("", self.cleaned_data["sizes"])
        sizes = []
        for part in re.split(r"[,;\s]+", text.strip()):
            if not _SIZE.match(part):
                raise forms.ValidationError(
                    _("“%(part)s” is not a number of tables: write the sizes as “7, 9, 9”."),
                    params={"part": part},
                )
            sizes.append(int(part))
        return sizes

    def add_rule_error(self, error: RuleError) -> None:
        """Show an engine refusal (sizes that do not seat the entrants, a draw refused)."""
        self.add_error("sizes" if error.code in _SIZE_CODES else None, rule_message(error))


_SIZE_CODES = ("gironi_too_few", "girone_size_zero", "gironi_size_mismatch")
