"""The circuit's writes: creating and editing one, each in one transaction. A circuit never
writes tournament data: it only names which tournaments it groups."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.text import slugify

from burraco_tourney.core.slugs import free_slug, insert_with_free_slug
from burraco_tourney.tournaments.access import tournaments_directed_by
from burraco_tourney.tournaments.models import Tournament

from .models import Circuit

SLUG_MAX = Circuit._meta.get_field("slug").max_length


def circuit_slug(*, name: str) -> str:
    """A free slug made of the name: ``circuito-estate``, then -2, -3 …"""
    return free_slug(Circuit, slugify(name)[: SLUG_MAX - 6].strip("-") or "circuito")


def _set_tournaments(circuit: Circuit, *, user, tournaments: Iterable[Tournament]) -> None:
    """Give the circuit ``tournaments``: a tournament it did not hold yet must be one the user
    directs (the form offers only those; this refuses a forged request too)."""
    wanted = {t.pk for t in tournaments}
    held = set(circuit.tournaments.values_list("pk", flat=True)) if circuit.pk else set()
    added = wanted - held
    allowed = set(tournaments_directed_by(user).filter(pk__in=added).values_list("pk", flat=True))
    if added - allowed:
        raise PermissionDenied("a tournament the user does not direct")
    circuit.tournaments.set(wanted)


def circuit_create(*, user, values: dict[str, Any], tournaments: Iterable[Tournament]) -> Circuit:
    """A new circuit owned by ``user``, its slug made from the name."""
    with transaction.atomic():
        circuit = Circuit(**values, owner=user)
        circuit.full_clean(exclude=["slug"])
        insert_with_free_slug(circuit, lambda: circuit_slug(name=circuit.name))
        _set_tournaments(circuit, user=user, tournaments=tournaments)
    return circuit


def circuit_update(
    *, circuit: Circuit, user, values: dict[str, Any], tournaments: Iterable[Tournament]
) -> Circuit:
    with transaction.atomic():
        circuit = Circuit.objects.select_for_update().get(pk=circuit.pk)
        for name, value in values.items():
            setattr(circuit, name, value)
        circuit.full_clean()
        circuit.save()
        _set_tournaments(circuit, user=user, tournaments=tournaments)
    return circuit
