"""A kind's section of the archive (``../shared/ARCHIVE.md``), handed out by its format
(``tournament.fmt.archive``): its writer (the whole tournament as JSON, and the computed
``results``) and its reader's part (the file's entrants and who sits in a line, which
tournament fields the file must give, what an import does after writing). Each answer
dispatches to the archive's own code (``burraco_tourney/archive``), which stays where it is.

The pairs' section is here; each other kind's is in its package (``ko/``, ``individual/``).
The archive app imports the formats, never the other way round at import time: the writers and
readers are imported when called.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy


@dataclass(frozen=True)
class EntrantFaults:
    """What the reader says of a file's entrant in the kind's words: a number listed twice
    (``number``, ``index``), a number not in the list, an entrant seated twice in a turno
    (``where``), a withdrawn entrant seated later (``after``, ``turno``); the entrant's number is
    given under ``pair``, ``player`` and ``team``."""

    listed_twice: Any
    unknown: Any
    seated_twice: Any
    withdrawn_then_seated: Any


PAIR_FAULTS = EntrantFaults(
    listed_twice=gettext_lazy("pair %(number)s is already listed at pairs[%(index)s]"),
    unknown=gettext_lazy("there is no pair %(pair)s in pairs"),
    seated_twice=gettext_lazy("pair %(pair)s appears twice in this turno (it already %(where)s)"),
    withdrawn_then_seated=gettext_lazy(
        "pair %(pair)s withdrew after turno %(after)s but is seated in turno %(turno)s"
    ),
)


class PairsArchive:
    """A pairs tournament: pairs, turni, standings in ``results`` (ARCHIVE.md)."""

    # The tournament fields a file of this kind must give (the reader refuses one without).
    required_fields: tuple[str, ...] = ("smazzate_per_turno", "vp_table")
    # The first archive version that holds this kind; the tournament keys only this kind has.
    min_version: int = 1
    tournament_keys: tuple[str, ...] = ()
    # What a turno lists: its tables (a team turno: its matches, each of two tables).
    turno_key: str = "tables"
    # The reader's faults about an entrant, in this kind's words.
    faults: EntrantFaults = PAIR_FAULTS

    def export(self, tournament: Any, ruleset: Any) -> dict[str, Any]:
        """The whole tournament as an archive."""
        from burraco_tourney.archive.export import entrants_export
        from burraco_tourney.archive.prizes import with_prizes

        return with_prizes(entrants_export(tournament, ruleset), tournament)

    def tournament_json(self, tournament: Any) -> dict[str, Any]:
        """The tournament keys only this kind writes (after ``vp_table``)."""
        return {}

    def entrant_json(self, entrant: Any, turni: list) -> dict[str, Any]:
        """One entrant as the file writes it."""
        from burraco_tourney.archive.export import pair_json

        return pair_json(entrant, turni)

    def turno_items(self, turno: Any, numbers: dict[int, int], ruleset: Any) -> list[Any]:
        """A turno's ``turno_key`` list as the file writes it: its tables."""
        from burraco_tourney.archive.export import table_json

        return [table_json(table, numbers, ruleset) for table in turno.tables.all()]

    def results(self, tournament: Any, turni: list, numbers: dict[int, int]) -> dict[str, Any]:
        """The computed ``results`` beside the turni: the standings."""
        from burraco_tourney.archive.standings_json import standings_results

        return {"standings": standings_results(tournament)}

    # The file's list of entrants, and how many of them sit in one line of a table (one pair:
    # its number; more: a list of their numbers). The one reader reads every kind with these
    # (``archive/reader_entrants.py``).
    entrants_key: str = "pairs"
    line_seats: int = 1

    def read_entrant(
        self, item: Any, path: str, v2_keys: tuple[str, ...], number: Any, people: Any
    ) -> Any:
        """One entrant of the file (``number(obj, path)`` reads its number, listed once)."""
        from burraco_tourney.archive.reader_entrants import read_pair

        return read_pair(item, path, v2_keys, number, people)

    def read_tournament(self, obj: Any, path: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """This kind's own tournament keys: the ``ArchiveTournament`` fields and the
        ``build_rules`` options they give."""
        return {}, {}

    def given_values(self, obj: Any, bye: Any, forfeit: Any) -> tuple[Any, Any]:
        """The riposo and forfeit values (``VpMp`` or None) a file's byes and forfeits may use:
        the rules' (the file's, or the defaults)."""
        return bye, forfeit

    def match_vp_total(self, rules: Any) -> int:
        """The VP a whole match shares (a riposo or forfeit value is checked against it)."""
        return rules.vp.total

    def read_turno(
        self, raw: Any, path: str, *, reader: Any, seated: dict[int, str], turno: int
    ) -> dict[str, Any]:
        """A turno's ``turno_key`` list, as the ``ArchiveTurno`` fields it gives."""
        tables = reader.table_reader.read_turno(raw, path, reader._seat, seated, turno=turno)
        return {"tables": tables}

    def planned_turni(self, finished: int | None) -> int | None:
        """The planned turni of a version 1 file (which does not hold them): the turni of a
        finished tournament (``finished``), else None."""
        return finished

    def after_import(self, tournament: Any, archive: Any) -> None:
        """What an import does once the tournament is written."""


PAIRS_ARCHIVE = PairsArchive()
