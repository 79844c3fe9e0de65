"""Public pages of a tournament. Thin: parse the request, call a selector, render.

The standings, the turni, the seating lists, a pair's page and the seat search update themselves
on the players' phones and are served from a cache (``live_pages``).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from burraco_tourney.core.rule_messages import rule_error_message

from ..access import can_direct
from ..live_pages import (
    LivePage,
    live_not_modified,
    live_response,
    render_parts,
    standings_rows,
)
from ..selectors import standings as standings_selectors
from ..selectors import tournaments as selectors
from ..selectors.gironi import girone_standings_or_missing
from ..selectors.prizes import prize_list_of
from ..tables import PairTable


def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/tournament_list.html",
        {"tournaments": selectors.tournament_list()},
    )


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "turni": selectors.turno_summaries(tournament=tournament),
            "entrant_count": tournament.entrants.count(),
            "planned_turni": tournament.fmt.planned_turni(tournament),
            "can_direct": can_direct(request.user, tournament),
            "has_prizes": prize_list_of(tournament) is not None,
        },
    )


def pair_list(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    return tournament.fmt.entrants.list_page(request, tournament)


def pairs_list_page(request: HttpRequest, tournament) -> HttpResponse:
    table = PairTable(selectors.pair_list(tournament=tournament))
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "tournaments/pair_list.html", {"tournament": tournament, "table": table})


@live_not_modified
def turno_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)

    def build(director: bool):
        turno = selectors.turno_get(tournament=tournament, number=number)
        body_template, part = tournament.fmt.entrants.turno_part(turno)
        return render_parts(
            request,
            tournament=tournament,
            title=_("Turno %(number)s") % {"number": number} + f" · {tournament.name}",
            body_template=body_template,
            context={"turno": turno, "byes": selectors.turno_byes(turno=turno), **part},
            section="turno",
            turno=turno,
        )

    page = LivePage(name="turno", params={"number": str(number)})
    return live_response(request, tournament=tournament, page=page, build=build)


@live_not_modified
def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The classifica after a turno: by default the last complete one.

    While a turno is being played its results come in table by table; the standings that
    include it are provisional, shown only when asked for and labelled as such.
    """
    tournament = selectors.tournament_get(slug=slug)
    kind = tournament.fmt.standings
    elsewhere = kind.elsewhere(tournament)
    if elsewhere:
        return redirect(elsewhere)
    after = request.GET.get("dopo", "")
    if after and not after.isdecimal():
        raise Http404

    def build(director: bool):
        choice = standings_selectors.standings_choice(tournament=tournament)
        turni = list(choice.turni)
        if after:
            after_turno = int(after)
            if after_turno not in turni:
                raise Http404
        else:
            after_turno = choice.default
        shown = [n for n in turni if after_turno is None or n <= after_turno]
        # Worked out once per change, for this page and the room's projector.
        rows, missing = standings_rows(tournament, after_turno)
        # The first two sharing a rank: the page says why, through "why is A above B".
        in_order = zip(rows, rows[1:], strict=False)
        shared = next(
            ((kind.number(a), kind.number(b)) for a, b in in_order if a.rank == b.rank), None
        )
        return render_parts(
            request,
            tournament=tournament,
            title=f"{_('Standings')} · {tournament.name}",
            body_template=kind.body_template,
            context={
                **kind.page_context(request, tournament, rows, shown),
                # Played in gironi: each girone's standings after the overall ones.
                "gironi": [
                    (g.name, kind.public_table(g.rows, shown, tournament.slug))
                    for g in (
                        []
                        if missing
                        else girone_standings_or_missing(
                            tournament=tournament, after_turno=after_turno
                        )
                    )
                ],
                "turni": turni,
                "after_turno": after_turno or (turni[-1] if turni else None),
                "in_progress": choice.in_progress,
                **choice.marks(after_turno),
                # What the director has not set yet (the riposo value): said instead of the table.
                "missing": rule_error_message(missing) if missing else None,
                "can_direct": director,
                "shared": shared,
                # The kind's words: "See why pairs 3 and 5 share their rank" (or players).
                "shared_link": kind.shared_link % {"a": shared[0], "b": shared[1]}
                if shared
                else "",
            },
            section="standings",
        )

    page = kind.live_page(request, after)
    return live_response(request, tournament=tournament, page=page, build=build)
