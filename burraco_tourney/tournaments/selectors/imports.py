"""What an archive import leaves behind, for the pages that must tell imported things apart.

The archive format keeps neither the tournament's history nor who gave a penalty and when. The
import writes one change-log entry (action ``tournament_import``) after every row it creates, in
the same transaction: that entry says the tournament is an imported one, and its time tells the
rows that came from the file from those added later. Read only: never writes.
"""

from __future__ import annotations

from django.db.models import (
    BooleanField,
    Case,
    DateTimeField,
    Exists,
    ExpressionWrapper,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.utils.translation import gettext as _

from ..models import AuditEntry, Penalty, Tournament

IMPORT_ACTION = "tournament_import"


def _import_entries() -> QuerySet[AuditEntry]:
    # The import of this site, not one that came with the file's own change log.
    return AuditEntry.objects.filter(action=IMPORT_ACTION, imported=False)


def with_import_mark(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """``imported_at`` on an imported tournament whose name an older tournament already had
    (a copy next to its original), so a list can tell the two apart; None on every other one,
    the original included."""
    # Rows are numbered as they are created: a smaller pk is an older tournament.
    older = Tournament.objects.filter(name__iexact=OuterRef("name"), pk__lt=OuterRef("pk"))
    imported = _import_entries().filter(tournament=OuterRef("pk")).order_by("at").values("at")
    return tournaments.annotate(
        imported_at=Case(
            When(Exists(older), then=Subquery(imported[:1])),
            default=Value(None),
            output_field=DateTimeField(),
        )
    )


def namesake(*, tournament: Tournament) -> Tournament | None:
    """The oldest tournament created before ``tournament`` with the same name (capitals
    aside), when there is one: ``tournament`` is then marked as a copy in the lists."""
    return (
        Tournament.objects.filter(name__iexact=tournament.name, pk__lt=tournament.pk)
        .order_by("pk")
        .first()
    )


def import_copy_notice(*, tournament: Tournament) -> str | None:
    """What to tell whoever just imported ``tournament`` when another tournament has its name
    (the file was exported from this very site, most often): the lists mark the copy."""
    if namesake(tournament=tournament) is None:
        return None
    return _(
        "A tournament named “%(name)s” already exists: this one is a separate copy, marked in "
        "the lists with the date of this import."
    ) % {"name": tournament.name}


def with_import_origin(penalties: QuerySet[Penalty]) -> QuerySet[Penalty]:
    """``imported`` on each penalty: True when it came from an archive file that did not say
    who gave it and when (a version 1 file: the row was saved before its tournament's import
    entry, with no author)."""
    entry = _import_entries().filter(
        tournament=OuterRef("turno__tournament"), at__gte=OuterRef("created_at")
    )
    unknown = Q(Exists(entry), created_by__isnull=True, given_by_name="")
    return penalties.annotate(imported=ExpressionWrapper(unknown, output_field=BooleanField()))
