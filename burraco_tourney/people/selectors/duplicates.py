"""Likely twins in the registry: two people whose names are the same with accents, capitals and
word order aside ("Rossi Anna" / "Anna Rossi", "Nicolò" / "Nicolo"), or differ by one typo in
one word ("Rossi Ana" / "Rossi Anna"). Two people never share a card (the database refuses it),
so a card never makes twins. Namesakes exist: the list asks, the director decides.

Read from the names' search keys alone: the same key, or the same key but for one word (the
names are bucketed by the rest of their words, and only the words of a bucket are compared),
so 20,000 people are compared in a fraction of a second, not pair by pair.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations

from ..models import Person
from ..names import one_edit_apart

SAME_NAME = "same_name"
ONE_TYPO = "one_typo"
MIN_TYPO_WORD = 3  # "Rossi A" and "Rossi B" are initials, not a typo


@dataclass(frozen=True)
class Twins:
    first: Person
    second: Person
    why: str  # SAME_NAME or ONE_TYPO


def _typo_keys(keys: list[str]) -> set[tuple[str, str]]:
    buckets: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key in keys:
        words = key.split()
        for i, word in enumerate(words):
            if len(word) >= MIN_TYPO_WORD:
                buckets[" ".join(words[:i] + words[i + 1 :])].append((word, key))
    found = set()
    for items in buckets.values():
        if len(items) < 2:
            continue
        items.sort(key=lambda item: len(item[0]))
        for (a, key_a), (b, key_b) in combinations(items, 2):
            if len(b) - len(a) <= 1 and key_a != key_b and one_edit_apart(a, b):
                found.add((min(key_a, key_b), max(key_a, key_b)))
    return found


def likely_twins(*, limit: int = 200) -> list[Twins]:
    """The likely twins, the same names first, at most ``limit`` couples."""
    by_key: dict[str, list[int]] = defaultdict(list)
    for pk, key in Person.objects.order_by("pk").values_list("pk", "search_key"):
        by_key[key].append(pk)
    couples: list[tuple[int, int, str]] = []
    for pks in by_key.values():
        couples += [(a, b, SAME_NAME) for a, b in combinations(pks, 2)]
    for key_a, key_b in sorted(_typo_keys(list(by_key))):
        couples += [(a, b, ONE_TYPO) for a in by_key[key_a] for b in by_key[key_b]]
    couples = couples[:limit]
    people = Person.objects.select_related("club").in_bulk(
        {pk for a, b, _why in couples for pk in (a, b)}
    )
    return [Twins(people[a], people[b], why) for a, b, why in couples]


def related_counts(person: Person) -> list[tuple[str, int]]:
    """How many rows of each kind point to ``person`` (a tournament's members...), read
    through the model's relations so the registry needs no app that uses it."""
    counts = []
    for relation in Person._meta.related_objects:
        manager = relation.related_model._base_manager
        count = manager.filter(**{relation.field.name: person}).count()
        if count:
            counts.append((str(relation.related_model._meta.verbose_name_plural), count))
    return counts
