"""``tournament.settings.player_entries`` (docs/archive.md "The room"): what each line of a
table entered from its phones — the draft of the scorecard as stored, when, from which phone
session, its version — so the copy's room board shows every table as it stood (being entered,
waiting, the lines differ, confirmed, accepted).

An entry is a line's ``Submission`` (its phones' draft), written whole: ``turno``, ``table``
and ``line`` say where it belongs, then the stored fields ``KEPT`` under their own names:
``smazzate`` (the draft's smazzate, in the one shape of ``rules.submission_data``),
``ended_early``, ``entered_at``, ``session``, ``version``. Left out: the row's id and table; the
photo (photos travel in the site's backup, not in the JSON); the phone holding the line and its
last save's id, which belong to this site's phone sessions like the tables' secret links (a
copy's lines are free for its own phones); and what the site derives (the submission's state).
A field added to ``KEPT`` has its key added to ``archive.schema.json`` and docs/archive.md (a
test compares them). The file is read field by field with the check each kind of field needs;
a JSON field is kept as it is unless ``JSON_READERS`` has a check for it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.utils.translation import gettext as _

from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.submission_data import data_smazzate, smazzate_data
from burraco_tourney.tournaments.models import (
    SmazzataEnd,
    Submission,
    SubmissionSource,
    SubmissionState,
    Tournament,
)

from .checks import (
    SMALL_MAX,
    at,
    json_bool,
    json_choice,
    json_datetime,
    json_int,
    json_list,
    json_object,
    json_text,
)
from .json_order import draft_json
from .log import moment_json
from .records import ArchiveError, ArchiveTurno
from .room_state import archive_table, read_place, stored_tables

# The fields of a line's submission the archive carries, in this order.
KEPT = ("smazzate", "ended_early", "entered_at", "session", "version")
LINES = ("ns", "eo")
PLACE_KEYS = ("turno", "table", "line")
POSITIVE = (
    models.PositiveIntegerField,
    models.PositiveSmallIntegerField,
    models.PositiveBigIntegerField,
)


def entry_fields() -> list[models.Field]:
    """The stored fields of a line's entry that the archive carries (``smazzate`` is the
    smazzate of the submission's data), in the archive's order."""
    smazzate = models.JSONField(name="smazzate")
    return [smazzate if name == "smazzate" else Submission._meta.get_field(name) for name in KEPT]


def entry_keys() -> tuple[str, ...]:
    """Every key an item of ``player_entries`` may have."""
    return (*PLACE_KEYS, *(f.name for f in entry_fields()))


@dataclass(frozen=True)
class EntryState:
    turno: int
    table: int
    line: str
    values: tuple[tuple[str, Any], ...]


class EntriesPart:
    key = "player_entries"

    def export(self, tournament: Tournament) -> list[dict[str, Any]]:
        fields = entry_fields()
        entries = (
            Submission.objects.lines()
            .filter(table__turno__tournament=tournament)
            .select_related("table__turno")
            .order_by("table__turno__number", "table__number", "source")
        )
        items = []
        for entry in entries:
            item: dict[str, Any] = {
                "turno": entry.table.turno.number,
                "table": entry.table.number,
                "line": entry.line,
            }
            for field in fields:
                value = getattr(entry, field.name)
                if value is not None:  # an empty time: left out
                    item[field.name] = _to_json(field, value)
            items.append(item)
        return items

    def read(self, value: Any, path: str) -> tuple[EntryState, ...]:
        fields = entry_fields()
        states = []
        seen: set[tuple[int, int, str]] = set()
        for index, raw in enumerate(json_list(value, path)):
            where = at(path, index)
            obj = json_object(raw, where, PLACE_KEYS, tuple(f.name for f in fields))
            twice = _("turno %(turno)s, table %(table)s: this line is listed twice")
            turno, table, line = read_place(obj, where, "line", LINES, seen, twice)
            values = tuple(
                (f.name, _from_json(f, obj[f.name], at(where, f.name)))
                for f in fields
                if f.name in obj
            )
            states.append(EntryState(turno, table, line, values))
        return tuple(states)

    def check(
        self, items: tuple[EntryState, ...], path: str, turni: Mapping[int, ArchiveTurno]
    ) -> None:
        for index, state in enumerate(items):
            where = at(path, index)
            archive_table(turni, state.turno, state.table, where)
            if not turni[state.turno].published:
                raise ArchiveError(
                    at(where, "turno"),
                    _("turno %(turno)s is a draft: the players enter nothing in a draft")
                    % {"turno": state.turno},
                )

    def write(self, tournament: Tournament, items: tuple[EntryState, ...]) -> None:
        tables = stored_tables(tournament)
        drafts = {(s.turno, s.table, s.line): dict(s.values).get("smazzate") for s in items}
        Submission.objects.bulk_create(_submission(tables, state, drafts) for state in items)


def _submission(tables, state: EntryState, drafts: Mapping[tuple, Any]) -> Submission:
    """A line's submission as the archive gives it: confirmed when the other line entered the
    same smazzate."""
    values = dict(state.values)
    smazzate = values.pop("smazzate", [])
    other = "eo" if state.line == "ns" else "ns"
    agreed = bool(smazzate) and drafts.get((state.turno, state.table, other)) == smazzate
    return Submission(
        table=tables[(state.turno, state.table)],
        source=SubmissionSource(state.line),
        state=SubmissionState.CONFIRMED if agreed else SubmissionState.DRAFT,
        data={"smazzate": smazzate} if smazzate else {},
        **values,
    )


def _to_json(field: models.Field, value: Any) -> Any:
    if field.is_relation:
        # A row's id means nothing on another site: a relation needs its own key and reading.
        raise TypeError(f"the archive cannot write the relation {field.name} as it is")
    if isinstance(field, models.DateTimeField):
        return moment_json(value)
    writer = JSON_WRITERS.get(field.name) if isinstance(field, models.JSONField) else None
    return writer(value) if writer is not None else value


def _from_json(field: models.Field, value: Any, path: str) -> Any:
    if isinstance(field, models.DateTimeField):
        return json_datetime(value, path)
    if isinstance(field, models.BooleanField):
        return json_bool(value, path)
    if isinstance(field, models.IntegerField):
        if isinstance(field, POSITIVE):
            return json_int(value, path, minimum=0)
        return json_int(value, path)
    if isinstance(field, models.CharField):
        if field.choices:
            return json_choice(value, path, [str(choice) for choice, _label in field.choices])
        return json_text(value, path, max_length=field.max_length or 0, blank=True)
    if isinstance(field, models.JSONField):
        reader = JSON_READERS.get(field.name)
        return reader(value, path) if reader is not None else value
    raise TypeError(f"the archive has no reader for {field.__class__.__name__} {field.name}")


def _read_draft(value: Any, path: str) -> list[dict[str, Any]]:
    """A line's draft (``rules.submission_data.smazzate_data``): each smazzata's ``end``, its
    ``last_move`` ("" when not said) and both lines' boxes, every box written."""
    boxes = [f.name for f in dataclasses.fields(LineEntry)]
    smazzate = []
    for index, raw in enumerate(json_list(value, path)):
        where = at(path, index)
        obj = json_object(raw, where, ("end", "last_move", "ns", "eo"))
        smazzata: dict[str, Any] = {
            "end": json_choice(obj["end"], at(where, "end"), SmazzataEnd.values),
            "last_move": json_choice(obj["last_move"], at(where, "last_move"), ("", *LINES)),
        }
        for line in LINES:
            values = json_object(obj[line], at(where, line), boxes)
            smazzata[line] = {
                box: _read_box(box, values[box], at(at(where, line), box)) for box in boxes
            }
        smazzate.append(smazzata)
    # Kept in the one shape of a submission's smazzate.
    return smazzate_data(data_smazzate(smazzate))


def _read_box(box: str, value: Any, path: str) -> Any:
    if box in ("chiusura", "pozzetto"):
        return json_bool(value, path)
    if box == "cards":
        return json_int(value, path, minimum=-SMALL_MAX, maximum=SMALL_MAX)
    return json_int(value, path, minimum=0, maximum=SMALL_MAX)


# The checks of the entry's JSON fields, by field name.
JSON_READERS: dict[str, Callable[[Any, str], Any]] = {"smazzate": _read_draft}
# How the entry's JSON fields are written, by field name: in one order of keys whatever the
# database (``json_order.py``); a field not listed is written as stored.
JSON_WRITERS: dict[str, Callable[[Any], Any]] = {"smazzate": draft_json}

ENTRIES = EntriesPart()
