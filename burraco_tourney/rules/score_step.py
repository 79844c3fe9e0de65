"""Every score is a multiple of 5 (RULES.md section 2: every card is worth one), so card points,
MP, a penalty's MP, a bonus, a VP band's bound and a KO target score are multiples of 5 too.

``SCORE_STEP`` and ``is_score`` are the one statement of it: the engine's own checks and the
forms' boxes (penalties, the KO rounds, the VP bands) ask here; ``check_score`` raises the
refusal with the code a caller names, so the web layer says it in the words of that box
(``core.rule_messages``). Example: ``is_score(2005)`` is true, ``check_score(7, code="x")``
raises ``RuleViolation("x", value=7)``.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from typing import Any

from burraco_tourney.rules.errors import RuleViolation

SCORE_STEP = 5
# The refusals ``check_score`` gives for the boxes that ask it (a penalty's MP, a KO round's
# target score); each caller names its own, so the sentence speaks of that box.
CODES: tuple[str, ...] = ("penalty_mp_not_multiple_of_5", "ko_target_not_multiple_of_5")


def is_score(value: int) -> bool:
    """True for a whole number of points a deal can give (a multiple of ``SCORE_STEP``)."""
    return value % SCORE_STEP == 0


def check_score(value: int, *, code: str, **params: Any) -> None:
    """Raise ``RuleViolation(code, value=value, **params)`` unless ``value`` is a score."""
    if not is_score(value):
        raise RuleViolation(
            code, f"{value} is not a multiple of {SCORE_STEP}.", value=value, **params
        )
