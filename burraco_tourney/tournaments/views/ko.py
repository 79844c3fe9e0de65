"""The public bracket of a KO tournament: read only, no login (players' phones).

Only published rounds are shown. Routed from ``views/manage/ko.py`` (name ``manage:bracket``).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from ..access import can_direct
from ..selectors.ko import ko_bracket
from ..selectors.tournaments import tournament_get


def bracket(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_get(slug=slug)
    if not tournament.fmt.knockout:
        raise Http404
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
