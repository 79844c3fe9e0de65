"""The individual tournament's archive section (ARCHIVE.md "Kind individual"): the file lists
``players`` in place of ``pairs``, and a table's ``ns`` and ``eo`` are lists of the two players
sitting in the line. Everything else is read and written as for pairs."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from ..archive import EntrantFaults, PairsArchive

PLAYER_FAULTS = EntrantFaults(
    listed_twice=gettext_lazy("player %(number)s is already listed at players[%(index)s]"),
    unknown=gettext_lazy("there is no player %(player)s in players"),
    seated_twice=gettext_lazy(
        "player %(player)s appears twice in this turno (he already %(where)s)"
    ),
    withdrawn_then_seated=gettext_lazy(
        "player %(player)s withdrew after turno %(after)s but plays in turno %(turno)s"
    ),
)


class IndividualArchive(PairsArchive):
    """Players, two to a line."""

    entrants_key = "players"
    line_seats = 2
    faults = PLAYER_FAULTS

    def read_entrant(
        self, item: Any, path: str, v2_keys: tuple[str, ...], number: Any, people: Any
    ) -> Any:
        from burraco_tourney.archive.reader_entrants import read_player

        return read_player(item, path, v2_keys, number, people)

    def entrant_json(self, entrant: Any, turni: list) -> dict[str, Any]:
        from burraco_tourney.archive.export import player_json

        return player_json(entrant, turni)


INDIVIDUAL_ARCHIVE = IndividualArchive()
