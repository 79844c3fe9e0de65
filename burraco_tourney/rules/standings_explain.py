"""Why is one pair above another in the standings: the tie-break chain, step by step.

The explanation walks the very functions the standings are ranked with (``tiebreaks.TIEBREAKS``
on the ``TiebreakContext`` of ``standings.standings_context``), following the same groups
``split_tied`` makes: it never ranks a second time by other means, so its verdict is the order
the standings show.

Steps, in order, each a code with the two pairs' values:

    vp            total VP; decides when they differ
    <tie-break>   each of the tournament's tie-breaks in its order (``scarto``, ``head_to_head``,
                  ``mp``): ``decides`` when the two values differ, ``equal`` when not,
                  ``not_applicable`` when the tie-break has no opinion on the group still tied
                  (``head_to_head``: ``reason`` ``not_two`` when more than two pairs are still
                  tied, ``never_met`` when the two never met)

For an individual tournament the chain is the same, by player (``explain_pair_order`` with the
players' ``kind``), on the very context the players are ranked with; their tie-breaks never
include head-to-head (players change partner every turno: the kind refuses it).

The chain stops at the first step that decides. When none decides the two pairs share the rank
(``Explanation.ahead`` is None): every step said ``equal`` or ``not_applicable``.

Worked example (the one of ``tiebreaks``): A, B, C on 40 VP; scarto A +300, B +120, C +120;
B beat C 12-8. For B and C: ``vp`` equal (40, 40), ``scarto`` equal (120, 120), ``head_to_head``
decides (12, 8) with B and C the only two still tied. For A and B: ``scarto`` decides.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.standings import standings_context
from burraco_tourney.rules.standings_tally import PAIRS, EntrantKind
from burraco_tourney.rules.tiebreaks import TIEBREAKS, TiebreakContext, check_tiebreaks

CODES: tuple[str, ...] = (
    "explain_same_pair",
    "explain_unknown_pair",
    "explain_same_player",
    "explain_unknown_player",
)

Outcome = Literal["decides", "equal", "not_applicable"]


@dataclass(frozen=True)
class Step:
    """One link of the chain: ``key`` is ``vp`` or a tie-break key; ``first`` and ``second`` the
    two pairs' values (None when the tie-break does not apply); ``tied`` the pairs still tied
    with both when this step was looked at (for ``vp``: every pair on the same VP)."""

    key: str
    outcome: Outcome
    first: int | None = None
    second: int | None = None
    reason: str = ""
    tied: tuple[int, ...] = ()
    # ``girone`` steps only (``gironi_explain``): the two entrants' gironi ("" for none).
    gironi: tuple[str, str] = ("", "")


@dataclass(frozen=True)
class Explanation:
    """The verdict on two pairs and the steps that led to it. ``ahead`` is the pair placed
    higher, None when they share the rank."""

    first: int
    second: int
    ahead: int | None
    steps: tuple[Step, ...]

    @property
    def shared(self) -> bool:
        return self.ahead is None


def explain_order(
    first: int,
    second: int,
    keys: Sequence[str],
    context: TiebreakContext,
    kind: EntrantKind = PAIRS,
) -> Explanation:
    """The chain between ``first`` and ``second`` under the tie-breaks ``keys`` (in order);
    ``kind`` names the entrants in the refusals and refuses the tie-breaks they cannot have."""
    keys = check_tiebreaks(keys, kind.refused_tiebreaks)
    noun = kind.noun
    for pair in (first, second):
        if pair not in context.totals:
            raise RuleViolation(
                f"explain_unknown_{noun}",
                f"{noun.capitalize()} {pair} is not in the standings.",
                **{noun: pair},
            )
    if first == second:
        raise RuleViolation(f"explain_same_{noun}", f"Pick two different {noun}s.", **{noun: first})
    totals = context.totals
    vp_a, vp_b = totals[first].vp, totals[second].vp
    group = tuple(sorted(p for p, t in totals.items() if t.vp == vp_a))
    if vp_a != vp_b:
        step = Step("vp", "decides", vp_a, vp_b)
        return Explanation(first, second, first if vp_a > vp_b else second, (step,))
    steps = [Step("vp", "equal", vp_a, vp_b, tied=group)]
    for key in keys:
        values = TIEBREAKS[key](group, context)
        if values is None:
            steps.append(Step(key, "not_applicable", reason=_why_not(key, group), tied=group))
            continue
        a, b = values[first], values[second]
        if a != b:
            steps.append(Step(key, "decides", a, b, tied=group))
            return Explanation(first, second, first if a > b else second, tuple(steps))
        steps.append(Step(key, "equal", a, b, tied=group))
        # As ``split_tied`` does: only the pairs with the same value go on to the next key.
        group = tuple(p for p in group if values[p] == a)
    return Explanation(first, second, None, tuple(steps))


def _why_not(key: str, group: Sequence[int]) -> str:
    if key == "head_to_head":
        return "not_two" if len(group) != 2 else "never_met"
    return "no_opinion"


def explain_pair_order(
    *,
    first: int,
    second: int,
    tiebreaks: Iterable[str] | None = None,
    kind: EntrantKind = PAIRS,
    **inputs: Any,
) -> Explanation:
    """``explain_order`` for the inputs of ``standings.compute_standings`` (entrants, tables,
    byes, penalties, bye and forfeit values, ``after_turno``, ``kind``): the same context and
    tie-breaks the entrants are ranked with (the kind's default when ``tiebreaks`` is None)."""
    keys = kind.default_tiebreaks if tiebreaks is None else tuple(tiebreaks)
    context = standings_context(kind=kind, **inputs)
    return explain_order(first, second, keys, context, kind)
