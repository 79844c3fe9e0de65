"""The printable "where do I sit" page of a turno: by table, and alphabetically by player.

Public, no login: players and the venue's notice board read it. A draft turno is not public: only
its directors see it (to print it before publishing), marked as a draft; anyone else gets a 404.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from ..live_pages import LivePage, live_not_modified, live_response, render_parts
from ..selectors import tournaments as selectors


@live_not_modified
def seating(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)

    def build(director: bool):
        turno = selectors.turno_get(tournament=tournament, number=number, include_drafts=director)
        body_template, context = tournament.fmt.entrants.seating_part(turno, director)
        return render_parts(
            request,
            tournament=tournament,
            title=_("Turno %(number)s: where do I sit") % {"number": number}
            + f" · {tournament.name}",
            body_template=body_template,
            context=context,
            section="turno",
            turno=turno,
        )

    page = LivePage(
        name="seating", params={"number": str(number)}, stylesheets=("css/seating.css",)
    )
    return live_response(request, tournament=tournament, page=page, build=build)
