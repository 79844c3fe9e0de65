"""The entrants page's imports and reads, for every kind: importing a list of entrants (pairs
or players, the names the kind's ``entrants.names`` gives), the page's list and the last draw of
the numbers. Registering, editing, withdrawing, deleting and drawing the numbers are
``services.entrants``.

An import runs in one transaction, locks the tournament row first and records what it created
with ``audit_record``; a list with errors saves nothing (``ImportRejected``).
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils.text import Truncator

from burraco_tourney.people.selectors.near import Found, people_found

from ..audit_text import import_subject
from ..models import AuditEntry, Bye, Entrant, Member, Table, Tournament
from ..pair_import import ImportRow, check_rows, rows_have_errors
from .audit import audit_record
from .entrants import NUMBER_DRAW_ACTION, DrawnNumber, entrant_snapshot
from .late_pairs import MissedChoice, late_fields, late_snapshot
from .locks import tournament_lock
from .members import Place, members_link

REASON_MAX = AuditEntry._meta.get_field("reason").max_length


class ImportRejected(Exception):
    """The rows of a list cannot be saved; ``rows`` carry the errors, nothing was saved."""

    def __init__(self, rows: list[ImportRow]):
        super().__init__("entrant list has errors")
        self.rows = rows


def _registered(tournament: Tournament) -> dict[int, tuple[str, ...]]:
    names = tournament.fmt.entrants.names
    return {
        number: tuple(values)
        for number, *values in tournament.entrants.values_list("number", *names)
    }


def import_size(tournament: Tournament) -> int:
    """The names per entrant of the tournament's kind: what its lists are read with."""
    return len(tournament.fmt.entrants.names)


def _row_places(row: ImportRow, people: dict[tuple[int, int], int]) -> list[Place]:
    """A list row's printed names, each with its card or the person picked for it; a new
    person of the registry is of the entrant's club, as the list says."""
    details = {"club": row.club}
    return [
        Place(name, card, people.get((row.line, place)), strict=True, details=details)
        for place, (name, card) in enumerate(row.people, start=1)
    ]


class _Preview(Exception):
    """Undoes a preview's trial save."""


def entrants_import_check(*, tournament: Tournament, rows: list[ImportRow]) -> list[ImportRow]:
    """The preview: the rows with their numbers and every error, against the entrants
    registered, and what linking their people would refuse (a person already in another
    team): the save is tried and undone, so the preview refuses what the save would."""
    try:
        with transaction.atomic():
            # As the save does: the entrants registered meanwhile by another director are
            # read under the tournament's lock, so the trial never meets them unchecked.
            tournament_lock(tournament)
            rows = check_rows(rows, registered=_registered(tournament))
            if rows and not rows_have_errors(rows):
                _entrants_create(tournament, rows, people={}, late={})
            raise _Preview
    except _Preview:
        pass
    return rows


def _entrants_create(
    tournament: Tournament,
    rows: list[ImportRow],
    *,
    people: dict[tuple[int, int], int],
    late: dict,
) -> list[Entrant]:
    """Create the rows' entrants and link their people; what the kind refuses of those people
    is added to the rows' errors (the caller raises or undoes)."""
    fmt = tournament.fmt
    created = Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament,
            number=row.number,
            club=row.club,
            **dict(zip(fmt.entrants.names, row.names, strict=True)),
            **late,
        )
        for row in rows
    )
    members_link(
        (entrant, _row_places(row, people)) for entrant, row in zip(created, rows, strict=True)
    )
    for entrant, row in zip(created, rows, strict=True):
        # The people the kind allows (a team: a roster of 4 to 8, in one team only).
        try:
            fmt.entrants.people_check(entrant)
        except ValidationError as refused:
            row.errors.extend(refused.messages)
    return created


def import_people(rows: list[ImportRow]) -> list[tuple[ImportRow, int, Found]]:
    """Whom each name of a list will be: (row, its place from 1, what the registry found)."""
    places = [(row, place, person) for row in rows for place, person in enumerate(row.people, 1)]
    found = people_found(person for _row, _place, person in places)
    return [(row, place, item) for (row, place, _p), item in zip(places, found, strict=True)]


