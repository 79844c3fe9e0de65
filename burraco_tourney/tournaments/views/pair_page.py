"""A pair's own page and the "where do I sit" search: public, no login, updating themselves.

Thin: read with the selectors (``pair_page``, ``seating``), render through ``live_pages``.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from ..live_pages import LivePage, cached, live_response, render_parts
from ..selectors import tournaments as selectors
from ..selectors.pair_page import pair_turni, play_by_pair, standings_by_turno


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
    """ "Where do I sit" by a player's name: the kind's entrants find the places
    (``fmt.entrants.seat_search_part``)."""
    tournament = selectors.tournament_get(slug=slug)
    query = request.GET.get("nome", "")[:80].strip()

    def build(director: bool):
        body_template, context = tournament.fmt.entrants.seat_search_part(tournament, query)
        return render_parts(
            request,
            tournament=tournament,
            title=_("Where do I sit") + f" · {tournament.name}",
            body_template=body_template,
            context={"query": query, **context},
            section="search",
        )

    page = LivePage(
        name="search",
        params={"nome": " ".join(query.split())},
        stylesheets=("css/live.css",),
    )
    return live_response(request, tournament=tournament, page=page, build=build)
