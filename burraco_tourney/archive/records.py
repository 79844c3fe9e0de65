"""The contents of a burraco-archive file as plain frozen values (ARCHIVE.md).

``reader.read_archive`` builds these from a file after checking every rule of the format, so a
value of these types is always a valid archive. They know nothing of the database: the import
service turns them into rows, the export builds the JSON straight from the rows.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any


class ArchiveError(ValueError):
    """A file that is not a valid archive: where (``path``) and why (``message``, translated).

    ``path`` points into the JSON like ``turni[2].tables[4].smazzate[1].ns.cards`` (indexes are
    0-based positions in the file's arrays); it is empty when the whole file is at fault.
    """

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


@dataclass(frozen=True)
class VpMp:
    """The worth of a riposo or of a forfeit win."""

    vp: int
    mp: int


@dataclass(frozen=True)
class KoSettings:
    """How a KO match is played: ``mode`` "smazzate" (``smazzate`` set) or "punti" (``target``)."""

    mode: str
    smazzate: int | None = None
    target: int | None = None


@dataclass(frozen=True)
class NumberDraw:
    """The recorded draw of the pair numbers: its seed and when it was made."""

    seed: str
    at: datetime.datetime


@dataclass(frozen=True)
class ArchiveTournament:
    name: str
    date: datetime.date
    venue: str
    kind: str
    ruleset: str
    semipulito: bool | None
    smazzate_per_turno: int | None
    # The archive form: a preset name, or a tuple of (max, winner VP, loser VP) bands.
    vp_table: str | tuple[tuple[int | None, int, int], ...] | None
    bye: VpMp | None
    forfeit: VpMp | None
    tiebreaks: tuple[str, ...] | None
    ko: KoSettings | None
    # Version 2 (None / empty: not given, the version 1 behaviour applies).
    planned_turni: int | None = None
    forfeit_loser_vp: int | None = None
    ko_third_place: bool | None = None
    ko_rounds: tuple[dict[str, Any], ...] = ()
    number_draw: NumberDraw | None = None
    # ``tournament.settings``: the rule options of ``docs/archive.md`` (keys of the ruleset).
    settings: tuple[tuple[str, Any], ...] = ()
    # ``tournament.settings``: the turno clock (None: not given, the site's default applies).
    turno_minutes: int | None = None
    last_smazzata_minutes: int | None = None
    # ``tournament.settings.late_pairs``: the pairs that joined after a published turno.
    late_pairs: tuple[LatePair, ...] = ()
    # ``tournament.players``: (enter, auto_accept); None when the file leaves it out.
    players: tuple[bool, bool] | None = None
    # ``tournament.settings``: the state of the room (``room_state.PARTS``: each turno's publish
    # time, closing and draw explanation, the lines' phone entries, the dismissed anomalies),
    # as (key, checked items) for each key the file gives.
    room: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    # ``tournament.settings.closed_turni`` / ``corrected_results`` (``archive.closing``):
    # (turno, closed at) and (turno, table, corrected at).
    closed_turni: tuple[tuple[int, Any], ...] = ()
    corrected_results: tuple[tuple[int, int, Any], ...] = ()
    # Version 3: ``tournament.prizes`` as the engine's ``PrizeList`` (None: no prize list).
    prizes: Any = None

    def ruleset_overrides(self) -> dict[str, Any]:
        """The options to pass to ``get_ruleset`` besides the name."""
        overrides = dict(self.settings)
        if self.semipulito is not None:
            overrides["semipulito"] = self.semipulito
        return overrides

    def vp_table_json(self) -> str | list[dict[str, Any]] | None:
        """The VP table as the archive (and the Tournament row) writes it."""
        if self.vp_table is None or isinstance(self.vp_table, str):
            return self.vp_table
        return [{"max": top, "vp": [winner, loser]} for top, winner, loser in self.vp_table]


@dataclass(frozen=True)
class LatePair:
    """A pair that joined late (``tournament.settings.late_pairs``): it plays from
    ``first_turno``; the turni before count as ``missed`` says ("bye", "none", or "value" with
    ``vp`` and ``mp``)."""

    pair: int
    first_turno: int
    missed: str
    vp: int | None = None
    mp: int | None = None


@dataclass(frozen=True)
class ArchivePerson:
    """Version 3: what a PERSON tells besides the printed name (``archive.persons``)."""

    card: str = ""
    sex: str = ""
    birth_year: int | None = None
    category: str = ""
    club: str = ""

    def details(self) -> dict[str, Any]:
        """What a new person of the registry takes from it (its club aside)."""
        return {"sex": self.sex, "birth_year": self.birth_year, "category": self.category}


@dataclass(frozen=True)
class ArchivePair:
    number: int
    players: tuple[str, str]
    club: str
    seed: int | None
    # Version 2: the last turno a withdrawn pair played (0: before turno 1) and why it left.
    withdrawn_after_turno: int | None = None
    withdrawn_reason: str = ""
    # Version 3: each player's PERSON, None where the file gives the name only.
    people: tuple[ArchivePerson | None, ArchivePerson | None] = (None, None)

    def entrant_fields(self) -> dict[str, Any]:
        """The ``Entrant`` this pair is stored as (its late arrival aside)."""
        player1, player2 = self.players
        return {"player1": player1, "player2": player2, "seed": self.seed, **_kept(self)}


@dataclass(frozen=True)
class ArchivePlayer:
    """A player of an individual tournament (ARCHIVE.md "Kind individual")."""

    number: int
    name: str
    club: str = ""
    withdrawn_after_turno: int | None = None
    withdrawn_reason: str = ""
    # Version 3: the player's PERSON, None when the file gives the name only.
    person: ArchivePerson | None = None

    @property
    def people(self) -> tuple[ArchivePerson | None]:
        return (self.person,)

    def entrant_fields(self) -> dict[str, Any]:
        """The ``Entrant`` this player is stored as."""
        return {"name": self.name, **_kept(self)}


def _kept(entrant: ArchivePair | ArchivePlayer) -> dict[str, Any]:
    """What every entrant keeps: its number, club and withdrawal."""
    return {
        "number": entrant.number,
        "club": entrant.club,
        "withdrawn": entrant.withdrawn_after_turno is not None,
        "withdrawn_after_turno": entrant.withdrawn_after_turno,
        "withdrawn_reason": entrant.withdrawn_reason,
    }


@dataclass(frozen=True)
class ArchiveLine:
    """One line's part of a smazzata, as on the scorecard."""

    cards: int
    pozzetto: bool
    chiusura: bool = False
    pulito: int = 0
    semipulito: int = 0
    sporco: int = 0
    nobile: int = 0
    reale: int = 0


@dataclass(frozen=True)
class ArchiveSmazzata:
    ns: ArchiveLine
    eo: ArchiveLine
    end: str
    last_move: str | None


@dataclass(frozen=True)
class ArchiveTable:
    """A table of a turno: exactly one of ``smazzate``, ``totals`` and ``forfeit`` is set.

    ``smazzate`` empty means the table has no result yet.
    """

    table: int
    # A pair's number, or in an individual tournament the two players' numbers.
    ns: int | tuple[int, int]
    eo: int | tuple[int, int]
    smazzate: tuple[ArchiveSmazzata, ...] | None = None
    totals: tuple[int, int] | None = None
    forfeit: str | None = None
    # Version 2: the last move of a tied KO match entered as totals.
    totals_last_move: str | None = None

    @property
    def entry_mode(self) -> str:
        """The Table.entry_mode this table is stored with ("" = no result yet)."""
        if self.totals is not None:
            return "totals"
        if self.forfeit is not None:
            return "forfeit"
        return "smazzate" if self.smazzate else ""


@dataclass(frozen=True)
class ArchiveTurno:
    number: int
    movement: str
    tables: tuple[ArchiveTable, ...]
    byes: tuple[int, ...]
    published: bool = True


@dataclass(frozen=True)
class ArchivePenalty:
    turno: int
    # The pair's number; the player's in an individual tournament (``penalties[].player``).
    pair: int
    vp: int
    mp: int
    reason: str
    # Version 2: who gave it (a name: the user may not exist on this site) and when.
    given_by: str = ""
    at: datetime.datetime | None = None


@dataclass(frozen=True)
class ArchiveLogEntry:
    """One entry of the change log (version 2 ``log``), kept as the file gives it."""

    at: datetime.datetime
    by: str
    action: str
    reason: str = ""
    detail: Any = None


@dataclass(frozen=True)
class Archive:
    """A whole valid archive. ``results`` of the file is not kept: it is recomputed."""

    tournament: ArchiveTournament
    pairs: tuple[ArchivePair, ...]
    turni: tuple[ArchiveTurno, ...]
    penalties: tuple[ArchivePenalty, ...]
    version: int = 1
    log: tuple[ArchiveLogEntry, ...] = ()
    # An individual tournament's players (``pairs`` is then empty).
    players: tuple[ArchivePlayer, ...] = ()

    @property
    def entrants(self) -> tuple[ArchivePair | ArchivePlayer, ...]:
        """What the standings rank: the pairs, or an individual tournament's players."""
        return self.pairs or self.players
