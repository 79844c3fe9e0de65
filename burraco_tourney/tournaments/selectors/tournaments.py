"""Reads for the tournament pages: lists, turni with their tables, progress."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from ..models import Entrant, Table, Tournament, Turno
from .imports import with_import_mark


def tournament_list() -> QuerySet[Tournament]:
    return with_import_mark(
        Tournament.objects.annotate(
            entrant_count=Count("entrants", distinct=True),
            turno_count=Count("turni", filter=Q(turni__published=True), distinct=True),
        ).order_by("-date", "name")
    )


def tournament_get(*, slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


@dataclass(frozen=True)
class TurnoSummary:
    turno: Turno
    tables: int
    with_result: int

    @property
    def complete(self) -> bool:
        return self.tables > 0 and self.with_result == self.tables

    @property
    def missing(self) -> int:
        return self.tables - self.with_result


def turno_summaries(*, tournament: Tournament, include_drafts: bool = False) -> list[TurnoSummary]:
    """The turni with their progress; drafts (seen by the director only) when asked for."""
    turni = tournament.turni.all() if include_drafts else tournament.turni.filter(published=True)
    # An aggregate drops the model's ordering (GROUP BY): say it, or PostgreSQL returns the
    # turni in any order and "the first turno still being played" is another one.
    turni = turni.annotate(
        table_count=Count("tables"),
        result_count=Count("tables", filter=~Q(tables__entry_mode="")),
    ).order_by("number")
    return [TurnoSummary(turno=t, tables=t.table_count, with_result=t.result_count) for t in turni]


def open_last_turno(summaries: list[TurnoSummary]) -> TurnoSummary | None:
    """The last of ``summaries`` when it is published and not closed: the draw page offers to
    close it before drawing the next turno."""
    last = summaries[-1] if summaries else None
    if last is None or not last.turno.published or last.turno.closed_at is not None:
        return None
    return last


def turno_get(*, tournament: Tournament, number: int, include_drafts: bool = False) -> Turno:
    """A turno by number; a draft is not found unless ``include_drafts`` (director pages)."""
    turni = Turno.objects.filter(tournament=tournament)
    if not include_drafts:
        turni = turni.filter(published=True)
    return get_object_or_404(turni, number=number)


def turno_tables(*, turno: Turno) -> QuerySet[Table]:
    return turno.tables.select_related("ns", "eo", "match").prefetch_related("smazzate")


def turno_byes(*, turno: Turno) -> list[Entrant]:
    """Who rests in ``turno``: its pairs, or an individual tournament's players (both show a
    ``number`` and their ``players``)."""
    byes = turno.byes.select_related("entrant").order_by("entrant__number")
    return [bye.entrant for bye in byes]


def pair_list(*, tournament: Tournament) -> QuerySet[Entrant]:
    return tournament.entrants.all()


def turni_in_play(*, limit: int) -> list[Turno]:
    """The turni being played now, one per tournament (its last published one, not closed),
    those of the most recently created tournaments first: the rooms a server may be serving."""
    turni = (
        Turno.objects.filter(published=True, closed_at__isnull=True)
        .select_related("tournament")
        .order_by("-tournament__date", "-tournament__created_at", "-number")
    )
    found: dict[int, Turno] = {}
    for turno in turni[: limit * 4]:
        found.setdefault(turno.tournament_id, turno)
    return list(found.values())[:limit]
