"""The Danese (Danish) movement: pair the current standings 1 v 2, 3 v 4, ...

Score-dependent: each turno is drawn from the standings after the previous one. The higher-ranked
pair of a table sits NS; table 1 holds the best-ranked pairs.

Modes, on six pairs ranked 1, 2, 3, 4, 5, 6 (best first) that met 1 v 2, 3 v 5, 4 v 6 in the
previous turno and 5 v 6 earlier:

``"puro"``
    Exactly 1 v 2, 3 v 4, 5 v 6; meetings may repeat ("rematch_allowed" notes name them).

``"modificato"`` (the default)
    Two pairs that met in the *previous* turno do not meet again, except in the last turno
    (``last_turno=True``, then as puro). Here 1 v 2 is refused, so 1 takes the next pair it may
    meet, 3; 2 is now the highest unpaired pair and meets 4; 5 v 6 (an older meeting) stays::

        1 v 3, 2 v 4, 5 v 6

``"no_rematch"``
    No pair meets any pair it has met before. Top down again: 1 v 3 (not 2), then 2 would meet 4,
    but that leaves 5 v 6, who met: the search BACKTRACKS, 2 meets 5 (4 v 6 met too) ... still
    stuck, so 2 meets 6 and 4 v 5 completes the draw::

        1 v 3, 2 v 6, 4 v 5

Each table that differs from the plain order gets a "swap_avoid_rematch" note naming the pair,
its opponent, its plain partner and why: here pair 1 meets 3 instead of 2 and pair 2 meets 6
instead of 1 (both "met_previous_turno"; "met_before" for an older meeting), pair 4 meets 5
instead of 3 ("opponent_taken": 3 is already seated). Had 4 been free to meet 3 but that made the
pairs below impossible to complete, the reason would be "keeps_draw_possible".

The result is the first valid pairing in this top-down order, so it never holds a forbidden
meeting that could be avoided. When every pairing holds one (e.g. four pairs that all met), the
draw holds as few as possible, each explained by a "rematch_unavoidable" note.

Odd number of pairs: the lowest-ranked pair among those with the fewest byes rests. Only if that
would force a forbidden meeting that another pair with as few byes resting would avoid, the
lowest-ranked such pair rests instead (reason "avoids_rematch").

How it stays fast: a pair that is forbidden at most c opponents can always be completed once at
least 2c + 2 pairs are left (each then may meet at least half of the others, and by Dirac's
theorem such a group has a perfect pairing). So the top of the ranking is paired greedily, with no
search at all, and only the last few pairs (fewer than 2c + 4) go to an exact search: a maximum
matching (Edmonds' algorithm, ``matching.py``) that tells for each candidate opponent whether the
rest can still be completed. The cost is linear in the number of pairs for a fixed history
length, and polynomial in every case.

This module never imports Django or any app.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pairing.byes import bye_note, fewest_byes
from burraco_tourney.rules.pairing.draw import PAIRS_CODES, Draw, DrawNote, Seat, validate_pairs
from burraco_tourney.rules.pairing.matching import lex_first_pairing, removable_vertices

MODES: tuple[str, ...] = ("puro", "modificato", "no_rematch")

CODES: tuple[str, ...] = (*PAIRS_CODES, "unknown_mode")

# An empty mapping that cannot be changed: a safe default argument.
_NOTHING: Mapping[int, int] = MappingProxyType({})


def danese_draw(
    ranking: Sequence[int],
    *,
    met: Iterable[frozenset[int]] = (),
    previous: Mapping[int, int] = _NOTHING,
    bye_counts: Mapping[int, int] = _NOTHING,
    mode: str = "modificato",
    last_turno: bool = False,
) -> Draw:
    """Draw one Danese turno from ``ranking`` (the current standings, best first).

    ``met``: every couple of pairs that has met so far; ``previous``: pair -> its opponent in the
    previous turno; ``bye_counts``: pair -> past byes. Deterministic: same input, same draw.
    """
    order = validate_pairs(ranking)
    if mode not in MODES:
        raise RuleViolation("unknown_mode", f"Unknown Danese mode {mode!r}", mode=mode, modes=MODES)
    members = set(order)
    previous_couples = {
        frozenset((a, b)) for a, b in previous.items() if a in members and b in members and a != b
    }
    met_couples = {
        couple for couple in map(frozenset, met) if len(couple) == 2 and couple <= members
    }
    if mode == "no_rematch":
        forbidden_couples = met_couples | previous_couples
    elif mode == "modificato" and not last_turno:
        forbidden_couples = previous_couples
    else:
        forbidden_couples = set()
    forbidden: dict[int, set[int]] = {}
    for couple in forbidden_couples:
        a, b = couple
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)

    notes = [DrawNote("ranking", {"ranking": order, "mode": mode, "last_turno": last_turno})]
    byes: tuple[int, ...] = ()
    playing = order
    if len(order) % 2:
        resting, customary = _choose_bye(order, forbidden, bye_counts)
        byes = (resting,)
        playing = tuple(p for p in order if p != resting)
        if resting == customary:
            notes.append(bye_note(resting, "lowest_ranked", bye_counts))
        else:
            notes.append(bye_note(resting, "avoids_rematch", bye_counts, instead_of=customary))
    tables, _ = closest_pairing(playing, forbidden)

    def reason(a: int, b: int) -> str:
        return "met_previous_turno" if frozenset((a, b)) in previous_couples else "met_before"

    plain = {}
    for i in range(0, len(playing), 2):
        plain[playing[i]], plain[playing[i + 1]] = playing[i + 1], playing[i]
    rank = {p: i + 1 for i, p in enumerate(order)}
    repeats = met_couples | previous_couples
    seated: set[int] = set()
    seats = []
    for number, (ns, eo) in enumerate(tables, start=1):
        seats.append(Seat(number, ns, eo))
        instead = plain[ns]
        if eo != instead:
            if instead in forbidden.get(ns, ()):
                why = reason(ns, instead)
            elif instead in seated:
                why = "opponent_taken"
            else:
                why = "keeps_draw_possible"
            params = {"pair": ns, "opponent": eo, "instead_of": instead, "reason": why}
            notes.append(DrawNote("swap_avoid_rematch", {**params, "rank": rank[ns]}))
        seated.update((ns, eo))
        couple = frozenset((ns, eo))
        if eo in forbidden.get(ns, ()):
            params = {"pair": ns, "opponent": eo, "reason": reason(ns, eo)}
            notes.append(DrawNote("rematch_unavoidable", params))
        elif mode == "puro" and couple in repeats:
            params = {"pair": ns, "opponent": eo, "reason": "puro"}
            notes.append(DrawNote("rematch_allowed", params))
        elif mode == "modificato" and couple in previous_couples:
            params = {"pair": ns, "opponent": eo, "reason": "last_turno"}
            notes.append(DrawNote("rematch_allowed", params))
    return Draw(tuple(seats), byes, tuple(notes))


def _choose_bye(
    order: tuple[int, ...], forbidden: Mapping[int, set[int]], bye_counts: Mapping[int, int]
) -> tuple[int, int]:
    """Return (the pair that rests, the customary choice: lowest-ranked with fewest byes)."""
    candidates = fewest_byes(reversed(order), bye_counts)
    customary = candidates[0]
    if len(order) - 1 >= 2 * _max_forbidden(order, forbidden) + 2:
        # Whoever rests, at least 2c + 2 pairs are left: they can always be paired (Dirac).
        return customary, customary
    index = {p: i for i, p in enumerate(order)}
    removable = removable_vertices(
        [{index[q] for q in forbidden.get(p, set()) if q in index} for p in order]
    )
    allowed = {order[i] for i in removable}
    resting = next((p for p in candidates if p in allowed), customary)
    return resting, customary


def _max_forbidden(pairs: Sequence[int], forbidden: Mapping[int, set[int]]) -> int:
    members = set(pairs)
    return max((len(forbidden.get(p, set()) & members) for p in pairs), default=0)


def closest_pairing(
    order: Sequence[int], forbidden: Mapping[int, set[int]]
) -> tuple[list[tuple[int, int]], int]:
    """Pair ``order`` (even length, best first) top down, avoiding forbidden meetings.

    Returns the tables (higher-ranked pair first, best table first) and the number of forbidden
    meetings in them: 0 whenever possible, otherwise the fewest possible. Each pair in turn, from
    the top, meets the highest-ranked free pair it may meet such that the pairs below can still be
    completed; this is what a backtracking search in that order would find first.
    """
    limit = 2 * _max_forbidden(order, forbidden) + 4
    remaining = list(order)
    tables: list[tuple[int, int]] = []
    # While at least `limit` pairs are left, the pairs left after seating one more table can
    # always be completed (see the module docstring), so the first allowed opponent is right.
    while len(remaining) >= limit:
        top = remaining.pop(0)
        banned = forbidden.get(top, set())
        at = next(i for i, other in enumerate(remaining) if other not in banned)
        tables.append((top, remaining.pop(at)))
    index = {p: i for i, p in enumerate(remaining)}
    tail_forbidden = [{index[q] for q in forbidden.get(p, set()) if q in index} for p in remaining]
    tail, forced = lex_first_pairing(tail_forbidden)
    tables.extend((remaining[u], remaining[v]) for u, v in tail)
    return tables, forced
