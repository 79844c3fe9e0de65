"""Public pages of an individual tournament: the standings by player and "dove mi siedo" by a
player's name. Served, like the pairs' pages, through ``live_pages`` (they update themselves).

The individual format's entrants and standings (``formats/entrants.py``, ``formats/standings.py``)
hand an individual tournament's pages over here.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from burraco_tourney.core.rule_messages import rule_error_message

from ..live_pages import LivePage, live_response, render_parts
from ..models import Tournament
from ..selectors.individual_seating import find_player_places
from ..selectors.standings import standings_choice
from ..selectors.standings_individual import individual_standings_or_missing


def player_list_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The public list of an individual tournament's players."""
    players = tournament.players.order_by("number")
    return render(
        request, "tournaments/player_list.html", {"tournament": tournament, "players": players}
    )


def individual_standings_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    after = request.GET.get("dopo", "")
    if after and not after.isdigit():
        raise Http404

    def build(director: bool):
        choice = standings_choice(tournament=tournament)
        turni = list(choice.turni)
        if after:
            after_turno = int(after)
            if after_turno not in turni:
                raise Http404
        else:
            after_turno = choice.default
        shown = [n for n in turni if after_turno is None or n <= after_turno]
        rows, missing = individual_standings_or_missing(
            tournament=tournament, after_turno=after_turno
        )
        # The first two players sharing a rank: the page says why ("why is A above B").
        in_order = zip(rows, rows[1:], strict=False)
        shared = next(
            ((a.player.number, b.player.number) for a, b in in_order if a.rank == b.rank), None
        )
        return render_parts(
            request,
            tournament=tournament,
            title=f"{_('Standings')} · {tournament.name}",
            body_template="tournaments/live/individual_standings.html",
            context={
                "rows": [
                    {"row": row, "by_turno": [row.earned_vp_by_turno.get(n) for n in shown]}
                    for row in rows
                ],
                "shown": shown,
                "turni": turni,
                "after_turno": after_turno or (turni[-1] if turni else None),
                "in_progress": choice.in_progress,
                **choice.marks(after_turno),
                "missing": rule_error_message(missing) if missing else None,
                "shared": shared,
            },
            section="standings",
        )

    page = LivePage(name="standings", params={"dopo": after}, stylesheets=("css/standings.css",))
    return live_response(request, tournament=tournament, page=page, build=build)


def individual_seat_search(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    query = request.GET.get("nome", "")[:80].strip()

    def build(director: bool):
        found = find_player_places(tournament=tournament, query=query) if query else []
        turno = tournament.turni.filter(published=True).order_by("-number").first()
        return render_parts(
            request,
            tournament=tournament,
            title=_("Where do I sit") + f" · {tournament.name}",
            body_template="tournaments/live/individual_seat_search.html",
            context={
                "turno": turno,
                "query": query,
                "found": [place for _turno, place in found],
                "too_short": bool(query) and len(" ".join(query.split())) < 2,
            },
            section="search",
        )

    page = LivePage(
        name="search", params={"nome": " ".join(query.split())}, stylesheets=("css/live.css",)
    )
    return live_response(request, tournament=tournament, page=page, build=build)
