"""What a member list would do to the registry, row by row, before anything is saved: the new
people, the people it changes (each change field by field), the rows that are wrong.

A row is a person of the registry when its card is theirs, else when its name is theirs (the
name's words, accents, capitals and order aside) and the person has no other card; a name shared
by several people of the registry needs the card, unless the row repeats one of them exactly
(a row with a card no one has is then a new person, for the duplicates list to ask about).
The service saving the list (``services.members``) plans it again inside its transaction and
saves only the plan the director saw (``MemberPlan.digest``).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from ..member_file import LABELS, MemberRow
from ..models import CardType, Club, Person, Sex
from ..names import plain, words_key

FIELDS = ("surname", "name", "sex", "birth_year", "category", "card_type", "card_year")


@dataclass
class PlannedRow:
    row: MemberRow
    person: Person | None = None  # None: a new person
    changes: list[tuple[str, str, str]] = field(default_factory=list)  # (column, before, after)
    club: Club | None = None
    new_club: str = ""
    updates: dict[str, Any] = field(default_factory=dict)  # what saving writes to ``person``

    @property
    def line(self) -> int:
        return self.row.line

    @property
    def printed(self) -> str:
        values = self.row.values
        return " ".join(filter(None, [values.get("surname", ""), values.get("name", "")]))


@dataclass
class MemberPlan:
    rows: list[PlannedRow]

    @property
    def new(self) -> list[PlannedRow]:
        return [r for r in self.rows if r.person is None and not r.row.errors]

    @property
    def changed(self) -> list[PlannedRow]:
        return [r for r in self.rows if r.person is not None and r.changes and not r.row.errors]

    @property
    def unchanged(self) -> list[PlannedRow]:
        return [r for r in self.rows if r.person is not None and not r.changes and not r.row.errors]

    @property
    def errors(self) -> list[tuple[int, str, str]]:
        return [(r.line, column, why) for r in self.rows for column, why in r.row.errors]

    @property
    def new_clubs(self) -> list[str]:
        return sorted({r.new_club for r in self.rows if r.new_club}, key=plain)

    def digest(self) -> str:
        """What saving this plan would write: the same digest means the same writes."""
        seen = [
            [r.line, r.person.pk if r.person else None, r.changes, r.new_club] for r in self.rows
        ]
        return hashlib.sha256(json.dumps(seen, default=str).encode()).hexdigest()[:32]


def _shown(column: str, value: Any) -> str:
    if value in (None, ""):
        return "—"
    if column == "sex":
        return str(Sex(value).label)
    if column == "card_type":
        return str(CardType(value).label)
    return str(value)


class _Registry:
    """The registry read once: people by card and by name, clubs by name and by code."""

    def __init__(self) -> None:
        self.by_card: dict[str, Person] = {}
        self.by_key: dict[str, list[Person]] = defaultdict(list)
        for person in Person.objects.order_by("pk"):
            if person.card:
                self.by_card[person.card] = person
            self.by_key[person.search_key].append(person)
        self.clubs: dict[str, Club] = {}
        for club in Club.objects.all():
            self.clubs[plain(club.name)] = club
            if club.code:
                self.clubs.setdefault(plain(club.code), club)
        self.new_clubs: dict[str, str] = {}
        self.taken: dict[int, int] = {}  # person pk -> the line that took it


def _same(person: Person, values: dict[str, Any]) -> bool:
    return all(getattr(person, f) == values[f] for f in FIELDS if f in values)


def _match(planned: PlannedRow, registry: _Registry, cards: dict[str, int]) -> None:
    row, values = planned.row, planned.row.values
    card = values.get("card", "")
    if card:
        if card in cards:
            row.error("card", _("Card %(card)s is already on line %(line)s.") % {
                "card": card, "line": cards[card]})  # fmt: skip
            return
        cards[card] = row.line
        if card in registry.by_card:
            planned.person = registry.by_card[card]
    if planned.person is None:
        key = words_key(values.get("surname", ""), values.get("name", ""))
        free = [p for p in registry.by_key.get(key, []) if p.pk not in registry.taken]
        free = [p for p in free if not p.card or not card]  # another card: another person
        if len(free) > 1:
            free = [p for p in free if _same(p, values)][:1] or free
        if len(free) > 1 and card:  # a new card: a new person; the duplicates list asks
            return
        if len(free) > 1:
            row.error("surname", _(
                "%(count)s people of the registry are named %(name)s: give the card number."
            ) % {"count": len(free), "name": planned.printed})  # fmt: skip
            return
        planned.person = free[0] if free else None
    if planned.person is not None:
        if planned.person.pk in registry.taken:
            line, name = registry.taken[planned.person.pk], planned.person.full_name
            row.error(
                "surname",
                _("Line %(line)s is already this person (%(name)s).")
                % {"line": line, "name": name},
            )
            planned.person = None
            return
        registry.taken[planned.person.pk] = row.line


def _club(planned: PlannedRow, registry: _Registry) -> None:
    text = planned.row.values.get("club", "")
    if not text:
        return
    club = registry.clubs.get(plain(text))
    if club is None:  # a new club, spelled as on its first row
        planned.new_club = registry.new_clubs.setdefault(plain(text), text)
    else:
        planned.club = club


def _changes(planned: PlannedRow) -> None:
    person, values = planned.person, planned.row.values
    if person is None:
        return
    for column in ("card", *FIELDS):
        before = getattr(person, column)
        if column not in values or before == values[column]:
            continue
        if column in ("surname", "name") and plain(before) == plain(values[column]):
            continue  # "VERDI", "Nicolo": the registry keeps its own spelling
        planned.updates[column] = values[column]
        planned.changes.append(
            (str(LABELS[column]), _shown(column, before), _shown(column, values[column]))
        )
    if planned.new_club or (planned.club and planned.club.pk != person.club_id):
        before = person.club.name if person.club_id else "—"
        after = planned.new_club or planned.club.name
        planned.changes.append((str(LABELS["club"]), before, after))


def member_plan(rows: list[MemberRow]) -> MemberPlan:
    registry = _Registry()
    cards: dict[str, int] = {}
    planned_rows = []
    for row in rows:
        planned = PlannedRow(row=row)
        if not row.errors:
            _match(planned, registry, cards)
        if not row.errors:
            _club(planned, registry)
            _changes(planned)
        planned_rows.append(planned)
    return MemberPlan(planned_rows)
