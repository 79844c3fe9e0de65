"""A score as it reads beside another: "3000 – (−200)", never "3000 – -200".

Two scores are written with a dash between them; a negative one right after the dash read as a
double dash. A negative score is put in brackets with a real minus sign (U+2212); a signed one (a
scarto) keeps its "+" when it is not negative.
"""

from __future__ import annotations

from typing import Any

MINUS = "\u2212"


def score_text(value: Any, *, signed: bool = False) -> str:
    """``value`` as it reads in "A – B"; anything but a whole number is given back as text."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, int):
        return str(value)
    if value < 0:
        return f"({MINUS}{-value})"
    return f"+{value}" if signed else str(value)
