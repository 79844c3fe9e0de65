"""The tournament's date box reads the day first in both languages, ISO too, and refuses the rest
with a sentence in the reader's language."""

import datetime

import pytest
from django import forms
from django.utils import translation

from burraco_tourney.tournaments.forms.dates import DayField


class DateForm(forms.Form):
    date = DayField(label="Data")


@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize(
    ("typed", "day"),
    [
        ("04/03/2025", datetime.date(2025, 3, 4)),
        ("4/3/2025", datetime.date(2025, 3, 4)),
        ("04/03/25", datetime.date(2025, 3, 4)),
        ("04.03.2025", datetime.date(2025, 3, 4)),
        (" 2025-03-04 ", datetime.date(2025, 3, 4)),
    ],
)
def test_read_day_first(language, typed, day):
    with translation.override(language):
        form = DateForm({"date": typed})
        assert form.is_valid(), form.errors
    assert form.cleaned_data["date"] == day


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("it", "Scrivi la data come gg/mm/aaaa, per esempio 13/03/2025."),
        ("en", "Write the date as dd/mm/yyyy, for example 13/03/2025."),
    ],
)
@pytest.mark.parametrize("typed", ["3/13/2025", "31/02/2025", "domani"])
def test_refused_in_the_readers_language(language, message, typed):
    with translation.override(language):
        form = DateForm({"date": typed})
        assert not form.is_valid()
        assert form.errors["date"] == [message]


def test_shown_day_first():
    with translation.override("en"):
        html = str(DateForm(initial={"date": datetime.date(2025, 3, 13)})["date"])
    assert 'value="13/03/2025"' in html
    assert 'placeholder="dd/mm/yyyy"' in html
