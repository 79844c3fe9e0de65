"""The closed turni and the results corrected after a close, in the archive
(``tournament.settings.closed_turni`` and ``tournament.settings.corrected_results``,
docs/archive.md).

A turno the director closed (``services.closing``) has standings that are no longer provisional;
a result changed afterwards keeps the time of the change, which the public pages show. Both
travel in ``tournament.settings`` so that an exported tournament imports with the same marks:

    "closed_turni": [{"turno": 1, "at": "2026-11-28T21:14:05+01:00"}, ...]
    "corrected_results": [{"turno": 1, "table": 3, "at": "2026-11-28T22:41:00+01:00"}, ...]

``closing_json`` writes them (only when there are any); ``read_closing`` checks their shape;
``check_closing`` checks them against the turni read (a closed turno is published and every one
of its tables has a result; a corrected table exists); ``closing_apply`` stores them on import
(a version 1 file, which cannot say, has its complete turni closed, as before this existed).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from burraco_tourney.tournaments.models import Table, Tournament, Turno

from .checks import SMALL_MAX, at, json_datetime, json_int, json_list, json_object
from .log import moment_json
from .records import ArchiveError, ArchiveTurno

CLOSED_KEY = "closed_turni"
CORRECTED_KEY = "corrected_results"
CLOSING_KEYS = (CLOSED_KEY, CORRECTED_KEY)
SETTINGS_PATH = "tournament.settings"

Closed = tuple[tuple[int, datetime.datetime], ...]
Corrected = tuple[tuple[int, int, datetime.datetime], ...]


def closing_json(tournament: Tournament) -> dict[str, Any]:
    """The two keys of ``tournament.settings``, each only when it has an entry."""
    data: dict[str, Any] = {}
    closed = (
        Turno.objects.filter(tournament=tournament, closed_at__isnull=False)
        .order_by("number")
        .values_list("number", "closed_at")
    )
    if closed:
        data[CLOSED_KEY] = [{"turno": n, "at": moment_json(when)} for n, when in closed]
    corrected = (
        Table.objects.filter(turno__tournament=tournament, corrected_at__isnull=False)
        .order_by("turno__number", "number")
        .values_list("turno__number", "number", "corrected_at")
    )
    if corrected:
        data[CORRECTED_KEY] = [
            {"turno": turno, "table": table, "at": moment_json(when)}
            for turno, table, when in corrected
        ]
    return data


def read_closing(settings: Mapping[str, Any]) -> tuple[Closed, Corrected]:
    """The closed turni and the corrected results of ``tournament.settings`` (already an
    object), each listed once."""
    closed: list[tuple[int, datetime.datetime]] = []
    corrected: list[tuple[int, int, datetime.datetime]] = []
    seen: dict[tuple[int, ...], str] = {}

    def once(key: tuple[int, ...], path: str, text: str) -> None:
        if key in seen:
            raise ArchiveError(
                path,
                _("%(what)s is already listed at %(where)s") % {"what": text, "where": seen[key]},
            )
        seen[key] = path

    path = at(SETTINGS_PATH, CLOSED_KEY)
    for index, item in enumerate(json_list(settings.get(CLOSED_KEY, []), path)):
        item_path = at(path, index)
        obj = json_object(item, item_path, ("turno", "at"))
        turno = json_int(obj["turno"], at(item_path, "turno"), minimum=1, maximum=SMALL_MAX)
        once((turno,), item_path, _("turno %(turno)s") % {"turno": turno})
        closed.append((turno, json_datetime(obj["at"], at(item_path, "at"))))
    path = at(SETTINGS_PATH, CORRECTED_KEY)
    for index, item in enumerate(json_list(settings.get(CORRECTED_KEY, []), path)):
        item_path = at(path, index)
        obj = json_object(item, item_path, ("turno", "table", "at"))
        turno = json_int(obj["turno"], at(item_path, "turno"), minimum=1, maximum=SMALL_MAX)
        table = json_int(obj["table"], at(item_path, "table"), minimum=1, maximum=SMALL_MAX)
        text = _("table %(table)s of turno %(turno)s") % {"table": table, "turno": turno}
        once((turno, table), item_path, text)
        corrected.append((turno, table, json_datetime(obj["at"], at(item_path, "at"))))
    return tuple(closed), tuple(corrected)


def check_closing(closed: Closed, corrected: Corrected, turni: Sequence[ArchiveTurno]) -> None:
    """A closed turno is published with a result at every table; a corrected table exists."""
    by_number = {turno.number: turno for turno in turni}
    path = at(SETTINGS_PATH, CLOSED_KEY)
    for index, (number, _when) in enumerate(closed):
        turno = by_number.get(number)
        where = at(at(path, index), "turno")
        if turno is None or not turno.published:
            raise ArchiveError(
                where, _("turno %(turno)s is not a published turno") % {"turno": number}
            )
        # Every table, a team turno's matches' included, by its number in the turno.
        missing = [t.number for t in turno.all_tables if not t.entry_mode]
        if missing or not (turno.tables or turno.matches):
            raise ArchiveError(
                where,
                _("turno %(turno)s is closed but table %(table)s has no result")
                % {"turno": number, "table": missing[0] if missing else "—"},
            )
    path = at(SETTINGS_PATH, CORRECTED_KEY)
    for index, (number, table, _when) in enumerate(corrected):
        turno = by_number.get(number)
        if turno is None or table not in {t.number for t in turno.all_tables}:
            raise ArchiveError(
                at(path, index),
                _("turno %(turno)s has no table %(table)s") % {"turno": number, "table": table},
            )


def closing_apply(
    tournament: Tournament, closed: Closed, corrected: Corrected, *, version: int
) -> None:
    """Store the imported marks on the turni and tables just created. A closed turno is also
    closed to the players' phones, as closing it here does.

    A version 1 file cannot say which turni were closed: it imports as it always did, its
    standings final once every table has a result, so each of its complete turni is closed at
    the time of the import.
    """
    if version == 1:
        missing = Count("tables", filter=Q(tables__entry_mode=""))
        complete = (
            Turno.objects.filter(tournament=tournament, published=True)
            .annotate(tables_n=Count("tables"), missing=missing)
            .filter(tables_n__gt=0, missing=0)
            .values_list("number", flat=True)
        )
        now = timezone.now()
        closed = tuple((number, now) for number in complete)
    for number, when in closed:
        Turno.objects.filter(tournament=tournament, number=number).update(
            closed_at=when, players_closed=True
        )
    for number, table, when in corrected:
        rows = Table.objects.filter(turno__tournament=tournament, turno__number=number)
        rows.filter(number=table).update(corrected_at=when)
