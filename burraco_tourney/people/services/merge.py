"""Two records of one person made one: the director keeps one, the other's rows move to it.

Every row of the site that points to a person (a tournament's member today, whatever points to
people tomorrow) is found through ``Person._meta.related_objects`` and moved to the kept person,
so the registry never needs to know the apps that use it. The tournaments keep the names as they
were printed: only the pointer moves. The kept person takes the other's values where it has
none (the card, the birth year, the club...). One transaction; both people are locked first, so
two directors merging the same people at once get one merge and one clear refusal.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from ..models import PERSON_FIELDS, Person
from .registry import log_record

# What the kept person takes from the other when its own is empty.
FILLED = tuple(
    "club_id" if field == "club" else field for field in PERSON_FIELDS if field != "surname"
)


def _pointers(keep: Person, drop: Person) -> int:
    """Move every row pointing to ``drop`` to ``keep``; the number of rows moved."""
    moved = 0
    for relation in Person._meta.related_objects:
        if relation.many_to_many:
            if not relation.through._meta.auto_created:
                continue  # a declared through model's own foreign key is listed as well
            model, name = relation.through, relation.field.m2m_reverse_field_name()
        else:
            model, name = relation.related_model, relation.field.name
        moved += model._base_manager.filter(**{name: drop}).update(**{name: keep})
    return moved


@transaction.atomic
def person_merge(*, user, keep_id: int, drop_id: int, reason: str) -> Person:
    """Merge ``drop`` into ``keep`` (see the module's note); refused with a sentence when the
    two are the same, one is gone, or they stand together somewhere (the same pair)."""
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": _("Say why these two are the same person.")})
    if keep_id == drop_id:
        raise ValidationError(_("Choose two different people."))
    locked = {
        person.pk: person
        for person in Person.objects.select_for_update()
        .filter(pk__in=[keep_id, drop_id])
        .order_by("pk")
    }
    if len(locked) != 2:
        raise ValidationError(
            _("One of the two people is no longer in the registry: merged or deleted meanwhile.")
        )
    keep, drop = locked[keep_id], locked[drop_id]
    try:
        with transaction.atomic():
            moved = _pointers(keep, drop)
    except IntegrityError:
        raise ValidationError(
            _(
                "%(keep)s and %(drop)s appear together in the same place (the same pair, the "
                "same team): they are two people."
            )
            % {"keep": keep.full_name, "drop": drop.full_name}
        ) from None
    taken = {}
    for field in FILLED:
        if not getattr(keep, field) and getattr(drop, field):
            taken[field] = getattr(drop, field)
            setattr(keep, field, getattr(drop, field))
    kept_name, dropped_name, dropped_card = keep.full_name, drop.full_name, drop.card
    drop.delete()  # first: its card may go to the kept person
    keep.save()
    log_record(
        user=user,
        code="person_merge",
        params={
            "kept": kept_name,
            "kept_id": keep.pk,
            "dropped": dropped_name,
            "dropped_id": drop_id,
            "dropped_card": dropped_card,
            "moved": moved,
            "taken": sorted(taken),
        },
        reason=reason,
    )
    return keep
