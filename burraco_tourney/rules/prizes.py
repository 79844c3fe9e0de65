"""Prizes (premi): the fund, the places' money, the allocation and its explanation.

RULES.md §13 and ARCHIVE.md "Version 3" → "Prizes", to the letter. Money is counted in whole
cents (``int``) throughout; the archive layer writes it as ``"80.00"``.

- **Fund**: fee × entrants (withdrawn included) × percent / 100, at least the minimum, rounded
  down to the unit (the euro, or the cent).
- **Percent places**: each gets fund × percent / 100 rounded down to the unit; the units still
  missing to fund × Σ percent / 100 (rounded down) go one each by the largest remainder (a tie:
  the earlier category, then the lower place). They then count as money.
- **Allocation, non cumulabili**: every (category, place) is a prize; money first, from the
  highest amount down (equal amounts: the categories' order, then the place), then objects in
  the categories' order and place. Each prize goes to the best-ranked eligible entrant holding
  no prize yet: ranked by the overall standings, by the girone's standings for a ``girone``
  category, from the bottom for a ``last`` category. **Cumulative**: each category on its own,
  place by place (an entrant holds one place per category).
- **Ties**: when the entrants a prize would go to share a rank, the prize is pooled with the
  category's next places still to give, one per tied entrant while places remain. The pool's
  money is split equally among the tied entrants to the cent, a leftover cent one each from the
  lowest entrant number; its objects go to the tied entrants by number. Every tied entrant who
  receives something then holds a prize. (With more tied entrants than places, every tied
  entrant shares the money; the objects reach the lowest numbers only.)
- **Results** (``Allocation.awards``): in category order then place; pooled places list one tied
  entrant each, by number, with its share (tied entrants beyond the pooled places are listed at
  the last pooled place); a place nobody can win is left out.

Every step is recorded (``Allocation.steps``): the prize, who won it and every better-ranked
entrant passed over with the reason, which answers "why did this pair get this prize and not
that one" (``steps_for``).

Plain data in, plain data out: no Django, no database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from burraco_tourney.rules.prize_list import (  # noqa: F401 (the engine's one import)
    ELIGIBLE_KEYS,
    Category,
    Entrant,
    Fund,
    Person,
    Place,
    PrizeError,
    PrizeList,
    check_prize_list,
)

# A ranking: (entrant number, rank) best first; entrants sharing a rank are a tie group.
Ranking = Sequence[tuple[int, int]]


@dataclass(frozen=True)
class Award:
    category: int  # index in the prize list
    place: int
    entrant: int
    amount: int | None = None  # cents
    object: str | None = None
    pooled: bool = False


@dataclass(frozen=True)
class PassedOver:
    entrant: int
    reason: str  # "withdrawn", "not_eligible", "holds"
    detail: str = ""  # the eligibility key failed, or "category:place" of the prize held


@dataclass(frozen=True)
class Step:
    """One prize given (or not): the place(s), who got what, who was passed over and why."""

    category: int
    places: tuple[int, ...]
    awards: tuple[Award, ...]
    passed_over: tuple[PassedOver, ...]
    tied: tuple[int, ...] = ()


@dataclass(frozen=True)
class Warning:
    code: str  # "nobody_eligible", "missing_fact", "fund_exceeded"
    category: int | None = None
    entrant: int | None = None
    detail: str = ""


@dataclass
class Allocation:
    fund: int | None
    amounts: dict[tuple[int, int], int]  # (category, place) -> cents, percent places resolved
    awards: list[Award]
    steps: list[Step]
    warnings: list[Warning]

    def steps_for(self, number: int) -> list[Step]:
        """The steps that gave this entrant a prize or passed it over."""
        return [
            s
            for s in self.steps
            if any(a.entrant == number for a in s.awards)
            or any(p.entrant == number for p in s.passed_over)
        ]


def fund_cents(fund: Fund, entrants: int) -> int:
    """fee × entrants × percent / 100, at least the minimum, rounded down to the unit."""
    unit = 100 if fund.round == "euro" else 1
    # Exact: fee (cents) × entrants × percent / 100, compared and floored without floats.
    numerator = fund.fee * entrants * fund.percent
    if fund.minimum is not None and fund.minimum * 100 > numerator:
        numerator = fund.minimum * 100
    return numerator // (100 * unit) * unit


def percent_amounts(prizes: PrizeList, fund: int) -> dict[tuple[int, int], int]:
    """Each percent place's money (cents), the units left going by the largest remainder."""
    unit = 100 if prizes.fund is None or prizes.fund.round == "euro" else 1
    units = fund // unit
    rows = [
        (ci, p.place, p.percent)
        for ci, cat in enumerate(prizes.categories)
        for p in cat.places
        if p.percent is not None
    ]
    shares = {(ci, place): units * pct // 100 for ci, place, pct in rows}
    target = units * sum(pct for _, _, pct in rows) // 100
    missing = target - sum(shares.values())
    by_remainder = sorted(rows, key=lambda r: (-(units * r[2] % 100), r[0], r[1]))
    for ci, place, _ in by_remainder[:missing]:
        shares[(ci, place)] += 1
    return {key: value * unit for key, value in shares.items()}


def _eligibility(cat: Category, e: Entrant, year: int) -> tuple[str, str]:
    """("", "") when the entrant may win the category, else (reason, key)."""
    if e.withdrawn:
        return "withdrawn", ""
    rule = cat.eligible
    people = e.people
    sex = rule.get("sex")
    if sex is not None:
        sexes = [p.sex for p in people]
        if not people or any(s not in ("F", "M") for s in sexes):
            return "not_eligible", "sex"
        if sex == "mixed":
            if "F" not in sexes or "M" not in sexes:
                return "not_eligible", "sex"
        elif any(s != sex for s in sexes):
            return "not_eligible", "sex"
    if "club" in rule and e.club != rule["club"]:
        return "not_eligible", "club"
    if "category" in rule and (not people or any(p.category != rule["category"] for p in people)):
        return "not_eligible", "category"
    if "over" in rule:
        over = rule["over"]
        if not people or any(p.birth_year is None or year - p.birth_year < over for p in people):
            return "not_eligible", "over"
    if "girone" in rule and e.girone != rule["girone"]:
        return "not_eligible", "girone"
    return "", ""


def _needs(cat: Category) -> tuple[str, ...]:
    rule = cat.eligible
    return tuple(
        fact
        for key, fact in (("sex", "sex"), ("over", "birth_year"), ("category", "category"))
        if key in rule
    )


def allocate(
    prizes: PrizeList,
    *,
    entrants: Iterable[Entrant],
    overall: Ranking,
    gironi: Mapping[str, Ranking] | None = None,
    year: int,
    entrant_count: int | None = None,
) -> Allocation:
    """Give the prize list to the ranked entrants (see the module's docstring)."""
    facts = {e.number: e for e in entrants}
    count = len(facts) if entrant_count is None else entrant_count
    gironi = gironi or {}
    fund = fund_cents(prizes.fund, count) if prizes.fund is not None else None
    amounts: dict[tuple[int, int], int] = {}
    if fund is not None:
        amounts.update(percent_amounts(prizes, fund))
    for ci, cat in enumerate(prizes.categories):
        for p in cat.places:
            if p.amount is not None:
                amounts[(ci, p.place)] = p.amount

    warnings: list[Warning] = []
    rankings: list[list[tuple[int, int]]] = []
    refusals: list[dict[int, tuple[str, str]]] = []
    for ci, cat in enumerate(prizes.categories):
        girone = cat.eligible.get("girone")
        ranking = list(gironi.get(girone, ()) if girone is not None else overall)
        if cat.eligible.get("last"):
            ranking.reverse()
        refused = {}
        for number, _ in ranking:
            e = facts.get(number)
            why = ("not_eligible", "unknown") if e is None else _eligibility(cat, e, year)
            if why[0]:
                refused[number] = why
        rankings.append(ranking)
        refusals.append(refused)
        if cat.places and all(n in refused for n, _ in ranking):
            warnings.append(Warning("nobody_eligible", category=ci))
        for fact in _needs(cat):
            for number, _ in ranking:
                e = facts.get(number)
                if e is not None and any(getattr(p, fact) in (None, "") for p in e.people):
                    warnings.append(Warning("missing_fact", ci, number, fact))
    money_total = sum(amounts.values())
    if fund is not None and money_total > fund:
        warnings.append(Warning("fund_exceeded", detail=str(money_total - fund)))

    order = _prize_order(prizes, amounts)
    state = _State(prizes, amounts, rankings, refusals)
    for ci, place in order:
        if (ci, place) not in state.given:
            state.give(ci, place)
    awards = sorted(state.awards, key=lambda a: (a.category, a.place, a.entrant))
    return Allocation(fund, amounts, awards, state.steps, warnings)


def _prize_order(prizes: PrizeList, amounts: Mapping[tuple[int, int], int]) -> list:
    if prizes.cumulative:
        return [(ci, p.place) for ci, cat in enumerate(prizes.categories) for p in cat.places]
    money = sorted(amounts, key=lambda key: (-amounts[key], key[0], key[1]))
    objects = [
        (ci, p.place)
        for ci, cat in enumerate(prizes.categories)
        for p in cat.places
        if (ci, p.place) not in amounts
    ]
    return money + objects


class _State:
    def __init__(self, prizes, amounts, rankings, refusals) -> None:
        self.prizes = prizes
        self.amounts = amounts
        self.rankings = rankings
        self.refusals = refusals
        self.given: set[tuple[int, int]] = set()
        self.held: dict[int, tuple[int, int]] = {}  # non cumulabili: entrant -> prize
        self.held_in: dict[int, dict[int, int]] = {}  # cumulative: category -> entrant -> place
        self.awards: list[Award] = []
        self.steps: list[Step] = []

    def _holds(self, ci: int, number: int) -> tuple[int, int] | None:
        if self.prizes.cumulative:
            place = self.held_in.get(ci, {}).get(number)
            return None if place is None else (ci, place)
        return self.held.get(number)

    def give(self, ci: int, place: int) -> None:
        cat = self.prizes.categories[ci]
        refused = self.refusals[ci]
        passed: list[PassedOver] = []
        tied: list[int] = []
        rank = None
        for number, r in self.rankings[ci]:
            if rank is not None and r != rank:
                break
            if number in refused:
                if rank is None:
                    reason, key = refused[number]
                    passed.append(PassedOver(number, reason, key))
                continue
            held = self._holds(ci, number)
            if held is not None:
                if rank is None:
                    passed.append(PassedOver(number, "holds", f"{held[0]}:{held[1]}"))
                continue
            rank = r
            tied.append(number)
        self.given.add((ci, place))
        if not tied:
            self.steps.append(Step(ci, (place,), (), tuple(passed)))
            return
        later = [p.place for p in cat.places if p.place > place and (ci, p.place) not in self.given]
        pool = [place, *later[: len(tied) - 1]]
        self.given.update((ci, p) for p in pool)
        tied.sort()
        awards = self._share(ci, pool, tied)
        for a in awards:
            if self.prizes.cumulative:
                self.held_in.setdefault(ci, {}).setdefault(a.entrant, a.place)
            else:
                self.held.setdefault(a.entrant, (a.category, a.place))
        self.awards.extend(awards)
        self.steps.append(
            Step(
                ci, tuple(pool), tuple(awards), tuple(passed), tuple(tied) if len(tied) > 1 else ()
            )
        )

    def _share(self, ci: int, pool: list[int], tied: list[int]) -> list[Award]:
        cat = self.prizes.categories[ci]
        if len(tied) == 1:
            place = pool[0]
            amount = self.amounts.get((ci, place))
            obj = None if amount is not None else cat.places[place - 1].object
            return [Award(ci, place, tied[0], amount, obj)]
        money_places = [p for p in pool if (ci, p) in self.amounts]
        object_places = [p for p in pool if (ci, p) not in self.amounts]
        awards: list[Award] = []
        if money_places:
            total = sum(self.amounts[(ci, p)] for p in money_places)
            base, leftover = divmod(total, len(tied))
            for i, number in enumerate(tied):
                row_place = money_places[min(i, len(money_places) - 1)]
                share = base + (1 if i < leftover else 0)
                awards.append(Award(ci, row_place, number, share, None, True))
        for number, p in zip(tied, object_places, strict=False):
            awards.append(Award(ci, p, number, None, cat.places[p - 1].object, True))
        return awards
