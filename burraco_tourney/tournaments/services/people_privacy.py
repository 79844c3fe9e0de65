"""A person's data on request (RULES.md §14, privacy): everything the site holds about them as
one JSON document, and the anonymisation that takes the person's name out of the site while
every result stays.

Anonymising renames the person "Giocatore <id>" in the registry and in every entrant's printed
name that points to it (a pair's ``player1``/``player2``, a player's ``name``), clears the card,
sex, birth year, category and notes, and writes the same words over the old name in each of
those tournaments' change logs (their entries would print it again); each tournament's change
log records the anonymisation, without the old name. One transaction: all or nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from burraco_tourney.people.models import Person

from ..audit_text import entrant_subject
from ..models import AuditEntry, Entrant, Member
from ..selectors.people import person_tournaments
from .audit import audit_record
from .locks import tournament_lock

ANONYMISE_ACTION = "person_anonymise"
PRINTED_FIELD = {1: "player1", 2: "player2"}


def person_export(person: Person) -> dict[str, Any]:
    """Everything the site holds about ``person``: the registry's row, its club, and every
    tournament entry with the name printed there and its results."""
    club = person.club
    return {
        "person": {
            "id": person.pk,
            "surname": person.surname,
            "name": person.name,
            "card": person.card,
            "card_type": person.card_type,
            "card_year": person.card_year,
            "sex": person.sex,
            "birth_year": person.birth_year,
            "category": person.category,
            "notes": person.notes,
            "anonymised_at": person.anonymised_at.isoformat() if person.anonymised_at else None,
            "created_at": person.created_at.isoformat(),
            "updated_at": person.updated_at.isoformat(),
        },
        "club": (
            {"name": club.name, "code": club.code, "city": club.city} if club is not None else None
        ),
        "tournaments": [
            {
                "tournament": played.tournament.name,
                "slug": played.tournament.slug,
                "date": played.tournament.date.isoformat(),
                "kind": played.tournament.kind,
                "number": played.entrant.number,
                "printed_name": played.printed,
                "club": played.entrant.club,
                "partners": played.partners,
                "withdrawn": played.entrant.withdrawn,
                "rank": played.rank,
                "vp": played.vp,
            }
            for played in person_tournaments(person)
        ],
    }


def _scrub(value: Any, old: str, new: str) -> Any:
    """``value`` (a change log entry's JSON) with ``old`` written as ``new`` in every text."""
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, list):
        return [_scrub(item, old, new) for item in value]
    if isinstance(value, dict):
        return {key: _scrub(item, old, new) for key, item in value.items()}
    return value


LOG_FIELDS = ("subject", "subject_params", "before", "after", "reason")


def _scrub_log(tournament_id: int, old_names: set[str], new: str) -> None:
    entries = AuditEntry.objects.filter(tournament_id=tournament_id)
    changed = []
    for entry in entries:
        values = {name: getattr(entry, name) for name in LOG_FIELDS}
        scrubbed = dict(values)
        for old in sorted(old_names, key=len, reverse=True):
            scrubbed = {name: _scrub(value, old, new) for name, value in scrubbed.items()}
        if scrubbed != values:
            for name, value in scrubbed.items():
                setattr(entry, name, value)
            changed.append(entry)
    AuditEntry.objects.bulk_update(changed, LOG_FIELDS)


@transaction.atomic
def person_anonymise(*, person: Person, user, reason: str) -> Person:
    """Anonymise ``person`` everywhere; the tournaments keep every result."""
    person = Person.objects.select_for_update().get(pk=person.pk)
    new = f"Giocatore {person.pk}"
    old_names = {person.full_name, f"{person.name} {person.surname}".strip()} - {""}
    members = Member.objects.filter(person=person).select_related("entrant__tournament")
    for member in members.order_by("entrant__tournament_id", "entrant__number"):
        entrant: Entrant = member.entrant
        tournament_lock(entrant.tournament)
        field = "name" if entrant.name else PRINTED_FIELD[member.position]
        printed = getattr(entrant, field)
        if printed:
            old_names.add(printed)
        setattr(entrant, field, new)
        entrant.save(update_fields=[field])
        _scrub_log(entrant.tournament_id, old_names, new)
        audit_record(
            tournament=entrant.tournament,
            user=user,
            action=ANONYMISE_ACTION,
            subject=entrant_subject(entrant),
            reason=reason,
            after={"number": entrant.number, "person": person.pk, field: new},
        )
    person.surname, person.name = "Giocatore", str(person.pk)
    person.card = person.sex = person.category = person.notes = person.card_type = ""
    person.birth_year = person.card_year = None
    person.anonymised_at = timezone.now()
    person.save()
    return person
