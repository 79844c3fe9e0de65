"""``tournament.settings.turni`` (docs/archive.md "The room"): of each turno, when it was
published, whether it is closed to the players' phones, and the explanation of its draw (the
engine's notes, ``draw_notes.py`` turns them into sentences). A turno with none of these is left
out."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.tournaments.models import Tournament, Turno

from .checks import (
    SMALL_MAX,
    at,
    json_bool,
    json_datetime,
    json_int,
    json_list,
    json_object,
    json_text,
    shown,
)
from .json_order import draw_notes_json
from .log import moment_json
from .records import ArchiveError, ArchiveTurno

NOTE_CODE_MAX = 60


@dataclass(frozen=True)
class TurnoState:
    number: int
    published_at: datetime.datetime | None = None
    players_closed: bool = False
    draw_notes: tuple[Any, ...] = ()


class TurniPart:
    key = "turni"

    def export(self, tournament: Tournament) -> list[dict[str, Any]]:
        items = []
        for turno in Turno.objects.filter(tournament=tournament).order_by("number"):
            item: dict[str, Any] = {"number": turno.number}
            if turno.published_at is not None:
                item["published_at"] = moment_json(turno.published_at)
            if turno.players_closed:
                item["players_closed"] = True
            if turno.draw_notes:
                item["draw_notes"] = draw_notes_json(turno.draw_notes)
            if len(item) > 1:
                items.append(item)
        return items

    def read(self, value: Any, path: str) -> tuple[TurnoState, ...]:
        states: list[TurnoState] = []
        for index, raw in enumerate(json_list(value, path)):
            where = at(path, index)
            obj = json_object(
                raw, where, ("number",), ("published_at", "players_closed", "draw_notes")
            )
            number = json_int(obj["number"], at(where, "number"), minimum=1, maximum=SMALL_MAX)
            if states and number <= states[-1].number:
                raise ArchiveError(
                    at(where, "number"),
                    _("turno %(turno)s must come after turno %(before)s, once")
                    % {"turno": number, "before": states[-1].number},
                )
            published_at = None
            if "published_at" in obj:
                published_at = json_datetime(obj["published_at"], at(where, "published_at"))
            closed = json_bool(obj.get("players_closed", False), at(where, "players_closed"))
            notes = tuple(_read_notes(obj.get("draw_notes", []), at(where, "draw_notes")))
            states.append(TurnoState(number, published_at, closed, notes))
        return tuple(states)

    def check(
        self, items: tuple[TurnoState, ...], path: str, turni: Mapping[int, ArchiveTurno]
    ) -> None:
        for index, state in enumerate(items):
            where = at(path, index)
            if state.number not in turni:
                raise ArchiveError(
                    at(where, "number"),
                    _("there is no turno %(turno)s in turni") % {"turno": state.number},
                )
            if state.published_at is not None and not turni[state.number].published:
                raise ArchiveError(
                    at(where, "published_at"),
                    _("turno %(turno)s is a draft: a draft has no publish time")
                    % {"turno": state.number},
                )

    def write(self, tournament: Tournament, items: tuple[TurnoState, ...]) -> None:
        turni = {t.number: t for t in Turno.objects.filter(tournament=tournament)}
        rows = []
        for state in items:
            row = turni[state.number]
            row.published_at = state.published_at
            row.players_closed = state.players_closed
            row.draw_notes = list(state.draw_notes)
            rows.append(row)
        Turno.objects.bulk_update(rows, ["published_at", "players_closed", "draw_notes"])


def _read_notes(value: Any, path: str) -> list[dict[str, Any]]:
    """A draw's notes: ``{"code", "params"}`` each, as the draw stored them. A code this site
    does not know (a newer one) is kept and shown as it is."""
    notes = []
    for index, raw in enumerate(json_list(value, path)):
        where = at(path, index)
        obj = json_object(raw, where, ("code",), ("params",))
        note: dict[str, Any] = {
            "code": json_text(obj["code"], at(where, "code"), max_length=NOTE_CODE_MAX)
        }
        if "params" in obj:
            params = obj["params"]
            if not isinstance(params, Mapping):
                raise ArchiveError(
                    at(where, "params"),
                    _("must be an object {…}, not %(value)s") % {"value": shown(params)},
                )
            note["params"] = params
        notes.append(note)
    return notes


TURNI = TurniPart()
