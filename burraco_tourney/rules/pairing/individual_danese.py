"""Danese individuale: seat the current standings four by four, 1st with 4th v 2nd with 3rd.

RULES.md section 10: from the second turno on, players are ranked by the standings; the top four
sit at table 1, the 1st with the 4th (NS) against the 2nd with the 3rd (EO), the next four at
table 2, and so on; nobody partners a former partner while it can be avoided.

Worked example, ranking 1, 2, ..., 8 (best first), where 1 and 4 partnered before:

- table 1 takes 1, 2, 3, 4. The plain lines 1-4 v 2-3 repeat a partner, so the next split of the
  same four is tried: 1-3 v 2-4 is free, and is taken ("partner_swap": player 1 sits with 3
  instead of 4, reason "partnered_before", blocked (1, 4));
- table 2: 5-8 v 6-7 as plain.

When no split of the four is free (each of them holds a former couple), the best player stays
and his three table mates are taken from the next players down the ranking (a window of
``WINDOW`` more), nearest first: the 4th is exchanged first, then the 3rd and 4th, and so on, in
the lexicographic order of their ranks, until a free split appears. The last eight players are
seated by an exact search over every way to make two tables of them, so the end of the ranking
gets the fewest repeated partners possible, as near the plain seating as possible. Every line of
former partners that remains is counted in the "repeated_partners" note, next to the fewest any
seating of these players could have (a maximum matching).

Odd numbers: n mod 4 players rest, those with the fewest byes so far and, among them, the lowest
ranked ("players_resting", reason "fewest_byes_lowest_ranked").

Cost: linear in the players for a fixed window, plus one maximum matching for the note.

This module never imports Django or any app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from burraco_tourney.rules.pairing.byes import choose_resting
from burraco_tourney.rules.pairing.draw import DrawNote
from burraco_tourney.rules.pairing.individual import fewest_repeats_lines
from burraco_tourney.rules.pairing.individual_draw import (
    PLAYERS_CODES,
    IndividualDraw,
    IndividualSeat,
    individual_history,
    repeats_notes,
    resting_note,
    validate_players,
)

CODES: tuple[str, ...] = PLAYERS_CODES

WINDOW = 8

# The splits of four ranked players a, b, c, d (indices 0..3) into NS and EO, preferred first.
SPLITS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((0, 3), (1, 2)),
    ((0, 2), (1, 3)),
    ((0, 1), (2, 3)),
)

Group = tuple[tuple[int, int], tuple[int, int]]
Partnered = Callable[[int, int], bool]


def individual_danese_draw(
    ranking: Sequence[int],
    *,
    played: Sequence[IndividualDraw] = (),
) -> IndividualDraw:
    """Draw one Danese individuale turno from ``ranking`` (the current standings, best first).

    ``played``: the turni already played (their partners and byes count). Deterministic.
    """
    order = validate_players(ranking)
    history = individual_history(played)
    resting = choose_resting(reversed(order), history.byes, len(order) % 4)
    playing = [p for p in order if p not in resting]
    rank = {p: i + 1 for i, p in enumerate(order)}

    notes = [DrawNote("individual_ranking", {"ranking": order})]
    if resting:
        notes.append(resting_note(resting, "fewest_byes_lowest_ranked", history.byes))

    def partnered(a: int, b: int) -> bool:
        return bool(history.partners.get(frozenset((a, b)), 0))

    groups: list[Group] = []
    remaining = list(playing)
    while len(remaining) > 8:
        plain = remaining[:4]
        group = _first_free_group(remaining, partnered)
        if group is None:  # every nearby four repeats a partner: keep the plain four
            group = _best_split(plain, partnered)
        _note_swap(notes, group, plain, partnered, rank)
        groups.append(group)
        for player in (*group[0], *group[1]):
            remaining.remove(player)
    if remaining:
        tail = _best_tail(remaining, partnered)
        for group, start in zip(tail, (0, 4), strict=False):
            _note_swap(notes, group, remaining[start : start + 4], partnered, rank)
        groups.extend(tail)
    seats = tuple(IndividualSeat(table, ns, eo) for table, (ns, eo) in enumerate(groups, start=1))
    minimum = fewest_repeats_lines(playing, history)[1] if history.partners else 0
    notes.extend(repeats_notes(seats, history, minimum))
    return IndividualDraw(seats, tuple(sorted(resting)), tuple(notes))


def _first_free_group(remaining: list[int], partnered: Partnered) -> Group | None:
    """The four nearest the top of ``remaining`` (always with its best player) that have a
    split repeating no partner, searched among the next ``WINDOW`` players too."""
    reach = remaining[: 4 + WINDOW]
    for chosen in combinations(range(1, len(reach)), 3):
        four = [reach[0], *(reach[i] for i in chosen)]
        found = _free_split(four, partnered)
        if found is not None:
            return found
    return None


def _free_split(four: Sequence[int], partnered: Partnered) -> Group | None:
    for (a, b), (c, d) in SPLITS:
        if not partnered(four[a], four[b]) and not partnered(four[c], four[d]):
            return (four[a], four[b]), (four[c], four[d])
    return None


def _best_split(four: Sequence[int], partnered: Partnered) -> Group:
    def repeats(split) -> int:
        (a, b), (c, d) = split
        return partnered(four[a], four[b]) + partnered(four[c], four[d])

    (a, b), (c, d) = min(SPLITS, key=repeats)
    return (four[a], four[b]), (four[c], four[d])


def _best_tail(players: list[int], partnered: Partnered) -> list[Group]:
    """Seat the last four or eight players with the fewest repeated partners, nearest first."""
    if len(players) == 4:
        return [_best_split(players, partnered)]
    best: tuple[int, list[Group]] | None = None
    top, rest = players[0], players[1:]
    for chosen in combinations(range(len(rest)), 3):
        first = [top, *(rest[i] for i in chosen)]
        second = [p for p in rest if p not in first]
        groups = [_best_split(first, partnered), _best_split(second, partnered)]
        cost = sum(partnered(*line) for group in groups for line in group)
        if best is None or cost < best[0]:
            best = (cost, groups)
        if cost == 0:
            break
    assert best is not None
    return best[1]


def _note_swap(
    notes: list[DrawNote],
    group: Group,
    plain: Sequence[int],
    partnered: Partnered,
    rank: dict[int, int],
) -> None:
    """A "partner_swap" note when the table's best player is not with the plain 4th."""
    top = group[0][0]
    partner = group[0][1]
    if top != plain[0] or len(plain) < 4 or partner == plain[3]:
        return
    instead = plain[3]
    blocked = next(
        (
            (min(x, y), max(x, y))
            for x, y in ((plain[0], plain[3]), (plain[1], plain[2]))
            if partnered(x, y)
        ),
        None,
    )
    params: dict[str, object] = {
        "player": top,
        "partner": partner,
        "instead_of": instead,
        "rank": rank[top],
        "reason": "partnered_before" if blocked else "keeps_draw_possible",
    }
    if blocked:
        params["blocked"] = blocked
    notes.append(DrawNote("partner_swap", params))
