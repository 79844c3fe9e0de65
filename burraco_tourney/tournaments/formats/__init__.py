"""The registry of tournament formats: one object per kind of tournament (see ``base.py`` for
what a format answers and hands out). A kind is a package here (``pairs/``, ``ko/``,
``individual/``) plus one ``register()`` line; the shared modules (``scoring``, ``draw``,
``entrants``, ``standings``, ``archive``) hold the pairs' behaviour the other kinds extend."""

from __future__ import annotations

from typing import Any

from .base import TournamentFormat
from .individual import IndividualFormat
from .ko import KoFormat
from .pairs import PairsFormat
from .teams import TeamsFormat

FORMATS: dict[str, TournamentFormat] = {}


def register(fmt: TournamentFormat | type[TournamentFormat]) -> TournamentFormat:
    """Add a format (a class or an instance) under its ``key``; returns the instance."""
    instance = fmt() if isinstance(fmt, type) else fmt
    if not instance.key:
        raise ValueError("a tournament format needs a key")
    FORMATS[instance.key] = instance
    return instance


def format_of(tournament_or_kind: Any) -> TournamentFormat:
    """The format of a tournament (anything with a ``kind``) or of a kind string. Raises
    ``LookupError`` for a kind no format serves."""
    kind = getattr(tournament_or_kind, "kind", tournament_or_kind)
    try:
        return FORMATS[str(kind)]
    except KeyError:
        raise LookupError(f"no tournament format for kind {kind!r}") from None


def format_for_choice(kind: Any) -> TournamentFormat:
    """The format of a kind a form shows or was posted (blank or unknown: the pairs format, the
    form's default; the form's own validation refuses an unknown kind)."""
    return FORMATS.get(str(kind), FORMATS["pairs"])


def kinds_where(**answers: Any) -> list[str]:
    """The kinds whose format gives all ``answers`` (``kinds_where(feeds_knockout=True)``), for
    a database filter on ``Tournament.kind``."""
    return [
        key
        for key, fmt in FORMATS.items()
        if all(getattr(fmt, name) == value for name, value in answers.items())
    ]


register(PairsFormat)
register(KoFormat)
register(IndividualFormat)
register(TeamsFormat)

__all__ = [
    "FORMATS",
    "IndividualFormat",
    "KoFormat",
    "PairsFormat",
    "TeamsFormat",
    "TournamentFormat",
    "format_for_choice",
    "format_of",
    "kinds_where",
    "register",
]
