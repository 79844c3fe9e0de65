"""A new row's slug (a tournament's, a circuit's): the first free one of ``base``, ``base-2``,
``base-3`` …, and an insert that takes the next free one when another desk took it between the
look and the insert. Knows no app: it is given the model instance."""

from __future__ import annotations

from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.db.models import Model

# Directors creating rows of the same name at the same moment each get the next free slug;
# this many tries is far more than a club's desk can race.
SLUG_TRIES = 8


def free_slug(model: type[Model], base: str) -> str:
    """``base``, or ``base-2``, ``base-3`` … whichever no row of ``model`` holds yet."""
    taken = set(model._default_manager.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, suffix = base, 1
    while slug in taken:
        suffix += 1
        slug = f"{base}-{suffix}"
    return slug


def insert_with_free_slug(instance: Model, slug: Callable[[], str]) -> Model:
    """Insert ``instance`` under the slug ``slug()`` finds free. The free slug is read before
    the insert, so another director may take it in between: the insert then fails on the unique
    slug inside its own savepoint, and is tried again with the next free one. Call it inside a
    transaction."""
    model = type(instance)
    for attempt in range(SLUG_TRIES):
        instance.slug = slug()
        try:
            with transaction.atomic():  # a savepoint: a clash undoes this insert only
                instance.save(force_insert=True)
            return instance
        except IntegrityError:
            taken = model._default_manager.filter(slug=instance.slug).exists()
            if not taken or attempt == SLUG_TRIES - 1:
                raise
    raise AssertionError("unreachable")
