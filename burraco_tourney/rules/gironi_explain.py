"""Why is one entrant above another when the last turni are played in gironi (RULES.md section
12): the explanation follows the order the standings show.

- **Overall standings, girone by girone** (``Gironi.by_girone``): two entrants of different
  gironi are ordered by their girone, whatever their VP (one step ``girone`` that decides; an
  entrant in no girone comes after every girone). Two of the same girone are ordered as in that
  girone's own standings: a step ``girone`` that is ``equal``, then the chain of
  ``standings_explain.explain_order`` on the girone's own context (its entrants only, since turno 1
  or over the phase only, ``Gironi.phase_only``) — the very one ``gironi.girone_standings`` ranks
  with.
- **A girone's own standings** (``within``): the same chain inside the girone; two entrants of
  different gironi are refused (``explain_other_girone``): no girone's standings hold both.
- Overall standings by VP: the plain ``explain_pair_order``, as without gironi.

Each ``girone`` step carries the two gironi (``Step.gironi``) and, in ``reason``, what the
girone's standings count (``phase_only`` or ``since_turno_1``).

Pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.gironi import Gironi, girone_inputs
from burraco_tourney.rules.standings import _standings_inputs
from burraco_tourney.rules.standings_explain import (
    Explanation,
    Step,
    explain_order,
    explain_pair_order,
)
from burraco_tourney.rules.standings_tally import PAIRS, EntrantKind, tiebreak_context

CODES: tuple[str, ...] = ("explain_other_girone", "explain_no_gironi")


def no_gironi_yet() -> RuleViolation:
    """The refusal of a girone's "why" for standings before the gironi phase counts."""
    return RuleViolation("explain_no_gironi", "These standings are before the gironi.")


def explain_gironi_order(
    gironi: Gironi,
    *,
    first: int,
    second: int,
    within: bool = False,
    tiebreaks: Iterable[str] | None = None,
    kind: EntrantKind = PAIRS,
    **inputs: Any,
) -> Explanation:
    """The order of ``first`` and ``second`` in the overall standings with ``gironi`` (or, with
    ``within``, in their girone's own standings); ``inputs`` those of
    ``standings.compute_standings`` (see the module docstring)."""
    keys = kind.default_tiebreaks if tiebreaks is None else tuple(tiebreaks)
    if not within and not gironi.by_girone:
        return explain_pair_order(first=first, second=second, tiebreaks=keys, kind=kind, **inputs)
    girone_of = gironi.girone_of()
    pair = (girone_of.get(first, ""), girone_of.get(second, ""))
    counts = "phase_only" if gironi.phase_only else "since_turno_1"
    if pair[0] != pair[1] or not pair[0]:
        if within:
            raise RuleViolation(
                "explain_other_girone",
                f"{first} and {second} are not in the same girone.",
                first=first,
                second=second,
                first_girone=pair[0],
                second_girone=pair[1],
            )
        if pair[0] == pair[1]:  # both in no girone: last, in the standings' own order
            return explain_pair_order(
                first=first, second=second, tiebreaks=keys, kind=kind, **inputs
            )
        order = [name for name, _numbers in gironi.members]
        place = {name: order.index(name) if name else len(order) for name in pair}
        ahead = first if place[pair[0]] < place[pair[1]] else second
        step = Step("girone", "decides", reason=counts, gironi=pair)
        return Explanation(first, second, ahead, (step,))
    tallies, meetings = _standings_inputs(kind=kind, **girone_inputs(gironi, inputs))
    members = dict(gironi.members)[pair[0]]
    own = {n: tallies[n] for n in members if n in tallies}
    inner = explain_order(first, second, keys, tiebreak_context(own, meetings), kind)
    step = Step("girone", "equal", reason=counts, gironi=pair)
    return replace(inner, steps=(step, *inner.steps))
