"""Dates read as Italian writes them: month and weekday names in lower case, no weekday before
a time ("Stampato il 18 ottobre 2026, 14:30"); English dates in one format, day first with a
24-hour clock, whichever form a page uses."""

import datetime

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from tests.factories import make_tournament

# Naive: the template shows it as it is, whatever the site's time zone.
MOMENT = datetime.datetime(2026, 10, 18, 14, 30)


def render(source: str, language: str, **context) -> str:
    with translation.override(language):
        return Template(source).render(Context(context))


def test_an_italian_date_has_its_month_in_lower_case():
    day = datetime.date(2026, 3, 8)
    assert render('{{ day|date:"DATE_FORMAT" }}', "it", day=day) == "8 marzo 2026"


@pytest.mark.parametrize(
    ("language", "expected"),
    [("it", "Stampato il 18 ottobre 2026, 14:30"), ("en", "Printed on 18 October 2026, 14:30")],
)
def test_a_moment_in_a_sentence_has_no_weekday_before_it(language, expected):
    source = (
        '{% load i18n %}{% blocktranslate with when=at|date:"DATETIME_FORMAT" %}'
        "Printed on {{ when }}{% endblocktranslate %}"
    )
    assert render(source, language, at=MOMENT) == expected


def test_weekday_names_are_in_lower_case_in_italian_only():
    assert render('{{ at|date:"l j F" }}', "it", at=MOMENT) == "domenica 18 ottobre"
    assert render('{{ at|date:"l j F" }}', "en", at=MOMENT) == "Sunday 18 October"


@pytest.mark.django_db
def test_the_public_page_of_a_tournament_shows_its_date_in_italian(client):
    tournament = make_tournament(date=datetime.date(2026, 11, 20))
    html = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert "20 novembre 2026" in html
    assert "Novembre" not in html


@pytest.mark.parametrize(
    ("language", "expected"), [("it", "18/10/2026 14:30"), ("en", "18 Oct 2026, 14:30")]
)
def test_a_short_moment_puts_the_day_first_in_both_languages(language, expected):
    # Never "10/18/2026 2:30 p.m.": the change log and the penalties list use the short form.
    assert render('{{ at|date:"SHORT_DATETIME_FORMAT" }}', language, at=MOMENT) == expected


@pytest.mark.parametrize(
    ("form", "expected"),
    [
        ("DATE_FORMAT", "18 October 2026"),
        ("DATETIME_FORMAT", "18 October 2026, 14:30"),
        ("SHORT_DATE_FORMAT", "18 Oct 2026"),
        ("SHORT_DATETIME_FORMAT", "18 Oct 2026, 14:30"),
        ("TIME_FORMAT", "14:30"),
    ],
)
def test_every_english_form_puts_the_day_first_with_a_24_hour_clock(form, expected):
    # Never "Oct. 18, 2026" beside "18 Oct 2026" and "2:30 p.m." on the same screen.
    assert render(f'{{{{ at|date:"{form}" }}}}', "en", at=MOMENT) == expected


@pytest.mark.django_db
def test_the_english_public_page_of_a_tournament_puts_the_day_first(client):
    tournament = make_tournament(date=datetime.date(2026, 11, 20))
    with translation.override("en"):
        url = reverse("tournaments:detail", args=[tournament.slug])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "20 November 2026" in html
    assert "Nov. 20" not in html
