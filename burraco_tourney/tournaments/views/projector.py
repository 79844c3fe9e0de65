"""The room's projector: a public, read-only full-screen page that rotates by itself between the
standings (in pages), the seating of the turno being played and the turno clock. The page's
script shows one panel at a time; htmx asks for the panels every few seconds, as the public
pages ask for their live part, and the answer is keyed on the tournament's change counter as the
players' pages show it (``live_pages.shown_version``: 304 while nothing was written; a burst of
saves is shown at most every few seconds, as on the phones), so a new result shows within
seconds, on the panel being shown. What the panels show is worked out once per change, the
standings with the public standings page (``live_pages.standings_rows``). Without the script the
page shows the standings."""

from __future__ import annotations

import dataclasses
import functools

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from ..fragments import kept_piece
from ..live_pages import (
    POLL_SECONDS,
    cached,
    counter_etag,
    etag_response,
    shown_version,
    standings_rows,
)
from ..selectors import tournaments as selectors
from ..selectors.clock import turno_clock
from ..selectors.projector import ProjectorPanels, projector_panels

DEFAULT_SECONDS = 15


def _seconds(request: HttpRequest) -> int:
    """How long each panel stays (``?ogni=``, 2 to 120 seconds)."""
    try:
        seconds = int(request.GET.get("ogni", DEFAULT_SECONDS))
    except ValueError:
        return DEFAULT_SECONDS
    return min(max(seconds, 2), 120)


def standings_shown(tournament, panels: ProjectorPanels, page) -> tuple:
    """Every value ``_projector_standings_page.html`` shows but the page's number."""
    words = tournament.fmt.words
    rows = [(s.rank, str(s.entrant.number), str(s.entrant.players), s.vp, s.scarto) for s in page]
    return (
        panels.final,
        panels.after_turno,
        panels.provisional,
        panels.page_count,
        str(words.entrant_column),
        str(words.entrant_names_column),
        rows,
    )


def seating_shown(panels: ProjectorPanels, page, last: bool) -> tuple:
    """Every value ``_projector_seating_page.html`` shows but the page's number."""
    lines = [
        (str(t.label), str(line.number), str(line.players))
        for t in page
        for line in (t.ns_line, t.eo_line)
    ]
    byes = [(str(p.number), str(p.players)) for p in panels.byes] if last else []
    return (panels.turno.number, len(panels.seating_pages), lines, byes)


def _pieces(tournament, panels: ProjectorPanels) -> dict[str, list[str]]:
    """The standings and seating panels, each drawn once for what it shows
    (``fragments.kept_piece``): a save changes a few rows of the standings, not the seating."""

    def draw(template, **context):
        context.update(tournament=tournament, panels=panels)
        return lambda: render_to_string(template, context)

    standings = [
        kept_piece(
            f"projector-standings-{tournament.slug}-{number}",
            standings_shown(tournament, panels, page),
            draw("tournaments/_projector_standings_page.html", page=page, number=number),
        )
        for number, page in enumerate(panels.standings_pages, start=1)
    ]
    count = len(panels.seating_pages)
    seating = [
        kept_piece(
            f"projector-seating-{tournament.slug}-{number}",
            seating_shown(panels, page, number == count),
            draw(
                "tournaments/_projector_seating_page.html",
                page=page,
                number=number,
                pages=count,
                last=number == count,
            ),
        )
        for number, page in enumerate(panels.seating_pages, start=1)
    ]
    return {"standings": standings, "seating": seating}


def _panels(tournament) -> ProjectorPanels:
    """The panels at the version the players' pages show (``shown_version``): worked out once
    per change in this process, with the standings the public standings page works out (one
    computation for both), and the turno clock read now (it counts the time)."""
    panels = cached(
        tournament,
        "projector_panels",
        lambda: projector_panels(
            tournament=tournament, standings=functools.partial(standings_rows, tournament)
        ),
        shared=False,
    )
    return dataclasses.replace(panels, clock=turno_clock(turno=panels.turno, tournament=tournament))


def projector(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    with shown_version(tournament) as counter:
        panels = _panels(tournament)
        return render(
            request,
            "tournaments/projector.html",
            {
                "tournament": tournament,
                "panels": panels,
                "pieces": _pieces(tournament, panels),
                "seconds": _seconds(request),
                "poll_seconds": POLL_SECONDS,
                "etag": counter_etag(tournament, counter),
            },
        )


def projector_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    """The panels alone, for the page's script to swap in; 304 while nothing changed."""
    tournament = selectors.tournament_get(slug=slug)

    def panels_part() -> HttpResponse:
        panels = _panels(tournament)
        context = {"tournament": tournament, "panels": panels}
        context["pieces"] = _pieces(tournament, panels)
        return render(request, "tournaments/projector_panels.html", context)

    with shown_version(tournament) as counter:
        return etag_response(request, counter_etag(tournament, counter), panels_part)
