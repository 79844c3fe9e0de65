"""A pair's own page and the "where do I sit" search: public, no login, updating themselves.

Thin: read with the selectors (``pair_page``, ``seating``), render through ``live_pages``.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from ..fragments import kept_piece
from ..live_digest import content_digest
from ..live_pages import (
    LivePage,
    cached,
    kept_etags_remember,
    live_not_modified,
    live_response,
    page_menu,
    render_parts,
)
from ..selectors import tournaments as selectors
from ..selectors.pair_page import pair_turni, play_by_pair, standings_by_turno


@live_not_modified
def pair_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    return tournament.fmt.entrants.own_page(request, tournament, number)


def pair_own_page(request: HttpRequest, tournament, number: int) -> HttpResponse:
    """A pair's own page (``formats.entrants.PairEntrants``)."""

    def build(director: bool):
        # Every pair's rows and the ranks after each turno, read once for every pair's page.
        play = _play(tournament)
        pair = play.pairs.get(number)
        if pair is None:
            raise Http404
        turni = pair_turni(pair=pair, by_turno=_ranks(tournament), play=play)
        shown = [content_digest(t, play.row_digests) for t in turni]
        sections = [
            _turno_section(tournament, pair, t, digest)
            for t, digest in zip(turni, shown, strict=True)
        ]
        return render_parts(
            request,
            tournament=tournament,
            title=_("Pair %(number)s") % {"number": number} + f" · {tournament.name}",
            body_template="tournaments/live/pair.html",
            context={"pair": pair, "sections": sections},
            section="pair",
            shows=_shows(request, tournament, pair, shown),
        )

    def digest():
        # What every pair's page shows, read once per change: a save changes a few of them, and
        # only those are built again.
        digests = cached(
            tournament, "pair_pages", lambda: _digests(request, tournament), stale_ok=True
        )
        if number not in digests:
            raise Http404
        return digests[number]

    return live_response(
        request, tournament=tournament, page=_page(number), build=build, digest=digest
    )


def _page(number: int) -> LivePage:
    return LivePage(name="pair", params={"number": str(number)}, stylesheets=("css/live.css",))


def _play(tournament):
    return cached(
        tournament, "play_by_pair", lambda: play_by_pair(tournament=tournament), shared=False
    )


def _ranks(tournament):
    return cached(
        tournament, "standings_by_turno", lambda: standings_by_turno(tournament=tournament)
    )


def _turno_section(tournament, pair, t, shown: str):
    """One turno of the pair's page, drawn again only when what it shows changed (``shown``, the
    digest of ``t``): after a save the turni before the one being played are as they were."""
    return kept_piece(
        "pair-turno",
        (tournament.slug, pair.number, shown),
        lambda: render_to_string(
            "tournaments/live/_pair_turno.html", {"tournament": tournament, "pair": pair, "t": t}
        ),
    )


def _shows(request: HttpRequest, tournament, pair, turni_shown: list[str]) -> tuple:
    """What a pair's page is built from (``turni_shown``: each turno's digest): its digest says
    whether the page changed."""
    menu = page_menu(request, tournament=tournament, section="pair")
    return (tournament.name, tournament.slug, pair, turni_shown, menu)


def _digests(request: HttpRequest, tournament) -> dict[int, str]:
    """Every pair's page's digest; the pages a save left as they were answer the phones' polls
    with 304 from now on (``kept_etags_remember``)."""
    play, ranks = _play(tournament), _ranks(tournament)
    digests = {
        number: content_digest(
            _shows(
                request,
                tournament,
                pair,
                [
                    content_digest(t, play.row_digests)
                    for t in pair_turni(pair=pair, by_turno=ranks, play=play)
                ],
            )
        )
        for number, pair in play.pairs.items()
    }
    kept_etags_remember(
        tournament,
        (
            (reverse("tournaments:pair", args=[tournament.slug, number]), _page(number), digest)
            for number, digest in digests.items()
        ),
    )
    return digests


@live_not_modified
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
