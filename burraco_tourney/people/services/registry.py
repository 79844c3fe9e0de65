"""A person or a club added or edited by a director, each change logged.

The form has checked the values already (a card used by another, a birth year in the future);
the service checks again what two directors could race on (the card's uniqueness, a person
merged away meanwhile) under the database's own constraint, and says so in words.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from ..models import CLUB_FIELDS, PERSON_FIELDS, Club, Person, RegistryEntry


def log_record(*, user, code: str, params: dict[str, Any], reason: str = "") -> RegistryEntry:
    """One entry of the registry's log; called inside the change's transaction."""
    return RegistryEntry.objects.create(
        user=user if getattr(user, "is_authenticated", False) else None,
        code=code,
        params=params,
        reason=reason,
    )


def card_taken_error(card: str, holder: Person | None) -> ValidationError:
    if holder is None:
        return ValidationError({"card": _("Card %(card)s is already used.") % {"card": card}})
    return ValidationError(
        {
            "card": _("Card %(card)s already belongs to %(person)s.")
            % {"card": card, "person": holder.full_name}
        }
    )


def _save_person(person: Person) -> None:
    """Save, turning a card taken meanwhile by another director into the form's message."""
    try:
        with transaction.atomic():
            person.save()
    except IntegrityError:
        holder = Person.objects.filter(card=person.card).exclude(pk=person.pk).first()
        if person.card and holder is not None:
            raise card_taken_error(person.card, holder) from None
        raise


def _shown(value) -> Any:
    if isinstance(value, Club):
        return value.name
    return value


def _apply(obj, fields: tuple[str, ...], values: dict[str, Any]) -> dict[str, list]:
    """Set the values that differ; the changes as {field: [before, after]} for the log."""
    changes = {}
    for field in fields:
        if field in values and _shown(getattr(obj, field)) != _shown(values[field]):
            changes[field] = [_shown(getattr(obj, field)), _shown(values[field])]
            setattr(obj, field, values[field])
    return changes


@transaction.atomic
def person_create(*, user, values: dict[str, Any]) -> Person:
    person = Person(**{field: values[field] for field in PERSON_FIELDS if field in values})
    _save_person(person)
    log_record(
        user=user,
        code="person_add",
        params={"person": person.full_name, "id": person.pk, "card": person.card},
    )
    return person


@transaction.atomic
def person_update(*, user, person_id: int, values: dict[str, Any]) -> Person:
    """Change a person's fields; refused when the person was merged or deleted meanwhile."""
    person = Person.objects.select_for_update().filter(pk=person_id).first()
    if person is None:
        raise ValidationError(
            _("This person is no longer in the registry: merged or deleted by another director.")
        )
    changes = _apply(person, PERSON_FIELDS, values)
    if changes:
        _save_person(person)
        log_record(
            user=user,
            code="person_edit",
            params={"person": person.full_name, "id": person.pk, "changes": changes},
        )
    return person


def _save_club(club: Club) -> None:
    try:
        with transaction.atomic():
            club.save()
    except IntegrityError:
        if Club.objects.filter(name=club.name).exclude(pk=club.pk).exists():
            raise ValidationError({"name": _("A club with this name already exists.")}) from None
        raise ValidationError({"code": _("Another club has this code.")}) from None


@transaction.atomic
def club_create(*, user, values: dict[str, Any]) -> Club:
    club = Club(**{field: values[field] for field in CLUB_FIELDS if field in values})
    _save_club(club)
    log_record(user=user, code="club_add", params={"club": club.name, "id": club.pk})
    return club


@transaction.atomic
def club_update(*, user, club_id: int, values: dict[str, Any]) -> Club:
    club = Club.objects.select_for_update().get(pk=club_id)
    changes = _apply(club, CLUB_FIELDS, values)
    if changes:
        _save_club(club)
        log_record(
            user=user,
            code="club_edit",
            params={"club": club.name, "id": club.pk, "changes": changes},
        )
    return club
