"""The circuit's writes: creating and editing one, each in one transaction with its entry in
the circuit's change log. A circuit never writes tournament data: it only names which
tournaments it groups."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.text import slugify

from burraco_tourney.core.slugs import free_slug, insert_with_free_slug
from burraco_tourney.tournaments.access import tournaments_directed_by
from burraco_tourney.tournaments.models import Tournament

from .models import Circuit, CircuitChange

SLUG_MAX = Circuit._meta.get_field("slug").max_length


def circuit_slug(*, name: str) -> str:
    """A free slug made of the name: ``circuito-estate``, then -2, -3 …"""
    return free_slug(Circuit, slugify(name)[: SLUG_MAX - 6].strip("-") or "circuito")


def _set_tournaments(
    circuit: Circuit, *, user, tournaments: Iterable[Tournament]
) -> tuple[list[list[str]], list[list[str]]]:
    """Give the circuit ``tournaments``: a tournament it did not hold yet must be one the user
    directs (the form offers only those; this refuses a forged request too). Returns the
    tournaments added and taken out, as the change log names them."""
    wanted = {t.pk for t in tournaments}
    held = set(circuit.tournaments.values_list("pk", flat=True)) if circuit.pk else set()
    added = wanted - held
    allowed = set(tournaments_directed_by(user).filter(pk__in=added).values_list("pk", flat=True))
    if added - allowed:
        raise PermissionDenied("a tournament the user does not direct")
    circuit.tournaments.set(wanted)
    return _named(added), _named(held - wanted)


def _named(pks: set[int]) -> list[list[str]]:
    """The tournaments as the change log keeps them: [name, date], the date as ISO text (the
    page writes it as the reader's language does)."""
    rows = Tournament.objects.filter(pk__in=pks).order_by("date", "name")
    return [[t.name, t.date.isoformat()] for t in rows]


def _changed_settings(circuit: Circuit, values: dict[str, Any]) -> list[list[Any]]:
    """[name, before, after] of each setting ``values`` changes, as stored (JSON)."""
    changed = []
    for name, value in values.items():
        before = getattr(circuit, name)
        if before != value:
            changed.append([name, before, value])
    return changed


def circuit_create(*, user, values: dict[str, Any], tournaments: Iterable[Tournament]) -> Circuit:
    """A new circuit owned by ``user``, its slug made from the name."""
    with transaction.atomic():
        circuit = Circuit(**values, owner=user)
        circuit.full_clean(exclude=["slug"])
        insert_with_free_slug(circuit, lambda: circuit_slug(name=circuit.name))
        added, _removed = _set_tournaments(circuit, user=user, tournaments=tournaments)
        CircuitChange.objects.create(
            circuit=circuit, user=user, action=CircuitChange.Action.CREATE, added=added
        )
    return circuit


def circuit_update(
    *, circuit: Circuit, user, values: dict[str, Any], tournaments: Iterable[Tournament]
) -> Circuit:
    """Save the circuit's settings and tournaments; what changed goes in its change log."""
    with transaction.atomic():
        circuit = Circuit.objects.select_for_update().get(pk=circuit.pk)
        changed = _changed_settings(circuit, values)
        for name, value in values.items():
            setattr(circuit, name, value)
        circuit.full_clean()
        circuit.save()
        added, removed = _set_tournaments(circuit, user=user, tournaments=tournaments)
        if changed or added or removed:
            CircuitChange.objects.create(
                circuit=circuit,
                user=user,
                action=CircuitChange.Action.EDIT,
                settings=changed,
                added=added,
                removed=removed,
            )
    return circuit
