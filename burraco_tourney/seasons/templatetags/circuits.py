"""``{{ value|circuit_score }}``: a circuit's points as ``seasons.scores`` writes them."""

from django import template

from ..scores import score_text

register = template.Library()


@register.filter
def circuit_score(value) -> str:
    return score_text(value)
