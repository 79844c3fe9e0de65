"""The people list of the registry's pages: a search box and filters, and the clubs."""

from __future__ import annotations

import datetime

from django.db.models import Count, Q, QuerySet

from ..models import Club, Person
from ..names import plain

CARD_STATES = ("season", "expired", "with", "without")


def season() -> int:
    """The card's season: the calendar year (a card is renewed for the year)."""
    return datetime.date.today().year


def people_filtered(
    *, query: str = "", club_id: int | None = None, category: str = "", card_state: str = ""
) -> QuerySet[Person]:
    people = Person.objects.select_related("club")
    for word in plain(query).split():
        people = people.filter(
            Q(search_key__startswith=word)
            | Q(search_key__contains=" " + word)
            | Q(card__startswith=word)
        )
    if club_id:
        people = people.filter(club_id=club_id)
    if category:
        people = people.filter(category=category)
    if card_state == "with":
        people = people.exclude(card="")
    elif card_state == "without":
        people = people.filter(card="")
    elif card_state == "season":
        people = people.exclude(card="").filter(card_year__gte=season())
    elif card_state == "expired":
        people = people.exclude(card="").filter(Q(card_year__lt=season()) | Q(card_year=None))
    return people


def categories() -> list[str]:
    return list(
        Person.objects.exclude(category="")
        .values_list("category", flat=True)
        .distinct()
        .order_by("category")
    )


def clubs_with_counts() -> QuerySet[Club]:
    return Club.objects.annotate(people_count=Count("people"))
