"""The printable "where do I sit" page of a turno: by table, and alphabetically by player.

Public, no login: players and the venue's notice board read it. A draft turno is not public: only
its directors see it (to print it before publishing), marked as a draft; anyone else gets a 404.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ..access import can_direct
from ..selectors import tournaments as selectors
from ..selectors.seating import turno_seating


def seating(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    director = can_direct(request.user, tournament)
    turno = selectors.turno_get(tournament=tournament, number=number, include_drafts=director)
    return render(
        request,
        "tournaments/seating.html",
        {
            "tournament": tournament,
            "turno": turno,
            "seating": turno_seating(turno=turno),
            "director": director,
            "section": "turno",
        },
    )
