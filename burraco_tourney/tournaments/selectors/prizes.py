"""A tournament's prize list read for the engine, and its allocation (RULES.md §13).

``prize_rules`` turns the stored list into the engine's ``PrizeList``; ``prize_allocation``
gives it to the standings: the overall ranking with its tie groups, each entrant's people from
the registry (``Member`` links: sex, birth year, category), its own club and its girone. Girone
categories rank by the girone's own standings (``gironi.girone_standings``); a tournament without
gironi has nobody to give them to (and says so in its warnings).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from burraco_tourney.rules import prizes as engine

from ..models import Entrant, PrizeList, Tournament
from .gironi import girone_standings_or_missing
from .people import people_of_entrants
from .standings import Standing, standings_choice, standings_or_missing


def cents(value: Decimal | None) -> int | None:
    return None if value is None else int((value * 100).to_integral_value())


def prize_rules(prize_list: PrizeList) -> engine.PrizeList:
    """The stored list as the engine's plain data, categories and places in order."""
    fund = None
    if prize_list.fund_fee is not None and prize_list.fund_percent is not None:
        fund = engine.Fund(
            cents(prize_list.fund_fee),
            prize_list.fund_percent,
            cents(prize_list.fund_minimum),
            prize_list.fund_round,
        )
    categories = tuple(
        engine.Category(
            c.name,
            tuple(
                engine.Place(p.place, cents(p.amount), p.percent, p.object or None)
                for p in c.places.all()
            ),
            dict(c.eligible),
        )
        for c in prize_list.categories.prefetch_related("places")
    )
    return engine.PrizeList(categories, prize_list.cumulative, fund)


def entrant_facts(entrants: list[Entrant]) -> list[engine.Entrant]:
    people = people_of_entrants(entrants)
    return [
        engine.Entrant(
            e.number,
            tuple(
                engine.Person(p.sex or None, p.birth_year, p.category or None)
                for p in people.get(e.pk, [])
            ),
            e.club,
            e.girone or None,
            e.withdrawn,
        )
        for e in entrants
    ]


@dataclass(frozen=True)
class PrizeAllocation:
    prizes: engine.PrizeList
    allocation: engine.Allocation
    entrants: dict[int, Entrant]
    rows: list[Standing]
    provisional: bool
    refusal: str = ""
    # The kind's words (``fmt.words``): the warnings name a pair, a player or a team.
    words: Any = None

    def category_name(self, index: int) -> str:
        return self.prizes.categories[index].name


def prize_list_of(tournament: Tournament) -> PrizeList | None:
    """The tournament's prize list (read with it when ``select_related("prize_list")``)."""
    try:
        return tournament.prize_list
    except PrizeList.DoesNotExist:
        return None


def prize_allocation(*, tournament: Tournament) -> PrizeAllocation | None:
    """The prizes as the standings give them now (None: no prize list)."""
    stored = prize_list_of(tournament)
    if stored is None:
        return None
    prizes = prize_rules(stored)
    rows, error = standings_or_missing(tournament=tournament)
    entrants = list(tournament.entrants.order_by("number"))
    facts = entrant_facts(entrants)
    overall = [(r.row.pair, r.row.rank) for r in rows]
    allocation = engine.allocate(
        prizes,
        entrants=facts,
        overall=overall,
        gironi={
            g.name: [(s.row.pair, s.row.rank) for s in g.rows]
            for g in girone_standings_or_missing(tournament=tournament)
        },
        year=tournament.date.year,
        entrant_count=len(entrants),
    )
    choice = standings_choice(tournament=tournament)
    return PrizeAllocation(
        prizes,
        allocation,
        {e.number: e for e in entrants},
        rows,
        provisional=not choice.final(None),
        refusal=str(error) if error else "",
        words=tournament.fmt.words,
    )
