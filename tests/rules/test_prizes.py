"""The prizes engine (RULES.md §13, ARCHIVE.md "Prizes"): hand-checked examples and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco_tourney.rules.prizes import (
    Category,
    Entrant,
    Fund,
    Person,
    Place,
    PrizeError,
    PrizeList,
    allocate,
    check_prize_list,
    fund_cents,
    percent_amounts,
)

F = Person(sex="F", birth_year=1950, category="terza")
M = Person(sex="M", birth_year=1980, category="seconda")


def entrants(n, people=(F, M)):
    return [Entrant(i, tuple(people)) for i in range(1, n + 1)]


def straight(n):
    return [(i, i) for i in range(1, n + 1)]


def won(allocation):
    return [(a.category, a.place, a.entrant, a.amount, a.object) for a in allocation.awards]


def test_fund_from_the_entries_rounded_down_to_the_euro():
    # 15.00 x 37 pairs x 60 % = 333.00; 15.50 x 37 x 60 % = 344.10 -> 344.00 (or 344.10 by cent)
    assert fund_cents(Fund(1500, 60), 37) == 33300
    assert fund_cents(Fund(1550, 60), 37) == 34400
    assert fund_cents(Fund(1550, 60, round="cent"), 37) == 34410
    # the guaranteed minimum when the entries give less
    assert fund_cents(Fund(1500, 60, minimum=30000), 20) == 30000
    assert fund_cents(Fund(1500, 60, minimum=30050), 20) == 30000  # rounded down too


def test_percent_places_add_up_exactly_by_the_largest_remainder():
    # fund 100 euro, three places of 33 % each: 33 + 33 + 33 = 99 = floor(100 x 99 / 100)
    cats = (Category("A", (Place(1, percent=33), Place(2, percent=33), Place(3, percent=33))),)
    prizes = PrizeList(cats, fund=Fund(1000, 100))
    assert percent_amounts(prizes, 10000) == {(0, 1): 3300, (0, 2): 3300, (0, 3): 3300}
    # fund 7 euro, 50 % + 30 % + 20 %: 3.5, 2.1, 1.4 -> 3, 2, 1 and one euro to the 0.5 remainder
    cats = (Category("A", (Place(1, percent=50), Place(2, percent=30), Place(3, percent=20))),)
    prizes = PrizeList(cats, fund=Fund(700, 100))
    assert percent_amounts(prizes, 700) == {(0, 1): 400, (0, 2): 200, (0, 3): 100}


def test_equal_remainders_go_to_the_earlier_category_then_the_lower_place():
    # fund 10 euro, four places of 25 %: 2.5 each; floor(10 x 100 / 100) = 10 -> two units left
    cats = (
        Category("B", (Place(1, percent=25), Place(2, percent=25))),
        Category("A", (Place(1, percent=25), Place(2, percent=25))),
    )
    prizes = PrizeList(cats, fund=Fund(1000, 100))
    assert percent_amounts(prizes, 1000) == {(0, 1): 300, (0, 2): 300, (1, 1): 200, (1, 2): 200}


def test_non_cumulative_highest_prize_first_and_one_prize_each():
    # Overall 100/50; women 80. Pair 1 (best, women) takes the overall 100, pair 2 the women's 80
    # (the highest left), pair 3 the overall 50.
    women = (Person("F", 1950), Person("F", 1960))
    es = [Entrant(1, women), Entrant(2, women), Entrant(3, (F, M))]
    cats = (
        Category("Assoluta", (Place(1, amount=10000), Place(2, amount=5000))),
        Category("Donne", (Place(1, amount=8000),), {"sex": "F"}),
    )
    result = allocate(PrizeList(cats), entrants=es, overall=straight(3), year=2026)
    assert won(result) == [(0, 1, 1, 10000, None), (0, 2, 3, 5000, None), (1, 1, 2, 8000, None)]
    why = result.steps_for(1)
    # won the overall, then passed over (holding it) for the women's and the overall's second
    assert [(s.category, s.places) for s in why] == [(0, (1,)), (1, (1,)), (0, (2,))]
    assert why[1].passed_over[0].reason == "holds"


def test_cumulative_gives_each_category_on_its_own():
    women = (Person("F", 1950), Person("F", 1960))
    es = [Entrant(1, women), Entrant(2, women)]
    cats = (
        Category("Assoluta", (Place(1, amount=10000),)),
        Category("Donne", (Place(1, amount=8000),), {"sex": "F"}),
    )
    result = allocate(PrizeList(cats, cumulative=True), entrants=es, overall=straight(2), year=2026)
    assert won(result) == [(0, 1, 1, 10000, None), (1, 1, 1, 8000, None)]


def test_objects_after_money_in_the_listed_order():
    es = entrants(3)
    cats = (Category("Assoluta", (Place(1, object="Coppa"), Place(2, amount=1000))),)
    result = allocate(PrizeList(cats), entrants=es, overall=straight(3), year=2026)
    # the 10 euro of place 2 is given first, to the best pair; the cup then to the next
    assert won(result) == [(0, 1, 2, None, "Coppa"), (0, 2, 1, 1000, None)]


def test_a_tie_pools_the_places_and_splits_to_the_cent():
    # pairs 4 and 7 share rank 2: places 2 (50.00) and 3 (30.01) pooled, 80.01 -> 40.01 + 40.00
    es = [Entrant(n, (F, M)) for n in (1, 4, 7, 9)]
    overall = [(1, 1), (4, 2), (7, 2), (9, 4)]
    cats = (Category("A", (Place(1, amount=10000), Place(2, amount=5000), Place(3, amount=3001))),)
    result = allocate(PrizeList(cats), entrants=es, overall=overall, year=2026)
    assert won(result) == [
        (0, 1, 1, 10000, None),
        (0, 2, 4, 4001, None),
        (0, 3, 7, 4000, None),
    ]
    assert result.steps[1].tied == (4, 7)


def test_three_tied_for_the_last_place_share_it():
    es = entrants(4)
    overall = [(1, 1), (2, 2), (3, 2), (4, 2)]
    cats = (Category("A", (Place(1, amount=5000), Place(2, amount=1000))),)
    result = allocate(PrizeList(cats), entrants=es, overall=overall, year=2026)
    assert won(result) == [
        (0, 1, 1, 5000, None),
        (0, 2, 2, 334, None),
        (0, 2, 3, 333, None),
        (0, 2, 4, 333, None),
    ]


def test_eligibility_mixed_over_club_category_and_the_last_pair():
    old = Person("F", 1950, "terza")
    young = Person("M", 1990, "terza")
    es = [
        Entrant(1, (F, M), club="Aurora"),
        Entrant(2, (old, Person("F", 1955, "terza")), club="Aurora"),
        Entrant(3, (young, Person("M", 1991, "seconda"))),
        Entrant(4, (F, Person(None, None))),
    ]
    cats = (
        Category("Miste", (Place(1, object="Coppa"),), {"sex": "mixed"}),
        Category("Over 70", (Place(1, object="Targa"),), {"over": 70}),
        Category("Aurora", (Place(1, object="Medaglia"),), {"club": "Aurora"}),
        Category("Ultima", (Place(1, object="Cucchiaio"),), {"last": True}),
        Category("Terza", (Place(1, object="Libro"),), {"category": "terza"}),
    )
    result = allocate(PrizeList(cats), entrants=es, overall=straight(4), year=2026)
    assert won(result) == [
        (0, 1, 1, None, "Coppa"),
        (1, 1, 2, None, "Targa"),
        (3, 1, 4, None, "Cucchiaio"),
    ]
    # Aurora's pairs both hold a prize; no pair is all terza but pair 2, which holds one
    codes = {(w.code, w.category) for w in result.warnings}
    assert ("missing_fact", 0) in codes  # pair 4's second player has no sex
    assert ("missing_fact", 1) in codes  # ... nor a birth year
    assert ("nobody_eligible", 4) not in codes


def test_a_withdrawn_entrant_wins_nothing_and_warnings():
    es = [Entrant(1, (F, M), withdrawn=True), Entrant(2, (F, M))]
    cats = (
        Category("A", (Place(1, amount=50000),)),
        Category("Donne", (Place(1, amount=100),), {"sex": "F"}),
    )
    prizes = PrizeList(cats, fund=Fund(1000, 50))
    result = allocate(prizes, entrants=es, overall=straight(2), year=2026)
    assert won(result) == [(0, 1, 2, 50000, None)]
    assert result.fund == 1000
    codes = [w.code for w in result.warnings]
    assert "nobody_eligible" in codes and "fund_exceeded" in codes


def test_girone_categories_rank_by_the_girone_standings():
    es = [Entrant(n, (F, M), girone="A" if n <= 2 else "B") for n in range(1, 5)]
    cats = (
        Category("Girone B", (Place(1, amount=2000),), {"girone": "B"}),
        Category("Assoluta", (Place(1, amount=1000),)),
    )
    gironi = {"A": [(1, 1), (2, 2)], "B": [(4, 1), (3, 2)]}
    result = allocate(PrizeList(cats), entrants=es, overall=straight(4), gironi=gironi, year=2026)
    assert won(result) == [(0, 1, 4, 2000, None), (1, 1, 1, 1000, None)]


@pytest.mark.parametrize(
    ("prizes", "code"),
    [
        (
            PrizeList(
                (Category("A", (Place(1, percent=60), Place(2, percent=50))),), fund=Fund(1, 1)
            ),
            "percent_over_100",
        ),
        (PrizeList((Category("A", (Place(1, percent=10),)),)), "percent_without_fund"),
        (PrizeList((Category("A", (Place(2, amount=1),)),)), "place_order"),
        (PrizeList((Category("A", (Place(1),)),)), "place_value"),
        (PrizeList((Category("A", (), {"sex": "X"}),)), "eligible_sex"),
        (PrizeList((Category("A", (), {"age": 3}),)), "eligible_key"),
    ],
)
def test_errors(prizes, code):
    with pytest.raises(PrizeError) as caught:
        check_prize_list(prizes)
    assert caught.value.code == code


def test_mixed_is_an_error_for_individuals():
    prizes = PrizeList((Category("Misti", (), {"sex": "mixed"}),))
    check_prize_list(prizes)
    with pytest.raises(PrizeError):
        check_prize_list(prizes, individual=True)


# --- properties -------------------------------------------------------------------------------

percents = st.lists(st.integers(0, 40), min_size=1, max_size=6).filter(lambda ps: sum(ps) <= 100)


@given(percents, st.integers(0, 5000), st.integers(1, 400), st.sampled_from(["euro", "cent"]))
def test_percent_places_add_up_to_the_funds_share(ps, fee, n, rounding):
    prizes = PrizeList(
        (Category("A", tuple(Place(i + 1, percent=p) for i, p in enumerate(ps))),),
        fund=Fund(fee, 60, round=rounding),
    )
    fund = fund_cents(prizes.fund, n)
    unit = 100 if rounding == "euro" else 1
    assert fund % unit == 0
    amounts = percent_amounts(prizes, fund)
    assert sum(amounts.values()) == fund // unit * sum(ps) // 100 * unit
    for (_, place), cents in amounts.items():
        exact = fund * ps[place - 1] / 100
        assert exact - unit < cents < exact + unit


@st.composite
def tournaments(draw):
    n = draw(st.integers(1, 30))
    sexes = st.sampled_from(["F", "M", None])
    es = [
        Entrant(i, (Person(draw(sexes), 1950), Person(draw(sexes), 1990))) for i in range(1, n + 1)
    ]
    # ranks with ties: each entrant equal to the previous one or behind it
    ranks, rank = [], 1
    for i in range(n):
        if i and not draw(st.booleans()):
            rank = i + 1
        ranks.append(rank)
    cats = tuple(
        Category(
            f"C{c}",
            tuple(
                Place(p + 1, amount=draw(st.integers(0, 10000)))
                if draw(st.booleans())
                else Place(p + 1, object=f"O{c}{p}")
                for p in range(draw(st.integers(1, 4)))
            ),
            draw(st.sampled_from([{}, {"sex": "F"}, {"sex": "mixed"}, {"last": True}])),
        )
        for c in range(draw(st.integers(1, 4)))
    )
    return es, list(zip(range(1, n + 1), ranks, strict=True)), cats


@settings(max_examples=200)
@given(tournaments())
def test_nobody_holds_two_prizes_and_the_money_adds_up(case):
    es, overall, cats = case
    result = allocate(PrizeList(cats), entrants=es, overall=overall, year=2026)
    holders = {}
    for a in result.awards:
        holders.setdefault(a.entrant, set()).add((a.category, a.place))
    # one prize each; a tie's pool is the only way to several rows, and only in one category
    for prizes in holders.values():
        assert len({c for c, _ in prizes}) == 1
    # every prize given is paid in full, whether or not it was split
    for step in result.steps:
        money = [a.amount for a in step.awards if a.amount is not None]
        pooled = [p for p in step.places if (step.category, p) in result.amounts]
        if step.awards and pooled:
            assert sum(money) == sum(result.amounts[(step.category, p)] for p in pooled)
            assert max(money) - min(money) <= 1  # a fair split, to the cent
            paid = [a for a in step.awards if a.amount is not None]
            shares = sorted(((a.entrant, a.amount) for a in paid), key=lambda t: t[0])
            assert [s for _, s in shares] == sorted((s for _, s in shares), reverse=True)


@settings(max_examples=100)
@given(tournaments())
def test_cumulative_gives_each_category_its_places_in_rank_order(case):
    es, overall, cats = case
    result = allocate(PrizeList(cats, cumulative=True), entrants=es, overall=overall, year=2026)
    for ci in range(len(cats)):
        # one money share and one object at most each (a tie's pool may hold both)
        for paid in (True, False):
            rows = [a for a in result.awards if a.category == ci and (a.amount is None) != paid]
            assert len({a.entrant for a in rows}) == len(rows)
        # the places go down the ranking: a better rank never gets a later place
        rank = dict(overall)
        if cats[ci].eligible.get("last"):
            continue
        places = sorted((a.place, rank[a.entrant]) for a in result.awards if a.category == ci)
        assert [r for _, r in places] == sorted(r for _, r in places)
