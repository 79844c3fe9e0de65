"""``{{ a|score }} – {{ b|score }}``: two scores side by side, a negative one in brackets with a
real minus ("3000 – (−200)"); ``|score:"+"`` keeps the "+" of a scarto (``core.scores``)."""

from __future__ import annotations

from django import template

from burraco_tourney.core.scores import score_text

register = template.Library()


@register.filter
def score(value, sign: str = "") -> str:
    return score_text(value, signed=sign == "+")
