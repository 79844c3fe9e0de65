"""A day typed the Italian way, gg/mm/aaaa, whatever the browser's language.

A ``<input type="date">`` shows and takes the date in the browser's own order: mm/dd/yyyy on an
English browser, so "03/04/2025" meant April 3 to one director and March 4 to another. This field
is a text box that shows the day first (13/03/2025), says so in its placeholder, and reads the
day first on the server in every language (Django's English input formats would read
``03/04/2025`` month first). ISO (2025-03-13) is accepted too, for a date pasted from a file.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

DISPLAY_FORMAT = "%d/%m/%Y"
# Day first, always; a two-digit year is this century's; ISO for pasted dates.
INPUT_FORMATS = ["%d/%m/%Y", "%d/%m/%y", "%d-%m-%Y", "%d.%m.%Y", "%Y-%m-%d"]
# Informative only (the forms are ``novalidate``): the server's refusal is the one shown.
PATTERN = r"\s*(\d{1,2}[/.\-]\d{1,2}[/.\-](\d{2}|\d{4})|\d{4}-\d{1,2}-\d{1,2})\s*"


class DayField(forms.DateField):
    """A date as gg/mm/aaaa (or ISO), shown as 13/03/2025."""

    input_formats = INPUT_FORMATS
    default_error_messages = {
        # Translators: "gg/mm/aaaa" in Italian; keep the example date 13/03/2025 as it is.
        "invalid": _("Write the date as dd/mm/yyyy, for example 13/03/2025."),
    }

    def __init__(self, **kwargs):
        widget = forms.DateInput(
            format=DISPLAY_FORMAT,
            attrs={
                # Translators: the placeholder of a date box, day first ("gg/mm/aaaa").
                "placeholder": _("dd/mm/yyyy"),
                "pattern": PATTERN,
                "inputmode": "numeric",
                "autocomplete": "off",
                "size": 10,
                "maxlength": 10,
            },
        )
        kwargs.setdefault("widget", widget)
        kwargs.setdefault("help_text", _("Day, month, year: 13/03/2025."))
        kwargs.setdefault("input_formats", INPUT_FORMATS)
        super().__init__(**kwargs)
