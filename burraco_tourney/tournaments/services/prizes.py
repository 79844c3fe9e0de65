"""Writing a tournament's prize list: the whole list at once, in one transaction.

The editor and the archive both hand over the engine's plain ``PrizeList``; the tournament's
format checks it first (ARCHIVE.md "Prizes": its errors), so a refused list writes nothing.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction

from burraco_tourney.rules import prizes as engine

from ..audit_text import tournament_subject
from ..models import PrizeCategory, PrizeList, PrizePlace, Tournament
from .audit import audit_record
from .locks import tournament_lock


def _euro(cents: int | None) -> Decimal | None:
    return None if cents is None else Decimal(cents) / 100


PRIZES_SAVE = "prizes_save"


def prize_list_save(
    *, tournament: Tournament, prizes: engine.PrizeList, user=None, record: bool = True
) -> PrizeList:
    """Replace the tournament's prize list (raises the engine's ``PrizeError``, writing
    nothing, when the list breaks a rule). ``record``: the change log says who changed it (an
    archive's import writes the list as part of the tournament, without an entry)."""
    tournament.fmt.check_prizes(prizes)
    with transaction.atomic():
        tournament_lock(tournament)
        fund = prizes.fund
        stored, _ = PrizeList.objects.update_or_create(
            tournament=tournament,
            defaults={
                "cumulative": prizes.cumulative,
                "fund_fee": _euro(fund.fee) if fund else None,
                "fund_percent": fund.percent if fund else None,
                "fund_minimum": _euro(fund.minimum) if fund else None,
                "fund_round": fund.round if fund else "euro",
            },
        )
        stored.categories.all().delete()
        for order, category in enumerate(prizes.categories, start=1):
            row = PrizeCategory.objects.create(
                prize_list=stored, order=order, name=category.name, eligible=dict(category.eligible)
            )
            PrizePlace.objects.bulk_create(
                PrizePlace(
                    category=row,
                    place=p.place,
                    amount=_euro(p.amount),
                    percent=p.percent,
                    object=p.object or "",
                )
                for p in category.places
            )
        if record:
            audit_record(
                tournament=tournament,
                user=user,
                action=PRIZES_SAVE,
                subject=tournament_subject(tournament),
                after=[category.name for category in prizes.categories],
            )
    return stored
