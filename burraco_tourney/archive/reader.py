"""Reading a burraco-archive file (ARCHIVE.md): parse it, check every rule, return plain values.

``read_archive`` accepts the file's bytes, its text or the already decoded JSON, and returns an
``Archive`` (``records.py``) or raises ``ArchiveError`` for the FIRST fault found, reading the
file top to bottom. The error names the place (``turni[2].tables[4].smazzate[1].ns.cards``,
0-based indexes) and says why in a translatable sentence.

The structure (JSON types, required and unknown keys, ranges) is checked first against the
published JSON Schema (``schema.py``); then the checks of the format: the tournament's kind and
its kind-specific keys, the entrants (``pairs``, or what the kind's archive section names, read
by ``reader_entrants.py``) and turno numbering, every pair at most once per turno, table
results given one way only, the VP table, every smazzata against the rules engine, KO matches,
penalties referring to existing turni and pairs, and in version 2 the keys it adds
(``reader_v2.py``). A version 1 file may not hold a version 2 key. The archive's ``results`` is
ignored.

This module never touches the database: it only reads the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.tournaments.formats import FORMATS

from .checks import (
    SMALL_MAX,
    at,
    check_counts,
    check_counts_before_decoding,
    json_bool,
    json_choice,
    json_int,
    json_list,
    json_object,
    json_text,
    load_json,
)
from .closing import check_closing
from .persons import PersonReader
from .reader_entrants import EntrantsSection
from .reader_gironi import GironiReader, site_numbered
from .reader_late import check_late_pairs
from .reader_tournament import LATE_PAIRS_PATH, TournamentSection
from .reader_v2 import check_withdrawals, read_log, read_penalty_extras
from .records import Archive, ArchiveError, ArchivePenalty, ArchiveTurno
from .room_state import check_room
from .schema import check_structure
from .tables import TableReader

FORMAT = "burraco-archive"
VERSION = 3
VERSIONS = (1, 2, 3)

MOVEMENTS = ("mitchell", "danese", "italiana", "manual", "ko", "rotation")
REASON_MAX = 200

# Keys version 2 adds, by object (ARCHIVE.md "Version 2").
V2_KEYS = {
    "": ("log",),
    "tournament": ("planned_turni", "number_draw", "settings", "players"),
    "forfeit": ("loser_vp",),
    "ko": ("third_place", "rounds"),
    "pair": ("withdrawn",),
    "turno": ("published",),
    "penalty": ("given_by", "at"),
}
# Keys version 3 adds, by object (ARCHIVE.md "Version 3": gironi, prizes).
V3_KEYS = {
    "tournament": ("gironi_standings", "gironi_overall", "prizes"),
    "turno": ("gironi",),
}


def read_archive(data: bytes | str | Mapping[str, Any]) -> Archive:
    """The valid archive held by ``data``, or ``ArchiveError`` for its first fault."""
    check_counts_before_decoding(data)
    root = load_json(data)
    check_counts(root)
    return _Reader().read(root)


class _Reader(TournamentSection, EntrantsSection):
    """One pass over a decoded file; remembers what later sections refer to. What differs by
    kind — the file's entrants and who sits in a line — is the kind's archive section
    (``tournament.fmt.archive``, ``reader_entrants.py``)."""

    def read(self, root: Any) -> Archive:
        if not isinstance(root, Mapping):
            raise ArchiveError("", _("The file must hold one JSON object {…}."))
        # Format and version first: a file of another kind deserves that answer, not a list of
        # unknown keys.
        if root.get("format") != FORMAT:
            raise ArchiveError(
                "format",
                _('must be "%(format)s": this is not a tournament archive') % {"format": FORMAT},
            )
        version = json_int(root.get("version"), "version")
        if version not in VERSIONS:
            raise ArchiveError(
                "version",
                _("version %(version)s is not supported (this software reads version %(known)s)")
                % {"version": version, "known": " ".join(map(str, VERSIONS))},
            )
        tournament = root.get("tournament")
        kind = tournament.get("kind") if isinstance(tournament, Mapping) else None
        # A kind this site does not serve is read as pairs: the schema refuses its kind.
        fmt = FORMATS.get(str(kind), FORMATS["pairs"])
        self.section, self.entrant_key = fmt.archive, fmt.entrants.key
        entrants_key = self.section.entrants_key
        self.version = version
        check_structure(root)
        json_object(
            root,
            "",
            ("format", "version", "tournament", entrants_key, "turni"),
            ("penalties", "results", *self._v2("")),
        )
        tournament = self._tournament(root["tournament"])
        self.people = PersonReader(version=version, year=tournament.date.year)
        entrants = self.entrants = self._entrants(root[entrants_key])
        turni = self._turni(root["turni"])
        check_withdrawals(entrants, self.seated, self.section)
        check_late_pairs(
            tournament.late_pairs,
            path=LATE_PAIRS_PATH,
            pairs=self.pair_index,
            seated=self.seated,
            bye=self.bye,
        )
        check_room(tournament.room, turni)
        check_closing(tournament.closed_turni, tournament.corrected_results, turni)
        penalties = self._penalties(root.get("penalties", []))
        log = read_log(root["log"]) if "log" in root else ()
        return Archive(
            tournament=tournament,
            turni=turni,
            penalties=penalties,
            version=version,
            log=log,
            **{"pairs": (), entrants_key: entrants},
        )

    def _v2(self, where: str) -> tuple[str, ...]:
        """The keys version 2 (and 3) add to the object ``where``; none in a version 1 file."""
        v3 = V3_KEYS.get(where, ()) if self.version >= 3 else ()
        return (*V2_KEYS[where], *v3) if self.version >= 2 else ()

    # -- turni --------------------------------------------------------------------------------

    def _turni(self, raw: Any) -> tuple[ArchiveTurno, ...]:
        turni: list[ArchiveTurno] = []
        self.table_reader = TableReader(rules=self.rules, version=self.version)
        gironi = GironiReader(fmt=FORMATS[self.kind], kind=self.kind)
        self.seated: dict[int, set[int]] = {}
        draft_before: int | None = None
        key = self.section.turno_key
        for index, item in enumerate(json_list(raw, "turni")):
            path = at("turni", index)
            obj = json_object(item, path, ("number", "movement", key), ("byes", *self._v2("turno")))
            number = json_int(obj["number"], at(path, "number"), minimum=1, maximum=SMALL_MAX)
            if number != index + 1:
                raise ArchiveError(
                    at(path, "number"),
                    _(
                        "turni are numbered 1, 2, 3… in order: this one must be %(expected)s, "
                        "not %(number)s"
                    )
                    % {"expected": index + 1, "number": number},
                )
            movement = json_choice(obj["movement"], at(path, "movement"), MOVEMENTS)
            seated: dict[int, str] = {}
            published = json_bool(obj.get("published", True), at(path, "published"))
            if published and draft_before is not None:
                raise ArchiveError(
                    at(path, "published"),
                    _("turno %(draft)s before this one is a draft: a draft turno is the last one")
                    % {"draft": draft_before},
                )
            if not published:
                draft_before = number
            content = self.section.read_turno(
                obj[key], at(path, key), reader=self, seated=seated, turno=number
            )
            if not published:
                self._check_draft(content, at(path, key))
            byes: list[int] = []
            for bye_index, value in enumerate(json_list(obj.get("byes", []), at(path, "byes"))):
                bye_path = at(at(path, "byes"), bye_index)
                pair = self._seat(value, bye_path, seated, _("rests"))
                if self.bye is None:
                    raise ArchiveError(
                        bye_path,
                        _(
                            "a riposo needs its value: set tournament.bye (this VP table has no "
                            "default)"
                        ),
                    )
                byes.append(pair)
            self.seated[number] = set(seated)
            known = self.withdrawn_before(number)
            turno_tables = content.get("tables", ())
            turno_gironi = gironi.read(
                obj, path, number=number, tables=turno_tables, byes=byes, known=known
            )
            turni.append(
                ArchiveTurno(
                    number=number,
                    movement=movement,
                    tables=site_numbered(turno_tables, turno_gironi),
                    byes=tuple(byes),
                    published=published,
                    matches=content.get("matches", ()),
                    gironi=turno_gironi,
                )
            )
        self.turno_numbers = {t.number for t in turni}
        return tuple(turni)

    def withdrawn_before(self, number: int) -> dict[int, int | None]:
        """Every entrant's number -> the turno it withdrew after, when that is before turno
        ``number`` (None: it plays, or may play, turno ``number``)."""
        return {
            e.number: e.withdrawn_after_turno
            if e.withdrawn_after_turno is not None and e.withdrawn_after_turno < number
            else None
            for e in self.entrants
        }

    @staticmethod
    def _check_draft(content: dict[str, Any], path: str) -> None:
        """A draft turno's tables (or matches) have no result yet."""
        items = content.get("tables") or content.get("matches", ())
        for index, item in enumerate(items):
            if getattr(item, "forfeit", None) or any(
                table.entry_mode for table in getattr(item, "tables", (item,))
            ):
                raise ArchiveError(
                    at(path, index),
                    _(
                        "a draft turno has no results yet: give its tables an empty list of "
                        "smazzate, or publish the turno"
                    ),
                )

    # -- penalties ----------------------------------------------------------------------------

    def _penalties(self, raw: Any) -> tuple[ArchivePenalty, ...]:
        penalties: list[ArchivePenalty] = []
        for index, item in enumerate(json_list(raw, "penalties")):
            path = at("penalties", index)
            key = self.entrant_key
            obj = json_object(
                item, path, ("turno", key, "reason"), ("vp", "mp", *self._v2("penalty"))
            )
            turno = json_int(obj["turno"], at(path, "turno"), minimum=1)
            if turno not in self.turno_numbers:
                raise ArchiveError(
                    at(path, "turno"), _("there is no turno %(turno)s in turni") % {"turno": turno}
                )
            entrant = json_int(obj[key], at(path, key), minimum=1)
            self._known_pair(entrant, at(path, key))
            penalties.append(
                ArchivePenalty(
                    turno=turno,
                    pair=entrant,
                    vp=json_int(
                        obj.get("vp", 0), at(path, "vp"), minimum=-SMALL_MAX, maximum=SMALL_MAX
                    ),
                    mp=json_int(obj.get("mp", 0), at(path, "mp")),
                    reason=json_text(obj["reason"], at(path, "reason"), max_length=REASON_MAX),
                    **read_penalty_extras(obj, path),
                )
            )
        return tuple(penalties)


__all__ = ["Archive", "ArchiveError", "read_archive"]
