"""The public bracket of a KO tournament: read only, no login (players' phones).

Only published rounds are shown. Routed from ``views/manage/ko.py`` (name ``manage:bracket``).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from ..access import can_direct
from ..models import Tournament
from ..selectors.ko import ko_bracket
from ..selectors.tournaments import tournament_get


def with_bracket(tournament: Tournament) -> Tournament:
    """``tournament``, or "page not found" for a kind without a bracket."""
    try:
        tournament.fmt.draw_manager.check_bracket()
    except ValidationError:
        raise Http404 from None
    return tournament


def bracket(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = with_bracket(tournament_get(slug=slug))
    return render(
        request,
        "tournaments/bracket.html",
        {
            "tournament": tournament,
            "section": "bracket",
            "page": ko_bracket(tournament=tournament, include_drafts=False),
            "can_direct": can_direct(request.user, tournament),
            "director": False,
        },
    )