@transaction.atomic
def entrants_import(
    *,
    tournament: Tournament,
    user,
    rows: list[ImportRow],
    source: str,
    accept_warnings: bool = False,
    missed: MissedChoice | None = None,
    people: dict[tuple[int, int], int] | None = None,
) -> list[Entrant]:
    """Create every entrant of a pasted or uploaded list, or none of them. ``source`` is the
    uploaded file's name, empty for a pasted list (the change log names it in words).
    ``people`` maps (line, 1 or 2) to the person the director confirmed for a near match; the
    other players are found by card, then by the name written the same (``services.members``).

    The rows are checked again against the pairs registered now (another director may have
    added one since the preview); any error raises ``PairImportRejected`` and saves nothing, and
    so does a warning (the same player in two pairs) unless ``accept_warnings``: the accepted
    warnings are then the change log's reason. After a turno is published every pair of the
    list is late, its missed turni counted as ``missed`` says (the same for all of them).
    """
    tournament_lock(tournament)
    fmt = tournament.fmt
    if any(row.size != len(fmt.entrants.names) for row in rows):
        # The forms read the kind's names: anything else is a bug, not input.
        raise TypeError(f"an entrant of this tournament has the names {fmt.entrants.names}")
    rows = check_rows(rows, registered=_registered(tournament))
    if not rows or rows_have_errors(rows):
        raise ImportRejected(rows)
    warnings = [w for row in rows for w in row.warnings]
    if warnings and not accept_warnings:
        raise ImportRejected(rows)
    late = late_fields(tournament=tournament, missed=missed)
    created = _entrants_create(tournament, rows, people=people or {}, late=late)
    if rows_have_errors(rows):
        raise ImportRejected(rows)
    audit_record(
        tournament=tournament,
        user=user,
        action=f"{fmt.entrants.key}s_import",
        subject=import_subject(fmt.entrants.key, len(created), source),
        reason=Truncator(" ".join(warnings)).chars(REASON_MAX),
        after=[{**entrant_snapshot(e), **late_snapshot(late)} for e in created],
    )
    return created


# The names the pairs' tests and pages have always used.
PairImportRejected = ImportRejected
pairs_import = entrants_import
pairs_import_check = entrants_import_check


# --- Reads for the pairs page ----------------------------------------------------------------


def pairs_for_director(*, tournament: Tournament) -> QuerySet[Entrant]:
    """Every pair, withdrawn ones too, marked ``played`` once it is part of a turno, with its
    people in order (a team's roster)."""
    tables = Table.objects.filter(Q(ns=OuterRef("pk")) | Q(eo=OuterRef("pk")))
    return tournament.entrants.annotate(
        played=Exists(tables) | Exists(Bye.objects.filter(entrant=OuterRef("pk")))
    ).prefetch_related(Prefetch("members", queryset=Member.objects.order_by("position")))


@dataclass(frozen=True)
class NumberDraw:
    seed: str
    at: datetime.datetime | None
    order: list[DrawnNumber]
    old_numbers: list[int]
    times: int

    @property
    def seed_literal(self) -> str:
        """The seed as a Python string literal, for the check the page prints: JSON's quoting
        of a string is valid Python, and keeps every printable character as it is typed (no
        ``\\u002D`` in place of a hyphen, as JavaScript escaping would write)."""
        return json.dumps(self.seed, ensure_ascii=False)


def number_draw_latest(*, tournament: Tournament) -> NumberDraw | None:
    """The last draw of the pair numbers as recorded in the change log, with how many there were."""
    entries = AuditEntry.objects.filter(tournament=tournament, action=NUMBER_DRAW_ACTION)
    entry = entries.first()
    if entry is None or not tournament.number_draw_seed:
        return None
    order = [DrawnNumber(new=n, old=o, players=p) for n, o, p in entry.after["order"]]
    return NumberDraw(
        seed=entry.after["seed"],
        at=tournament.number_draw_at,
        order=order,
        old_numbers=entry.before["numbers"],
        times=entries.count(),
    )
