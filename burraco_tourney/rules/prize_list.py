"""A prize list (RULES.md §13, ARCHIVE.md "Prizes"): its plain data and the errors it can hold.

``prizes`` gives such a list to the ranked entrants. Money is whole cents (``int``). Pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from burraco_tourney.rules.errors import RuleViolation

ELIGIBLE_KEYS = ("sex", "club", "category", "over", "girone", "last")
SEXES = ("F", "M", "mixed")
ROUNDS = ("euro", "cent")


class PrizeError(RuleViolation):
    """A prize list the rules refuse; ``code`` names the case, ``where`` the place in the list."""

    def __init__(self, code: str, message: str, where: str = "") -> None:
        super().__init__(code, message, where=where)
        self.where = where


@dataclass(frozen=True)
class Place:
    place: int
    amount: int | None = None  # cents
    percent: int | None = None
    object: str | None = None


@dataclass(frozen=True)
class Category:
    name: str
    places: tuple[Place, ...]
    eligible: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Fund:
    fee: int  # cents
    percent: int
    minimum: int | None = None  # cents
    round: str = "euro"


@dataclass(frozen=True)
class PrizeList:
    categories: tuple[Category, ...]
    cumulative: bool = False
    fund: Fund | None = None


@dataclass(frozen=True)
class Person:
    sex: str | None = None
    birth_year: int | None = None
    category: str | None = None


@dataclass(frozen=True)
class Entrant:
    """What eligibility reads of an entrant: its people, its own club, its girone."""

    number: int
    people: tuple[Person, ...]
    club: str = ""
    girone: str | None = None
    withdrawn: bool = False


def check_prize_list(prizes: PrizeList, *, individual: bool = False) -> None:
    """Raise ``PrizeError`` for a list ARCHIVE.md calls an error."""
    total_percent = 0
    for ci, cat in enumerate(prizes.categories):
        where = f"categories[{ci}]"
        if not cat.name.strip():
            raise PrizeError("category_name", "a category needs a name", where)
        for key, value in cat.eligible.items():
            if key not in ELIGIBLE_KEYS:
                raise PrizeError("eligible_key", f"unknown eligibility key {key!r}", where)
            if key == "sex" and value not in SEXES:
                raise PrizeError("eligible_sex", f"sex must be F, M or mixed, not {value!r}", where)
            if key == "sex" and value == "mixed" and individual:
                raise PrizeError("mixed_individual", "a mixed category needs pairs", where)
            if key == "over" and (
                not isinstance(value, int) or isinstance(value, bool) or value < 0
            ):
                raise PrizeError("eligible_over", "over needs a number of years", where)
            if key == "last" and value is not True:
                raise PrizeError("eligible_last", "last must be true", where)
            if key in ("club", "category", "girone") and (not isinstance(value, str) or not value):
                raise PrizeError("eligible_text", f"{key} needs a name", where)
        for pi, place in enumerate(cat.places):
            pwhere = f"{where}.places[{pi}]"
            if place.place != pi + 1:
                raise PrizeError("place_order", "places must run 1..n", pwhere)
            given = [v is not None for v in (place.amount, place.percent, place.object)]
            if sum(given) != 1:
                raise PrizeError("place_value", "a place has one amount, percent or object", pwhere)
            if place.amount is not None and place.amount < 0:
                raise PrizeError("place_amount", "an amount cannot be negative", pwhere)
            if place.object is not None and not place.object.strip():
                raise PrizeError("place_object", "an object needs a name", pwhere)
            if place.percent is not None:
                if prizes.fund is None:
                    raise PrizeError("percent_without_fund", "a percent place needs a fund", pwhere)
                if place.percent < 0:
                    raise PrizeError("place_percent", "a percent cannot be negative", pwhere)
                total_percent += place.percent
    if total_percent > 100:
        raise PrizeError("percent_over_100", f"the places' percents add up to {total_percent}")
    fund = prizes.fund
    if fund is not None:
        if fund.round not in ROUNDS:
            raise PrizeError("fund_round", "round must be euro or cent", "fund")
        if fund.fee < 0 or fund.percent < 0 or (fund.minimum or 0) < 0:
            raise PrizeError("fund_negative", "the fund's figures cannot be negative", "fund")
