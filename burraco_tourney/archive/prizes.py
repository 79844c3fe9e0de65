"""The archive's prizes (ARCHIVE.md "Version 3" → "Prizes"): ``tournament.prizes`` read and
written, and ``results.prizes`` written from the engine's allocation.

Amounts are strings with two decimals (``"80.00"``); the engine counts cents. The reader checks
the shape here and the rules (Σ percent, a percent without a fund, mixed for individuals, no
prizes in a knock-out) through the tournament kind's ``check_prizes``, so the editor and the
file refuse the same lists.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.rules import prizes as engine
from burraco_tourney.tournaments.forms.prizes import prize_error_message

from .checks import (
    SMALL_MAX,
    at,
    json_bool,
    json_choice,
    json_int,
    json_list,
    json_object,
    json_text,
    shown,
)
from .records import ArchiveError

_AMOUNT = re.compile(r"^\d{1,7}\.\d{2}$")
PATH = "tournament.prizes"
NAME_MAX = 120


def read_amount(value: Any, path: str) -> int:
    if not isinstance(value, str) or not _AMOUNT.match(value):
        raise ArchiveError(
            path,
            _('must be an amount written with two decimals, like "80.00", not %(value)s')
            % {"value": shown(value)},
        )
    euros, cents = value.split(".")
    return int(euros) * 100 + int(cents)


def amount_text(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def _eligible(raw: Any, path: str) -> dict[str, Any]:
    obj = json_object(raw, path, (), engine.ELIGIBLE_KEYS)
    eligible: dict[str, Any] = {}
    for key in engine.ELIGIBLE_KEYS:
        if key not in obj:
            continue
        where = at(path, key)
        if key == "sex":
            eligible[key] = json_choice(obj[key], where, ("F", "M", "mixed"))
        elif key == "over":
            eligible[key] = json_int(obj[key], where, minimum=0, maximum=150)
        elif key == "last":
            if json_bool(obj[key], where) is not True:
                raise ArchiveError(where, _("must be true, or left out"))
            eligible[key] = True
        else:
            eligible[key] = json_text(obj[key], where, max_length=NAME_MAX)
    return eligible


def _place(raw: Any, path: str, number: int) -> engine.Place:
    obj = json_object(raw, path, ("place",), ("amount", "percent", "object"))
    place = json_int(obj["place"], at(path, "place"), minimum=1, maximum=SMALL_MAX)
    if place != number:
        raise ArchiveError(
            at(path, "place"), _("must be %(number)s: places run 1..n") % {"number": number}
        )
    given = [key for key in ("amount", "percent", "object") if key in obj]
    if len(given) != 1:
        raise ArchiveError(path, _("a place has one of amount, percent or object"))
    if "amount" in obj:
        return engine.Place(place, amount=read_amount(obj["amount"], at(path, "amount")))
    if "percent" in obj:
        return engine.Place(
            place, percent=json_int(obj["percent"], at(path, "percent"), minimum=0, maximum=100)
        )
    return engine.Place(
        place, object=json_text(obj["object"], at(path, "object"), max_length=NAME_MAX)
    )


def read_prizes(raw: Any, fmt) -> engine.PrizeList:
    """``tournament.prizes`` of a version 3 file, checked by the kind's rules."""
    obj = json_object(raw, PATH, ("categories",), ("cumulative", "fund"))
    cumulative = (
        json_bool(obj["cumulative"], at(PATH, "cumulative")) if "cumulative" in obj else False
    )
    fund = None
    if "fund" in obj:
        where = at(PATH, "fund")
        f = json_object(obj["fund"], where, ("fee", "percent"), ("minimum", "round"))
        fund = engine.Fund(
            read_amount(f["fee"], at(where, "fee")),
            json_int(f["percent"], at(where, "percent"), minimum=0, maximum=100),
            read_amount(f["minimum"], at(where, "minimum")) if "minimum" in f else None,
            json_choice(f.get("round", "euro"), at(where, "round"), ("euro", "cent")),
        )
    categories = []
    for ci, item in enumerate(json_list(obj["categories"], at(PATH, "categories"))):
        where = at(at(PATH, "categories"), ci)
        c = json_object(item, where, ("name", "places"), ("eligible",))
        eligible = _eligible(c["eligible"], at(where, "eligible")) if "eligible" in c else {}
        places = tuple(
            _place(p, at(at(where, "places"), pi), pi + 1)
            for pi, p in enumerate(json_list(c["places"], at(where, "places")))
        )
        name = json_text(c["name"], at(where, "name"), max_length=NAME_MAX)
        categories.append(engine.Category(name, places, eligible))
    prizes = engine.PrizeList(tuple(categories), cumulative, fund)
    try:
        fmt.check_prizes(prizes)
    except engine.PrizeError as error:
        where = at(PATH, error.where) if error.where else PATH
        raise ArchiveError(where, prize_error_message(error)) from None
    return prizes


def prizes_json(prizes: engine.PrizeList) -> dict[str, Any]:
    """``tournament.prizes`` as the export writes it (keys in the contract's order)."""
    data: dict[str, Any] = {"cumulative": prizes.cumulative}
    if prizes.fund is not None:
        fund: dict[str, Any] = {"fee": amount_text(prizes.fund.fee), "percent": prizes.fund.percent}
        if prizes.fund.minimum is not None:
            fund["minimum"] = amount_text(prizes.fund.minimum)
        fund["round"] = prizes.fund.round
        data["fund"] = fund
    data["categories"] = []
    for cat in prizes.categories:
        item: dict[str, Any] = {"name": cat.name}
        if cat.eligible:
            item["eligible"] = {
                k: cat.eligible[k] for k in engine.ELIGIBLE_KEYS if k in cat.eligible
            }
        item["places"] = [_place_json(p) for p in cat.places]
        data["categories"].append(item)
    return data


def _place_json(place: engine.Place) -> dict[str, Any]:
    if place.amount is not None:
        return {"place": place.place, "amount": amount_text(place.amount)}
    if place.percent is not None:
        return {"place": place.place, "percent": place.percent}
    return {"place": place.place, "object": place.object}


def results_prizes(allocation: engine.Allocation, prizes: engine.PrizeList, key: str) -> list:
    """``results.prizes``: category order then place, one row per entrant given a place."""
    rows = []
    for award in allocation.awards:
        row: dict[str, Any] = {
            "category": prizes.categories[award.category].name,
            "place": award.place,
            key: award.entrant,
        }
        if award.amount is not None:
            row["amount"] = amount_text(award.amount)
        else:
            row["object"] = award.object
        rows.append(row)
    return rows


def with_prizes(archive: dict[str, Any], tournament) -> dict[str, Any]:
    """The exported ``archive`` with ``tournament.prizes`` and ``results.prizes`` when the
    tournament has a prize list."""
    from burraco_tourney.tournaments.selectors.prizes import prize_allocation

    allocated = prize_allocation(tournament=tournament)
    if allocated is None:
        return archive
    archive["tournament"]["prizes"] = prizes_json(allocated.prizes)
    key = tournament.fmt.entrant_key
    archive["results"]["prizes"] = results_prizes(allocated.allocation, allocated.prizes, key)
    return archive
