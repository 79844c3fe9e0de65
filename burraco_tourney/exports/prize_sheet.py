"""The workbook's prizes sheet: category, place, entrant, names, amount or object, in category
order then place (``tournaments.prize_rows``); none when the tournament has no prize list."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext

from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.prize_rows import award_rows
from burraco_tourney.tournaments.selectors.prizes import prize_allocation

from .xlsx_writer import Sheet


def prize_sheets(tournament: Tournament, heading: str) -> list[Sheet]:
    allocated = prize_allocation(tournament=tournament)
    if allocated is None:
        return []
    name = gettext("Prizes")
    header = [
        gettext("Category"),
        gettext("Place"),
        str(tournament.fmt.entrant_column),
        str(tournament.fmt.entrant_names_column),
        gettext("Amount (euro)"),
        gettext("Object"),
    ]
    rows = [
        (
            row["category"],
            row["place"],
            row["number"],
            row["names"],
            Decimal(row["amount"]) if row["amount"] else None,
            row["object"],
        )
        for row in award_rows(allocated)
    ]
    return [Sheet(name=name, caption=f"{heading} — {name}", header=header, rows=rows)]
