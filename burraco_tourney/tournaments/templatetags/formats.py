"""Filters that ask a tournament's format a question with an argument (a template cannot call a
method with one): ``{{ count|entrants_count:tournament }}``, ``{{ line|line_title:tournament }}``.
"""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def entrants_count(count, tournament) -> str:
    """ "3 pairs" / "3 players", by the tournament's format."""
    return tournament.fmt.words.entrants_count(int(count or 0))


@register.filter
def entrants_registered(count, tournament) -> str:
    return tournament.fmt.words.entrants_registered(int(count or 0))


@register.filter
def line_title(line, tournament) -> str:
    """Who sits in ``line`` (a table's ``ns_line``/``eo_line``): "pair 3" or two names."""
    return tournament.fmt.words.line_title(line)
