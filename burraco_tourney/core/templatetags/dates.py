"""The ``date`` filter every template uses, with Italian month and weekday names in lower case.

Italian writes "18 ottobre 2026" and "domenica", in lower case, but Django's Italian catalog
capitalises the names ("18 Ottobre 2026"), so a date in the middle of a line read wrong. This
filter is Django's own, then, on Italian pages, puts those names in lower case. It is loaded
as a built-in (settings: ``TEMPLATES`` ``builtins``), so it replaces Django's ``date`` in every
template without a ``{% load %}``. A date at the start of a sentence starts with the day's
number, so nothing needs a capital there.
"""

from __future__ import annotations

import re

from django import template
from django.template import defaultfilters
from django.utils.dates import MONTHS, MONTHS_ALT, WEEKDAYS
from django.utils.translation import get_language

register = template.Library()

_WORD = re.compile(r"\w+")


def lower_case_names(text: str) -> str:
    """``text`` with the month and weekday names of the active language in lower case."""
    names = {str(name) for table in (MONTHS, MONTHS_ALT, WEEKDAYS) for name in table.values()}
    return _WORD.sub(lambda m: m[0].lower() if m[0] in names else m[0], text)


@register.filter(expects_localtime=True, is_safe=False)
def date(value, arg=None):
    """Django's ``date`` filter; on Italian pages the names of months and days in lower case."""
    text = defaultfilters.date(value, arg)
    if text and (get_language() or "").split("-")[0] == "it":
        return lower_case_names(text)
    return text


def long_date(value) -> str:
    """A day as the pages write it, in the active language: "13 marzo 2025", "March 13, 2025".

    The one formatter for dates outside templates (workbooks, messages), so they read like
    the pages' ``{{ day|date:"DATE_FORMAT" }}``."""
    return date(value, "DATE_FORMAT")
