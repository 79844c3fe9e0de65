"""Manual seating: check the tables the arbitro typed and turn them into a draw.

The director types, table by table, the NS and EO pair numbers, and the pairs that rest. Table
numbers follow the order typed (the first line is table 1). Worked example with six registered
pairs 1..6::

    manual_draw([(1, 4), (2, 5), (3, 6)], pairs=range(1, 7))          # accepted
    manual_draw([(1, 4), (2, 5)], pairs=range(1, 7))                  # pair_missing, pair=3
    manual_draw([(1, 4), (2, 4), (3, 6)], pairs=range(1, 7))          # pair_seated_twice, pair=4
    manual_draw([(1, 4), (2, 5)], pairs=range(1, 6), byes=[3])        # accepted: pair 3 rests
    manual_draw([(1, 4)], pairs=range(1, 6), byes=[3, 2, 5])          # too_many_byes

Every refusal is a RuleViolation whose parameters name the pair and, where there is one, the
table. The checks run in a fixed order (tables first, in order, then the byes, then the count of
byes, then the missing pairs) and the first breach found is reported. The checks of the resting
and the missing entrants are the same for an individual seating (``individual_manual.py``, a
line of two players), which calls them with its own noun.

This module never imports Django or any app.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing.byes import bye_note
from burraco_tourney.rules.pairing.draw import Draw, DrawNote, Seat

CODES: tuple[str, ...] = (
    "unknown_pair",
    "same_pair_both_lines",
    "pair_seated_twice",
    "pair_rests_twice",
    "pair_seated_and_resting",
    "bye_with_even_pairs",
    "too_many_byes",
    "pair_missing",
)


def check_resting(
    byes: Sequence[int], *, registered: Collection[int], table_of: Mapping[int, int], noun: str
) -> list[int]:
    """The entrants typed as resting (pairs, or players: ``noun``), each registered, listed once
    and seated at no table (``table_of``: number -> table). The same for every kind."""
    resting: list[int] = []
    for number in byes:
        said = f"{noun.capitalize()} {number}"
        if number not in registered:
            raise RuleViolation(
                f"unknown_{noun}", f"{said} is not registered", **{noun: number}, table=None
            )
        if number in resting:
            raise RuleViolation(f"{noun}_rests_twice", f"{said} is listed twice", **{noun: number})
        if number in table_of:
            raise RuleViolation(
                f"{noun}_seated_and_resting",
                f"{said} is seated at table {table_of[number]} and resting",
                **{noun: number},
                table=table_of[number],
            )
        resting.append(number)
    return resting


def check_missing(
    registered: Collection[int], *, table_of: Mapping[int, int], resting: Sequence[int], noun: str
) -> None:
    """Refuse a seating that leaves a registered entrant neither seated nor resting."""
    for number in sorted(registered):
        if number not in table_of and number not in resting:
            raise RuleViolation(
                f"{noun}_missing",
                f"{noun.capitalize()} {number} is neither seated nor resting",
                **{noun: number},
            )


def manual_draw(
    seats: Sequence[tuple[int, int]],
    *,
    pairs: Collection[int],
    byes: Sequence[int] = (),
) -> Draw:
    """Validate a typed seating against the registered ``pairs`` and return it as a draw.

    ``seats``: (NS pair, EO pair) per table, table 1 first. ``byes``: the pairs that rest.
    """
    registered = set(pairs)
    table_of: dict[int, int] = {}
    result: list[Seat] = []
    for table, (ns, eo) in enumerate(seats, start=1):
        for pair, line in ((ns, "ns"), (eo, "eo")):
            if pair not in registered:
                raise RuleViolation(
                    "unknown_pair",
                    f"Table {table}: pair {pair} is not registered",
                    pair=pair,
                    table=table,
                    line=line,
                )
        if ns == eo:
            raise RuleViolation(
                "same_pair_both_lines",
                f"Table {table}: pair {ns} cannot sit both NS and EO",
                pair=ns,
                table=table,
            )
        for pair, line in ((ns, "ns"), (eo, "eo")):
            if pair in table_of:
                raise RuleViolation(
                    "pair_seated_twice",
                    f"Pair {pair} is seated at table {table_of[pair]} and at table {table}",
                    pair=pair,
                    table=table,
                    first_table=table_of[pair],
                    line=line,
                )
            table_of[pair] = table
        result.append(Seat(table, ns, eo))

    resting = check_resting(byes, registered=registered, table_of=table_of, noun="pair")
    if resting and len(registered) % 2 == 0:
        raise RuleViolation(
            "bye_with_even_pairs",
            f"With {len(registered)} pairs nobody rests (pair {resting[0]} is resting)",
            pair=resting[0],
            count=len(registered),
        )
    if len(resting) > 1:
        raise RuleViolation(
            "too_many_byes",
            f"Only one pair may rest, not {len(resting)}",
            pairs=tuple(resting),
            count=len(resting),
        )
    check_missing(registered, table_of=table_of, resting=resting, noun="pair")

    notes = [DrawNote("manual", {"tables": len(result)})]
    notes.extend(bye_note(pair, "director", None) for pair in resting)
    return Draw(tuple(result), tuple(resting), tuple(notes))
