"""The public prizes page: who won what, provisional until the last turno is closed. Names only
(never a birth year, a sex or a card: RULES.md §14)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from ..prize_rows import prize_context
from ..selectors import tournaments as selectors
from ..selectors.prizes import prize_allocation


def prizes_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    allocated = prize_allocation(tournament=tournament)
    if allocated is None:
        raise Http404
    context = prize_context(allocated, None)
    return render(
        request,
        "tournaments/prizes.html",
        {
            "tournament": tournament,
            "allocated": allocated,
            "awards": context["awards"],
            "fund": context["fund"],
        },
    )
