"""The same player in two pairs: a warning on a pasted or imported list, never a refusal.

Two names are the same player's when they match with accents, capitals, apostrophes and spaces
aside ("Nicolò D'Amico" and "nicolo d’amico"). Namesakes exist, so the director may accept the
warning and save the list as it is. Never writes to the database.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Protocol

from django.utils.translation import gettext as _

APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'"})


class PlayerRow(Protocol):
    line: int
    errors: list[str]
    player1: str
    player2: str
    warnings: list[str]


def name_key(name: str) -> str:
    """A player's name as compared: no accents, no capitals, one space between words."""
    decomposed = unicodedata.normalize("NFKD", name.translate(APOSTROPHES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def flag_repeated_players(
    rows: Iterable[PlayerRow], *, registered: Mapping[int, tuple[str, str]]
) -> None:
    """Add a warning to each row with a player already in a registered pair, in an earlier row
    of the list, or twice in the row itself. ``registered`` maps pair numbers to players. A row
    with errors gets none: it must be corrected anyway, and says why."""
    known: dict[str, int] = {}
    for number, players in sorted(registered.items()):
        for name in players:
            known.setdefault(name_key(name), number)
    earlier: dict[str, int] = {}
    for row in rows:
        keys = [name_key(n) for n in (row.player1, row.player2) if n.strip()]
        if row.errors:
            for key in keys:
                earlier.setdefault(key, row.line)
            continue
        if len(keys) == 2 and keys[0] == keys[1]:
            row.warnings.append(
                _("Both players are called %(name)s: a namesake, or a typing slip?")
                % {"name": row.player1}
            )
        for name, key in zip((row.player1, row.player2), keys, strict=False):
            if key in known:
                row.warnings.append(
                    _(
                        "%(name)s already plays in pair %(number)s: the same player in two "
                        "pairs, or a namesake?"
                    )
                    % {"name": name, "number": known[key]}
                )
            elif key in earlier:
                row.warnings.append(
                    _(
                        "%(name)s is also on line %(line)s: the same player in two pairs, or "
                        "a namesake?"
                    )
                    % {"name": name, "line": earlier[key]}
                )
        for key in keys:
            earlier.setdefault(key, row.line)
