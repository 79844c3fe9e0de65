"""Reading the gironi of a version 3 file (ARCHIVE.md "Version 3", Gironi; RULES.md section 12):
``tournament.gironi_standings`` and ``gironi_overall``, each turno's ``gironi`` and each of its
tables' ``girone``. Kinds ``pairs`` and ``individual`` only (the kind's draw manager names a
gironi page; a knock-out's and a team tournament's do not).

The checks, in file order: a girone's name is given once in its turno; its entrants are known
and each in one girone only; every entrant not withdrawn is in a girone; the membership is the
same in every turno of the phase, which runs to the last turno; every table of such a turno
names its girone, both its lines in it, ``(girone, table)`` unique; a girone rests at most one
pair (three players). Never touches the database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from .checks import at, json_choice, json_int, json_list, json_object, json_text
from .records import ArchiveError

GIRONI_STANDINGS = ("since_turno_1", "phase_only")
GIRONI_OVERALL = ("by_girone", "by_vp")
NAME_MAX = 20


def check_gironi(path: str, fmt: Any, kind: str) -> None:
    """Refuse gironi at ``path`` for a kind played without them (its draw manager says)."""
    try:
        fmt.draw_manager.check_gironi()
    except ValidationError:
        raise ArchiveError(
            path, _("a tournament of kind “%(kind)s” is not played in gironi") % {"kind": kind}
        ) from None


def read_gironi_settings(obj: Mapping[str, Any], path: str, fmt: Any, kind: str) -> tuple[str, str]:
    """``gironi_standings`` and ``gironi_overall`` of ``tournament`` (the defaults when left
    out); an error for a kind without gironi."""
    values = []
    for key, choices in (
        ("gironi_standings", GIRONI_STANDINGS),
        ("gironi_overall", GIRONI_OVERALL),
    ):
        if key in obj:
            check_gironi(at(path, key), fmt, kind)
            values.append(json_choice(obj[key], at(path, key), choices))
        else:
            values.append(choices[0])
    return values[0], values[1]


class GironiReader:
    """Follows the turni of one file: the phase's membership, once it has started."""

    def __init__(self, *, fmt: Any, kind: str) -> None:
        self.key = fmt.archive.entrants_key
        self.rests = fmt.entrants.per_table - 1
        self.fmt = fmt
        self.kind = kind
        self.phase: dict[str, frozenset[int]] | None = None
        self.first: int | None = None

    def read(
        self,
        obj: Mapping[str, Any],
        path: str,
        *,
        number: int,
        tables: Sequence[Any],
        byes: Sequence[int],
        known: Mapping[int, int | None],
    ) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The turno's gironi, (name, entrants) in the file's order; ``known``: every entrant's
        number -> the turno after which it withdrew (None: it did not)."""
        if "gironi" not in obj:
            if self.phase is not None:
                raise ArchiveError(
                    at(path, "gironi"),
                    _(
                        "the gironi started with turno %(turno)s run to the last turno: this "
                        "turno needs its gironi too"
                    )
                    % {"turno": self.first},
                )
            for index, table in enumerate(tables):
                if table.girone:
                    raise ArchiveError(
                        at(at(at(path, "tables"), index), "girone"),
                        _("this turno is not played in gironi (it has no gironi)"),
                    )
            return ()
        check_gironi(at(path, "gironi"), self.fmt, self.kind)
        gironi = self._gironi(obj["gironi"], at(path, "gironi"), number, known)
        self._check_tables(path, tables, byes, gironi)
        return tuple((name, tuple(members)) for name, members in gironi.items())

    def _gironi(
        self, raw: Any, path: str, number: int, known: Mapping[int, int | None]
    ) -> dict[str, list[int]]:
        gironi: dict[str, list[int]] = {}
        girone_of: dict[int, str] = {}
        for index, item in enumerate(json_list(raw, path)):
            where = at(path, index)
            entry = json_object(item, where, ("name", self.key))
            name = json_text(entry["name"], at(where, "name"), max_length=NAME_MAX)
            if name in gironi:
                raise ArchiveError(
                    at(where, "name"),
                    _("girone %(name)s is already listed in this turno") % {"name": name},
                )
            members = gironi[name] = []
            for place, value in enumerate(json_list(entry[self.key], at(where, self.key))):
                spot = at(at(where, self.key), place)
                entrant = json_int(value, spot, minimum=1)
                if entrant not in known:
                    raise ArchiveError(
                        spot, _("%(number)s is not in the file's entrants") % {"number": entrant}
                    )
                if entrant in girone_of:
                    raise ArchiveError(
                        spot,
                        _("%(number)s is already in girone %(name)s")
                        % {"number": entrant, "name": girone_of[entrant]},
                    )
                girone_of[entrant] = name
                members.append(entrant)
        if not gironi:
            raise ArchiveError(path, _("a turno in gironi needs at least one girone"))
        for entrant, withdrawn in sorted(known.items()):
            if withdrawn is None and entrant not in girone_of:
                raise ArchiveError(
                    path,
                    _("%(number)s is not in any girone: every entrant not withdrawn is in one")
                    % {"number": entrant},
                )
        membership = {name: frozenset(members) for name, members in gironi.items()}
        if self.phase is None:
            self.phase, self.first = membership, number
        elif membership != self.phase:
            raise ArchiveError(
                path,
                _(
                    "the gironi must hold the same entrants in every turno of the phase (as in "
                    "turno %(turno)s)"
                )
                % {"turno": self.first},
            )
        return gironi

    def _check_tables(
        self, path: str, tables: Sequence[Any], byes: Sequence[int], gironi: dict[str, list[int]]
    ) -> None:
        girone_of = {n: name for name, members in gironi.items() for n in members}
        for index, table in enumerate(tables):
            where = at(at(path, "tables"), index)
            if not table.girone:
                raise ArchiveError(
                    at(where, "girone"), _("a table of a turno in gironi names its girone")
                )
            if table.girone not in gironi:
                raise ArchiveError(
                    at(where, "girone"),
                    _("there is no girone %(name)s in this turno") % {"name": table.girone},
                )
            for line in ("ns", "eo"):
                value = getattr(table, line)
                for number in (value,) if isinstance(value, int) else value:
                    if girone_of.get(number) != table.girone:
                        raise ArchiveError(
                            at(where, line),
                            _("%(number)s is not in girone %(name)s")
                            % {"number": number, "name": table.girone},
                        )
        resting: dict[str, int] = {}
        for place, number in enumerate(byes):
            name = girone_of.get(number)
            resting[name] = resting.get(name, 0) + 1
            if name is not None and resting[name] > self.rests:
                raise ArchiveError(
                    at(at(path, "byes"), place),
                    _("girone %(name)s already has its riposo in this turno") % {"name": name},
                )


def site_numbered(tables: Sequence[Any], gironi: Sequence[tuple[str, Any]]) -> tuple[Any, ...]:
    """The tables of a turno in gironi with the number the site gives each (``site``): on
    through the turno in the gironi's order, then each girone's table order; the file's order
    of the tables is kept. Outside gironi the tables as they are."""
    if not gironi:
        return tuple(tables)
    order = {name: place for place, (name, _members) in enumerate(gironi)}
    ranked = sorted(tables, key=lambda t: (order[t.girone], t.table))
    site = {id(t): number for number, t in enumerate(ranked, start=1)}
    return tuple(replace(t, site=site[id(t)]) for t in tables)
