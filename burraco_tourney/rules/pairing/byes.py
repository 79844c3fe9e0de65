"""Who rests (riposo) when the number of pairs is odd.

RULES.md section 6: exactly one pair rests each turno, and nobody rests twice while another pair
has not rested. So the resting pair is always chosen among the pairs with the fewest byes so far;
each method then applies its own customary preference inside that group:

- Mitchell: the pair that would meet the phantom EO pair, when it has the fewest byes; otherwise
  the nearest pair (by table) that has, and its opponent moves to the phantom's table;
- Danese: the lowest-ranked pair among those with the fewest byes;
- all'italiana: the pair the calendar sets against the phantom (each rests exactly once);
- individual tournaments: n mod 4 players rest, ``choose_resting`` (the rotation: highest numbers
  first among equals; the Danese individuale: lowest ranked first).

This module never imports Django or any app.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from burraco_tourney.rules.pairing.draw import DrawNote


def fewest_byes(pairs: Iterable[int], bye_counts: Mapping[int, int]) -> tuple[int, ...]:
    """The pairs (in the given order) whose number of past byes is the smallest among ``pairs``.

    A pair missing from ``bye_counts`` has never rested.
    """
    order = tuple(pairs)
    if not order:
        return ()
    least = min(bye_counts.get(p, 0) for p in order)
    return tuple(p for p in order if bye_counts.get(p, 0) == least)


def may_rest(pair: int, pairs: Iterable[int], bye_counts: Mapping[int, int]) -> bool:
    """True when ``pair`` resting now would not make it rest more than any pair of ``pairs``."""
    return pair in fewest_byes(pairs, bye_counts)


def bye_note(
    pair: int, reason: str, bye_counts: Mapping[int, int] | None, **extra: Any
) -> DrawNote:
    """The "bye" note: who rests, why (a BYE_REASONS value) and, when known, its past byes."""
    params: dict[str, Any] = {"pair": pair, "reason": reason}
    if bye_counts is not None:
        params["byes_before"] = bye_counts.get(pair, 0)
    params.update(extra)
    return DrawNote("bye", params)


def choose_resting(
    order: Iterable[int], bye_counts: Mapping[int, int], count: int
) -> tuple[int, ...]:
    """The ``count`` entrants who rest (1 to 3 players in an individual turno): fewest past byes
    first, then in ``order``. Nobody rests twice while another has not rested: an entrant is
    taken only when every entrant with fewer byes is already taken (``fewest_byes`` for many).
    """
    ranked = sorted(enumerate(order), key=lambda item: (bye_counts.get(item[1], 0), item[0]))
    return tuple(player for _, player in ranked[:count])
