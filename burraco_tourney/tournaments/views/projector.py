"""The room's projector: a public, read-only full-screen page that rotates by itself between the
standings (in pages), the seating of the turno being played and the turno clock. The page's
script shows one panel at a time; htmx asks for the panels every few seconds, as the public
pages ask for their live part, and the answer is keyed on the tournament's change counter (304
while nothing was written), so a new result shows within seconds, on the panel being shown.
Without the script the page shows the standings."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ..live_pages import POLL_SECONDS, counter_etag, etag_response
from ..selectors import tournaments as selectors
from ..selectors.projector import projector_panels

DEFAULT_SECONDS = 15


def _seconds(request: HttpRequest) -> int:
    """How long each panel stays (``?ogni=``, 2 to 120 seconds)."""
    try:
        seconds = int(request.GET.get("ogni", DEFAULT_SECONDS))
    except ValueError:
        return DEFAULT_SECONDS
    return min(max(seconds, 2), 120)


def projector(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    return render(
        request,
        "tournaments/projector.html",
        {
            "tournament": tournament,
            "panels": projector_panels(tournament=tournament),
            "seconds": _seconds(request),
            "poll_seconds": POLL_SECONDS,
            "etag": counter_etag(tournament),
        },
    )


def projector_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    """The panels alone, for the page's script to swap in; 304 while nothing changed."""
    tournament = selectors.tournament_get(slug=slug)
    return etag_response(
        request,
        counter_etag(tournament),
        lambda: render(
            request,
            "tournaments/projector_panels.html",
            {"tournament": tournament, "panels": projector_panels(tournament=tournament)},
        ),
    )
