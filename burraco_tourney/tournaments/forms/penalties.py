"""Forms of the penalties page: give a penalty, delete one with a reason."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.score_step import SCORE_STEP, check_score

from ..models import Entrant, Penalty, Tournament, Turno

REASON_MAX = Penalty._meta.get_field("reason").max_length
DELETE_REASON_MAX = 300
MP_LIMIT = 10_000


@dataclass(frozen=True)
class Suggestion:
    """A usual penalty offered while typing the reason; picking it fills the deltas.

    ``mp_hint``: the rules give no number for the MP, only that they are "the equivalent" of the
    VP; picking the penalty then leaves the MP box empty, puts the cursor there and shows this.
    Saving this reason with no MP is then refused with ``mp_missing``, with or without the page's
    script: the MP are part of the penalty.
    """

    reason: Any
    vp: int = 0
    mp: int = 0
    mp_hint: Any = ""
    mp_missing: Any = ""

    def is_reason(self, typed: str) -> bool:
        """Whether ``typed`` is this reason, in any language of the site (a director may type it
        in Italian on the English pages), regardless of capitals and spaces."""
        wanted = set()
        for code, _name in settings.LANGUAGES:
            with translation.override(code):
                wanted.add(_plain(str(self.reason)))
        return _plain(typed) in wanted

    @property
    def vp_shown(self) -> str:
        return signed(self.vp)

    @property
    def mp_shown(self) -> str:
        return signed(self.mp)


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def signed(value: int) -> str:
    """A delta as a director reads it: −100 (a real minus sign), +1, or a dash for nothing."""
    if not value:
        return "—"
    return f"−{-value}" if value < 0 else f"+{value}"


# RULES.md section 5: late by more than 5 minutes costs 100 MP; two warnings cost 1 VP and the
# equivalent MP: the MP worth 1 VP in the tournament's VP table (``rules.vp.mp_per_vp``), which
# the director may still change; a table that gives no such number leaves it to the director.
SUGGESTIONS: tuple[Suggestion, ...] = (
    # Translators: a usual penalty reason, in Italian "Ritardo oltre 5 minuti".
    Suggestion(_("Late by more than 5 minutes"), mp=-100),
    Suggestion(
        # Translators: a usual penalty reason, in Italian "Due ammonizioni".
        _("Two warnings"),
        vp=-1,
        # The tournament's VP table gives the number (``suggestions_for``); these two texts are
        # for a table that does not.
        mp_hint=_(
            "Two warnings cost 1 VP and the equivalent MP: enter the MP that your regulation "
            "counts as 1 VP, as a negative number. No rule fixes that number."
        ),
        mp_missing=_(
            "Two warnings cost 1 VP and the equivalent MP: the MP are missing. Enter the MP that "
            "your regulation counts as 1 VP, as a negative number."
        ),
    ),
    # Translators: a usual penalty reason, in Italian "Score compilato in modo errato".
    Suggestion(_("Scorecard filled in wrongly")),
    # Translators: a usual penalty reason, in Italian "Comportamento scorretto".
    Suggestion(_("Unsporting behaviour")),
)


def suggestions_for(equivalent_mp: int | None) -> tuple[Suggestion, ...]:
    """The usual penalties of a tournament whose VP table makes 1 VP worth ``equivalent_mp`` MP
    (None: the table does not say): "two warnings" then takes those MP, and says so."""
    if not equivalent_mp:
        return SUGGESTIONS
    hint = _(
        "Two warnings cost 1 VP and the equivalent MP: %(mp)s MP in this tournament's VP table. "
        "Change them if your regulation counts otherwise."
    ) % {"mp": equivalent_mp}
    return tuple(
        replace(s, mp=-equivalent_mp, mp_hint=hint) if s.mp_missing else s for s in SUGGESTIONS
    )


class PairChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Entrant) -> str:
        return f"{obj.number} – {obj.players}"


class TurnoChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Turno) -> str:
        return str(obj)


class PenaltyForm(forms.Form):
    """One penalty. ``vp`` and ``mp`` are deltas; a positive one needs ``confirm_positive``."""

    pair = PairChoiceField(label=_("Pair"), queryset=Entrant.objects.none())
    turno = TurnoChoiceField(label=_("Turno"), queryset=Turno.objects.none())
    vp = forms.IntegerField(
        label=pgettext_lazy("victory points", "VP"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "0"}),
    )
    mp = forms.IntegerField(
        label=pgettext_lazy("match points", "MP"),
        required=False,
        min_value=-MP_LIMIT,
        max_value=MP_LIMIT,
        widget=forms.NumberInput(
            attrs={"inputmode": "numeric", "placeholder": "0", "step": SCORE_STEP}
        ),
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=REASON_MAX,
        widget=forms.TextInput(attrs={"list": "penalty-reasons", "autocomplete": "off"}),
    )
    confirm_positive = forms.BooleanField(
        label=_("Yes, this penalty adds points (unusual)"),
        required=False,
    )

    def __init__(
        self,
        *args,
        tournament: Tournament,
        vp_limit: int = 20,
        equivalent_mp: int | None = None,
        entrant_label: Any = None,
        **kwargs,
    ):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["pair"].queryset = tournament.entrants.order_by("number")
        if entrant_label is not None:  # the kind's word: "Pair", "Player"
            self.fields["pair"].label = entrant_label
        turni = tournament.turni.filter(published=True).order_by("number")
        self.fields["turno"].queryset = turni
        self.vp_limit = vp_limit
        self.equivalent_mp = equivalent_mp
        if not self.is_bound:
            latest = turni.last()
            if latest is not None:
                self.initial.setdefault("turno", latest.pk)

    def clean_vp(self) -> int:
        vp = self.cleaned_data.get("vp") or 0
        if abs(vp) > self.vp_limit:
            raise forms.ValidationError(
                _("A penalty takes at most %(limit)s VP, the VP of a whole turno."),
                code="vp_too_large",
                params={"limit": self.vp_limit},
            )
        return vp

    def clean_mp(self) -> int:
        mp = self.cleaned_data.get("mp") or 0
        try:
            check_score(mp, code="penalty_mp_not_multiple_of_5")
        except RuleViolation as error:
            raise forms.ValidationError(
                rule_error_message(error), code="mp_not_multiple_of_5"
            ) from None
        return mp

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        vp, mp = data.get("vp"), data.get("mp")
        if vp is None or mp is None:  # a field error is already shown
            return data
        reason = data.get("reason") or ""
        needs_mp = [s for s in SUGGESTIONS if s.mp_missing and s.is_reason(reason)]
        if needs_mp and not mp and self.equivalent_mp:
            # Two warnings typed without their MP: the MP worth 1 VP in the VP table.
            data["mp"] = mp = -self.equivalent_mp
        if needs_mp and not mp:
            self.add_error("mp", needs_mp[0].mp_missing)
        elif not vp and not mp:
            self.add_error("vp", _("Write the VP or the MP to take away (or both): both are zero."))
        elif (vp > 0 or mp > 0) and not data.get("confirm_positive"):
            self.add_error(
                "confirm_positive",
                _(
                    "A penalty normally takes points away (a negative number). To give points, "
                    "tick this box."
                ),
            )
        return data


class PenaltyDeleteForm(forms.Form):
    reason = forms.CharField(
        label=_("Why is it deleted? (for the change log)"),
        max_length=DELETE_REASON_MAX,
        error_messages={"required": _("Say why the penalty is deleted: the change log keeps it.")},
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
