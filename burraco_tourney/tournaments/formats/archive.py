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

from typing import Any


class PairsArchive:
    """A pairs tournament: pairs, turni, standings in ``results`` (ARCHIVE.md)."""

    # The tournament fields a file of this kind must give (the reader refuses one without).
    required_fields: tuple[str, ...] = ("smazzate_per_turno", "vp_table")

    def export(self, tournament: Any, ruleset: Any) -> dict[str, Any]:
        """The whole tournament as an archive."""
        from burraco_tourney.archive.export import entrants_export
        from burraco_tourney.archive.prizes import with_prizes

        return with_prizes(entrants_export(tournament, ruleset), tournament)

    def results(self, tournament: Any, turni: list, numbers: dict[int, int]) -> dict[str, Any]:
        """The computed ``results`` beside the turni: the standings."""
        from burraco_tourney.archive.export import standings_results

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

    def ko_settings(self, ko: Any) -> Any:
        """The KO match settings the table reader scores with (None: no KO matches)."""
        return None

    def planned_turni(self, finished: int | None) -> int | None:
        """The planned turni of a version 1 file (which does not hold them): the turni of a
        finished tournament (``finished``), else None."""
        return finished

    def after_import(self, tournament: Any, archive: Any) -> None:
        """What an import does once the tournament is written."""


PAIRS_ARCHIVE = PairsArchive()
