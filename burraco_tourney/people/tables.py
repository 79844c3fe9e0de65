"""The registry's tables (django-tables2): people and clubs, for directors only."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy

from .models import Club, Person

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class PersonTable(tables.Table):
    surname = tables.Column(verbose_name=gettext_lazy("Surname"))
    name = tables.Column(verbose_name=gettext_lazy("Name"))
    card = tables.Column(verbose_name=gettext_lazy("Card"))
    card_type = tables.Column(verbose_name=gettext_lazy("Card type"))
    card_year = tables.Column(verbose_name=gettext_lazy("Card year"), attrs=NUM)
    sex = tables.Column(verbose_name=gettext_lazy("Sex"))
    birth_year = tables.Column(verbose_name=gettext_lazy("Birth year"), attrs=NUM)
    category = tables.Column(verbose_name=gettext_lazy("Category"))
    club = tables.Column(verbose_name=gettext_lazy("Club"), accessor="club__name")

    class Meta:
        model = Person
        fields = ()
        order_by = ("surname", "name")
        empty_text = gettext_lazy("Nobody matches.")
        attrs = {"class": "registry"}

    def render_surname(self, value, record: Person):
        url = reverse("people:edit", args=[record.pk])
        return format_html('<a href="{}">{}</a>', url, value)


class ClubTable(tables.Table):
    name = tables.Column(verbose_name=gettext_lazy("Name"))
    code = tables.Column(verbose_name=gettext_lazy("Code"))
    city = tables.Column(verbose_name=gettext_lazy("City"))
    people_count = tables.Column(verbose_name=gettext_lazy("People"), attrs=NUM)

    class Meta:
        model = Club
        fields = ()
        order_by = ("name",)
        empty_text = gettext_lazy("No club yet.")
        attrs = {"class": "registry"}

    def render_name(self, value, record: Club):
        return format_html(
            '<a href="{}">{}</a>', reverse("people:club_edit", args=[record.pk]), value
        )
