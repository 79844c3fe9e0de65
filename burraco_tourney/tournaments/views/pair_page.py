"""A pair's own page and the "where do I sit" search: public, no login, updating themselves.

Thin: read with the selectors (``pair_page``, ``seating``), render through ``live_pages``.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from ..live_pages import LivePage, cached, live_response, render_parts
from ..selectors import seating as seating_selectors
from ..selectors import tournaments as selectors
from ..selectors.pair_page import pair_turni, play_by_pair, standings_by_turno
from ..selectors.seating import SEARCH_MIN_LENGTH, latest_turno, name_key


def pair_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    return tournament.fmt.entrants.own_page(request, tournament, number)


def pair_own_page(request: HttpRequest, tournament, number: int) -> HttpResponse:
    """A pair's own page (``formats.entrants.PairEntrants``)."""

    def build(director: bool):
        # The ranks after each turno and every pair's tables are read once for every pair's page.
        play = cached(tournament, "play_by_pair", lambda: play_by_pair(tournament=tournament))
        pair = play.pairs.get(number)
        if pair is None:
            raise Http404
        by_turno = cached(
            tournament, "standings_by_turno", lambda: standings_by_turno(tournament=tournament)
        )
        return render_parts(
            request,
            tournament=tournament,
            title=_("Pair %(number)s") % {"number": number} + f" · {tournament.name}",
            body_template="tournaments/live/pair.html",
            context={"pair": pair, "turni": pair_turni(pair=pair, by_turno=by_turno, play=play)},
            section="pair",
        )

    page = LivePage(name="pair", params={"number": str(number)}, stylesheets=("css/live.css",))
    return live_response(request, tournament=tournament, page=page, build=build)


def seat_search(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    return tournament.fmt.entrants.seat_search_page(request, tournament)


def pairs_seat_search(request: HttpRequest, tournament) -> HttpResponse:
    """ "Where do I sit" by a player's name, among the pairs (``formats.entrants``)."""
    query = request.GET.get("nome", "")[:80].strip()

    def build(director: bool):
        turno = latest_turno(tournament=tournament)
        found = seating_selectors.seat_search(turno=turno, query=query) if turno and query else []
        return render_parts(
            request,
            tournament=tournament,
            title=_("Where do I sit") + f" · {tournament.name}",
            body_template="tournaments/live/seat_search.html",
            context={
                "turno": turno,
                "query": query,
                "found": found,
                "too_short": bool(query) and len(name_key(query)) < SEARCH_MIN_LENGTH,
            },
            section="search",
        )

    page = LivePage(
        name="search",
        params={"nome": " ".join(query.split())},
        stylesheets=("css/live.css",),
    )
    return live_response(request, tournament=tournament, page=page, build=build)
