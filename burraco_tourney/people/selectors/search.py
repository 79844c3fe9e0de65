"""Finding people as the director types: every word typed is the start of a word of the name
(surname or name, any order, accents and capitals aside: "ros an" finds "Rossi Anna" and
"Anna Rossini"), or the query is a card number.

The name is compared through ``Person.search_key`` (the name's plain words, sorted), so the
database does the matching and the ranking, and only the few rows shown are read:

0. the card number typed exactly;
1. the whole name typed (any order);
2. every word typed is a whole word of the name;
3. every word typed starts a word of the name, the first one the surname ("ros an": Rossi
   Anna before De Angelis Rosa);
4. every word typed starts a word of the name;
5. a card number that starts with what was typed.

Ties are broken by surname and name. ``benchmarks/registry_search.py`` times it on 20,000 people.
"""

from __future__ import annotations

from functools import reduce
from operator import and_

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When

from ..models import Person
from ..names import plain

LIMIT = 12
MAX_WORDS = 6


def _word_start(word: str) -> Q:
    return Q(search_key__startswith=word) | Q(search_key__contains=" " + word)


def _whole_word(word: str) -> Q:
    return (
        Q(search_key=word)
        | Q(search_key__startswith=word + " ")
        | Q(search_key__endswith=" " + word)
        | Q(search_key__contains=f" {word} ")
    )


def people_search(*, query: str, limit: int = LIMIT) -> list[Person]:
    """The people best matching ``query``, best first, at most ``limit``."""
    words = plain(query).split()[:MAX_WORDS]
    if not words:
        return []
    card = query.strip()
    matches = reduce(and_, (_word_start(word) for word in words))
    ranks = [
        When(card=card, then=Value(0)),
        When(search_key=" ".join(sorted(words)), then=Value(1)),
        When(reduce(and_, (_whole_word(word) for word in words)), then=Value(2)),
        When(matches & Q(surname__istartswith=words[0]), then=Value(3)),
        When(matches, then=Value(4)),
    ]
    if len(words) == 1:
        matches |= Q(card__startswith=card)
    found: QuerySet[Person] = (
        Person.objects.filter(matches)
        .annotate(rank=Case(*ranks, default=Value(5), output_field=IntegerField()))
        .select_related("club")
        .order_by("rank", "surname", "name", "pk")
    )
    return list(found[:limit])
