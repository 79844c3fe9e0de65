"""Saving a club's member list: the plan the director saw in the preview, all or nothing.

The list is planned again inside the transaction (``selectors.member_list.member_plan``); any row
in error, or a plan that is no longer the one previewed (another director changed the registry
meanwhile), writes nothing. New clubs first, then new people in bulk, then the people changed,
and one entry in the registry's log.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from ..member_file import MemberRow
from ..models import Club, Person
from ..names import words_key
from ..selectors.member_list import FIELDS, MemberPlan, member_plan
from .locks import registry_lock
from .registry import log_record


class MemberImportRefused(Exception):
    """Nothing was saved; ``plan`` is the list as it stands now (its errors, its changes)."""

    def __init__(self, plan: MemberPlan, *, changed_meanwhile: bool = False):
        super().__init__("member list refused")
        self.plan = plan
        self.changed_meanwhile = changed_meanwhile


@dataclass(frozen=True)
class MemberImportResult:
    added: int
    updated: int
    clubs: int


def _values(planned, clubs: dict[str, Club], *, new: bool) -> dict:
    """A new person's values, or a changed person's changes only."""
    values = (
        {k: v for k, v in planned.row.values.items() if k != "club"} if new else {**planned.updates}
    )
    if planned.new_club:
        values["club"] = clubs[planned.new_club]
    elif planned.club is not None:
        values["club"] = planned.club
    return values


def _update_all(people: list[Person], names: list[str]) -> None:
    """One UPDATE statement run for every person (``executemany``): Django's ``bulk_update``
    builds a CASE of every row for every column, and spends seconds doing it for a thousand."""
    if not people:
        return
    fields = [Person._meta.get_field(name) for name in names]
    table = connection.ops.quote_name(Person._meta.db_table)
    columns = ", ".join(f"{connection.ops.quote_name(f.column)} = %s" for f in fields)
    pk = connection.ops.quote_name(Person._meta.pk.column)
    values = [
        [f.get_db_prep_save(getattr(person, f.attname), connection) for f in fields] + [person.pk]
        for person in people
    ]
    with connection.cursor() as cursor:
        cursor.executemany(f"UPDATE {table} SET {columns} WHERE {pk} = %s", values)


def members_import(
    *, user, rows: list[MemberRow], source: str, previewed: str
) -> MemberImportResult:
    try:
        with transaction.atomic():
            return _save(user=user, rows=rows, source=source, previewed=previewed)
    except IntegrityError:
        # A card or a club given meanwhile by another director: plan again, show why.
        raise MemberImportRefused(member_plan(rows), changed_meanwhile=True) from None


def _save(*, user, rows: list[MemberRow], source: str, previewed: str) -> MemberImportResult:
    # The lock, then the registry's log row (on SQLite the write lock): the plan below reads the
    # registry as no other member list can change it until the end of the transaction.
    registry_lock()
    entry = log_record(user=user, code="members_import", params={"file": source})
    plan = member_plan(rows)
    if plan.errors:
        raise MemberImportRefused(plan)
    if plan.digest() != previewed:
        raise MemberImportRefused(plan, changed_meanwhile=True)
    clubs = {name: Club.objects.create(name=name) for name in plan.new_clubs}
    now = timezone.now()
    new_people = []
    for planned in plan.new:
        person = Person(**_values(planned, clubs, new=True))
        person.search_key = words_key(person.surname, person.name)
        new_people.append(person)
    Person.objects.bulk_create(new_people, batch_size=500)
    changed = []
    for planned in plan.changed:
        person = planned.person
        for name, value in _values(planned, clubs, new=False).items():
            setattr(person, name, value)
        person.search_key = words_key(person.surname, person.name)
        person.updated_at = now
        changed.append(person)
    _update_all(changed, ["card", *FIELDS, "club", "search_key", "updated_at"])
    entry.params = {
        "file": source,
        "added": len(new_people),
        "updated": len(changed),
        "clubs": len(clubs),
    }
    entry.save(update_fields=["params"])
    return MemberImportResult(added=len(new_people), updated=len(changed), clubs=len(clubs))
