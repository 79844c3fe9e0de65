"""One small interface for every download, and one registry of them (after pretix's exporters).

An exporter reads (through selectors and tables) and renders one file; it never writes to the
database. Views look exporters up here by key, so a new printout is one class and one
``register`` call, and the downloads page lists whatever is registered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from django.utils.functional import Promise


@dataclass(frozen=True)
class ExportFile:
    filename: str
    content_type: str
    content: bytes


def download_name(tournament, *parts: object, ext: str) -> str:
    """A download's file name: the tournament's slug first, then what the file is
    ("torneo-x-posti-alfabetico-turno-1.pdf"), so that the files of two tournaments never take
    each other's name in the director's downloads folder."""
    return "-".join([tournament.slug, *(str(part) for part in parts if part)]) + f".{ext}"


class _OfferedBy:
    """``Exporter.kinds``: the kinds whose format offers the exporter, asked of the formats."""

    def __get__(self, instance, owner) -> tuple[str, ...]:
        from burraco_tourney.tournaments.formats import FORMATS

        return tuple(key for key, fmt in FORMATS.items() if owner.key in fmt.exporters)


class Exporter:
    """Base class. ``scope`` is "tournament" (one file per tournament) or "turno" (per turno)."""

    key: ClassVar[str]
    label: ClassVar[str | Promise]
    description: ClassVar[str | Promise] = ""
    scope: ClassVar[str] = "tournament"
    # Which kinds of tournament offer the export: those whose format lists its key
    # (``TournamentFormat.exporters``); read-only, for the downloads page and its tests.
    kinds = _OfferedBy()
    # Directors only (e.g. files with every score) or anyone who can see the public pages.
    public: ClassVar[bool] = True

    def __init__(self, *, table_links: Mapping[int, str] | None = None) -> None:
        """``table_links``: the players' address of each table (by table id), given only to a
        director's download of a turno whose players enter their tables: the printouts that
        have a place for it print it as a QR code."""
        self.table_links = dict(table_links or {})

    def render(self, *, tournament, turno=None, after_turno: int | None = None) -> ExportFile:
        raise NotImplementedError


EXPORTERS: dict[str, type[Exporter]] = {}


def register(exporter: type[Exporter]) -> type[Exporter]:
    if exporter.key in EXPORTERS:
        raise ValueError(f"exporter {exporter.key!r} registered twice")
    EXPORTERS[exporter.key] = exporter
    return exporter


def exporters_for(*, scope: str, kind: str) -> list[type[Exporter]]:
    """The exporters of ``scope`` a kind's format offers, in the order they were registered."""
    from burraco_tourney.tournaments.formats import format_of

    offered = format_of(kind).exporters
    return [e for e in EXPORTERS.values() if e.scope == scope and e.key in offered]
