"""``tournament.settings.anomaly_dismissals`` (docs/archive.md "The room"): the anomalies the
director looked at and let stand, with the note saying why, who and when.

A dismissal holds for one version of a table's result: the file carries those of the results
as they stand (an earlier dismissal no longer shows anywhere), and the import gives each to the
imported result. Who dismissed it is a name: the user may not exist on the importing site.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.rules.anomalies import CODES
from burraco_tourney.tournaments.models import AnomalyDismissal, Tournament

from .checks import (
    at,
    json_datetime,
    json_list,
    json_object,
    json_text,
)
from .log import moment_json
from .records import ArchiveTurno
from .room_state import archive_table, read_place, stored_tables

NOTE_MAX = AnomalyDismissal._meta.get_field("note").max_length
BY_MAX = AnomalyDismissal._meta.get_field("by_name").max_length


@dataclass(frozen=True)
class DismissalState:
    turno: int
    table: int
    code: str
    note: str
    at: datetime.datetime
    by: str = ""


class DismissalsPart:
    key = "anomaly_dismissals"

    def export(self, tournament: Tournament) -> list[dict[str, Any]]:
        dismissals = (
            AnomalyDismissal.objects.filter(table__turno__tournament=tournament)
            .select_related("table__turno", "created_by")
            .order_by("table__turno__number", "table__number", "code")
        )
        items = []
        for dismissal in dismissals:
            table = dismissal.table
            if dismissal.table_version != table.version:
                continue  # dismissed for a result since changed: it shows nowhere
            item: dict[str, Any] = {
                "turno": table.turno.number,
                "table": table.number,
                "code": dismissal.code,
                "note": dismissal.note,
                "at": moment_json(dismissal.created_at),
            }
            by = dismissal.by_name
            if dismissal.created_by is not None:
                by = dismissal.created_by.get_username()
            if by:
                item["by"] = by
            items.append(item)
        return items

    def read(self, value: Any, path: str) -> tuple[DismissalState, ...]:
        states = []
        seen: set[tuple[int, int, str]] = set()
        for index, raw in enumerate(json_list(value, path)):
            where = at(path, index)
            obj = json_object(raw, where, ("turno", "table", "code", "note", "at"), ("by",))
            twice = _("turno %(turno)s, table %(table)s: this anomaly is listed twice")
            turno, table, code = read_place(obj, where, "code", CODES, seen, twice)
            states.append(
                DismissalState(
                    turno=turno,
                    table=table,
                    code=code,
                    note=json_text(obj["note"], at(where, "note"), max_length=NOTE_MAX),
                    at=json_datetime(obj["at"], at(where, "at")),
                    by=json_text(obj.get("by", ""), at(where, "by"), max_length=BY_MAX, blank=True),
                )
            )
        return tuple(states)

    def check(
        self, items: tuple[DismissalState, ...], path: str, turni: Mapping[int, ArchiveTurno]
    ) -> None:
        for index, state in enumerate(items):
            archive_table(turni, state.turno, state.table, at(path, index))

    def write(self, tournament: Tournament, items: tuple[DismissalState, ...]) -> None:
        # After the results are computed: each dismissal holds for the result as imported.
        tables = stored_tables(tournament)
        AnomalyDismissal.objects.bulk_create(
            AnomalyDismissal(
                table=tables[(state.turno, state.table)],
                code=state.code,
                table_version=tables[(state.turno, state.table)].version,
                note=state.note,
                created_at=state.at,
                by_name=state.by,
            )
            for state in items
        )


DISMISSALS = DismissalsPart()
