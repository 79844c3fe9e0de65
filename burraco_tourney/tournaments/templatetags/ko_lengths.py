"""``{% ko_match_lengths tournament as lengths %}``: a KO tournament's match lengths in words,
the tournament's own then each round's that differs (``selectors.ko_lengths``)."""

from __future__ import annotations

from django import template

from ..selectors.ko_lengths import ko_lengths_summary

register = template.Library()


@register.simple_tag
def ko_match_lengths(tournament) -> list[str]:
    return ko_lengths_summary(tournament)
