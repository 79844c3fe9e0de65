"""The prize editor's helper: a director who never read the line syntax picks a common category
(overall, women, men, mixed, over N years, a club, a player category, the last, a girone), types
its prizes, and gets the category's line added to the list's text box, to check and save.

No rule is written twice: the places are read by the editor's own parser (``prizes._place``), the
line is written by the editor's own writer (``prizes.categories_text``) and read back by its
parser (``prizes.parse_categories``), and the whole list is checked when it is saved.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from burraco_tourney.rules import prizes as engine

from .prizes import _place, categories_text, parse_categories

# Each common category: its label, the eligibility it gives (``value`` the director's box) and
# whether it needs that box.
COMMON = {
    "overall": (gettext_lazy("Overall (everyone)"), lambda value: {}),
    "women": (gettext_lazy("Women (every player a woman)"), lambda value: {"sex": "F"}),
    "men": (gettext_lazy("Men (every player a man)"), lambda value: {"sex": "M"}),
    "mixed": (gettext_lazy("Mixed (a woman and a man)"), lambda value: {"sex": "mixed"}),
    "over": (gettext_lazy("Over N years (type N)"), lambda value: {"over": int(value)}),
    "club": (gettext_lazy("A club (type its name)"), lambda value: {"club": value}),
    "category": (
        gettext_lazy("A player category (type it)"),
        lambda value: {"category": value},
    ),
    "last": (gettext_lazy("The last in the standings"), lambda value: {"last": True}),
    "girone": (gettext_lazy("A girone (type its letter)"), lambda value: {"girone": value}),
}
NEEDS_VALUE = ("over", "club", "category", "girone")


def _default_name(common: str, value: str) -> str:
    names = {
        "overall": _("Overall"),
        "women": _("Women"),
        "men": _("Men"),
        "mixed": _("Mixed"),
        "over": _("Over %(years)s") % {"years": value},
        "last": _("Last place"),
        "girone": _("Girone %(name)s") % {"name": value},
    }
    return names.get(common, value)


class CategoryHelperForm(forms.Form):
    """Read with the prefix ``add`` from the prize page's form, beside the list itself."""

    common = forms.ChoiceField(
        label=gettext_lazy("Category"),
        choices=[(key, label) for key, (label, _eligible) in COMMON.items()],
    )
    value = forms.CharField(
        label=gettext_lazy("Years, club, player category or girone"),
        required=False,
        max_length=120,
        help_text=gettext_lazy(
            "Only for over N years (70), a club, a player category, a girone (B)."
        ),
    )
    name = forms.CharField(
        label=gettext_lazy("Name on the list"),
        required=False,
        max_length=120,
        help_text=gettext_lazy("Leave it empty for the usual name (Women, Over 70 …)."),
    )
    places = forms.CharField(
        label=gettext_lazy("Prizes, first place first"),
        max_length=500,
        widget=forms.TextInput(attrs={"placeholder": "80.00; 5%; Coppa"}),
        help_text=gettext_lazy(
            "Separated by “;”: an amount in euro (80.00), a share of the fund (5%) or an object "
            "(Coppa)."
        ),
    )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        common, value = data["common"], data["value"].strip()
        if common in NEEDS_VALUE and not value:
            self.add_error(
                "value", _("This category needs it: %(what)s.") % {"what": COMMON[common][0]}
            )
            return data
        if common == "over" and not value.isdecimal():
            self.add_error("value", _("Type the age in years, as 70."))
            return data
        for field, text in (("value", value), ("name", data["name"]), ("places", data["places"])):
            if "|" in text:
                self.add_error(field, _("“|” separates the parts of a line: leave it out."))
                return data
        name = data["name"].strip() or _default_name(common, value)
        try:
            places = tuple(
                _place(text, number, 1) for number, text in enumerate(data["places"].split(";"), 1)
            )
        except forms.ValidationError as error:
            self.add_error("places", error)
            return data
        category = engine.Category(name, places, COMMON[common][1](value))
        line = categories_text(engine.PrizeList((category,), False, None))
        parse_categories(line)  # the line reads back as the list's own (refusals included)
        data["line"] = line
        return data


def with_line(text: str, line: str) -> str:
    """The list's text with ``line`` added at its end."""
    return f"{text.rstrip()}\n{line}" if text.strip() else line
