"""Forms of the director's tools: the meld checker and the filters of the change log.

Both are GET forms, so a result or a filtered log can be bookmarked and sent to a colleague.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.cards import parse_stand_in
from burraco_tourney.rules.errors import InvalidMeld
from burraco_tourney.rules.rulesets import RULESET_NAMES

from ..models import RulesetName

CARDS_MAX = 120


class ToolForm(forms.Form):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class MeldCheckForm(ToolForm):
    """The cards of a disputed meld, how they lie, and, without a tournament, the ruleset.

    ``as_laid``: the cards are typed in the order they lie on the table, and that arrangement
    is judged; ``matta_as``: the card (or rank) the matta stands for, as the line says.
    """

    cards = forms.CharField(
        label=_("Cards of the meld"),
        max_length=CARDS_MAX,
        strip=True,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "placeholder": "3C 4C 5C JK",
                "autofocus": True,
            }
        ),
    )
    as_laid = forms.BooleanField(
        label=_("In the order they lie on the table"),
        required=False,
        help_text=_("Judge this arrangement, not the best one for the line."),
    )
    matta_as = forms.CharField(
        label=_("The matta stands for"),
        max_length=4,
        required=False,
        strip=True,
        help_text=_("Optional: a card such as 9C, or a rank such as 9."),
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "size": 4,
            }
        ),
    )
    ruleset = forms.ChoiceField(
        label=_("Rules"),
        choices=[(name, RulesetName(name).label) for name in RULESET_NAMES],
        initial="classic",
        required=False,
    )

    def __init__(self, *args, with_ruleset: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        if not with_ruleset:
            del self.fields["ruleset"]

    def clean_ruleset(self) -> str:
        return self.cleaned_data.get("ruleset") or "classic"

    def clean_matta_as(self) -> str:
        text = self.cleaned_data.get("matta_as") or ""
        if text:
            try:
                parse_stand_in(text)
            except InvalidMeld as error:
                raise forms.ValidationError(rule_error_message(error)) from error
        return text


class AuditFilterForm(ToolForm):
    """Which entries of the change log to show: a turno, a table number, an action."""

    turno = forms.TypedChoiceField(label=_("Turno"), coerce=int, required=False, empty_value=None)
    table = forms.IntegerField(
        label=_("Table"),
        min_value=1,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    action = forms.ChoiceField(label=_("Action"), required=False)

    def __init__(
        self,
        *args,
        turni: Iterable[int],
        actions: Iterable[str],
        action_labels: Mapping[str, Any],
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        every = [("", _("all"))]
        self.fields["turno"].choices = every + [(n, str(n)) for n in turni]
        labelled = sorted(((key, str(action_labels[key])) for key in actions), key=lambda c: c[1])
        self.fields["action"].choices = every + labelled

    def filters(self) -> dict[str, Any]:
        """The valid filters as keyword arguments of ``selectors.audit.audit_entries``."""
        if not self.is_bound:
            return {}
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        return {
            key: data.get(key)
            for key in ("turno", "table", "action")
            if key not in self.errors and data.get(key) not in (None, "")
        }
