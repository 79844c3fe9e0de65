"""Whom a printed name of a list may be: the registry's person written the same, or the people
near it (the same words in another order or with other accents, one typo in one word) for the
director to confirm. Reads only; the tournaments link entrants to people with what is found here
(``tournaments.services.members``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q

from ..models import Person
from ..names import one_edit_apart, words_key


def written(text: str) -> str:
    """A name as a list's row is compared: capitals and spaces aside, accents and order kept."""
    return " ".join(text.casefold().split())


def _one_word_typo(these: list[str], those: list[str]) -> bool:
    """The same words but one, and that one a typo away."""
    if len(these) != len(those):
        return False
    left = list(these)
    right = []
    for word in those:
        if word in left:
            left.remove(word)
        else:
            right.append(word)
    return len(left) == len(right) == 1 and one_edit_apart(left[0], right[0])


def people_near(printed: str, *, limit: int = 5) -> list[Person]:
    """People whose name is near ``printed`` but not written the same: the same words in
    another order or with other accents, or one typo in one word."""
    key = words_key(printed)
    words = key.split()
    if not words:
        return []
    shares_word = Q()
    for word in words:
        shares_word |= (
            Q(search_key=word)
            | Q(search_key__startswith=f"{word} ")
            | Q(search_key__endswith=f" {word}")
            | Q(search_key__contains=f" {word} ")
        )
    candidates = Person.objects.filter(shares_word).select_related("club")[:200]
    near = []
    for person in candidates:
        if written(person.full_name) == written(printed):
            continue
        if person.search_key == key or _one_word_typo(person.search_key.split(), words):
            near.append(person)
    return near[:limit]


@dataclass
class Found:
    """What a list's printed name finds in the registry before it is saved."""

    printed: str
    card: str = ""
    person: Person | None = None  # linked without a question: its card, or written the same
    near: list[Person] = field(default_factory=list)  # to confirm


def people_found(names: Iterable[tuple[str, str]]) -> list[Found]:
    """For each (printed name, card) of a list: who it will be, or whom it may be. The cards and
    the names are looked up in two queries; a name found by neither asks for its near ones."""
    names = list(names)
    cards = Person.objects.filter(card__in={card for _name, card in names if card})
    by_card = {person.card: person for person in cards}
    keys = {words_key(printed) for printed, card in names if not card}
    by_key: dict[str, list[Person]] = {}
    for person in Person.objects.filter(search_key__in=keys):
        by_key.setdefault(person.search_key, []).append(person)
    found = []
    for printed, card in names:
        item = Found(printed=printed, card=card, person=by_card.get(card) if card else None)
        if not card:
            same = [
                p
                for p in by_key.get(words_key(printed), [])
                if written(p.full_name) == written(printed)
            ]
            item.person = same[0] if len(same) == 1 else None
            if item.person is None:  # namesakes written the same are a question too
                item.near = [*same, *people_near(printed)]
        found.append(item)
    return found
