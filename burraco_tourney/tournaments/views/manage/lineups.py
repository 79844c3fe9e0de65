"""Director pages: a team's line-up for a match (RULES.md section 11), posted from the turno's
page (``manage/_team_lineups.html``), and each team's link for its captain. Thin: the form,
one service, a redirect with the message."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...access import director_view
from ...forms.lineups import LineupForm
from ...models import Entrant, Match, Tournament
from ...selectors.teams import team_roster
from ...services.teams import LineupChoice, lineup_set


@require_POST
@director_view
def lineup_save(
    request: HttpRequest, tournament: Tournament, number: int, match: int, team: int
) -> HttpResponse:
    match_obj = get_object_or_404(
        Match.objects.prefetch_related("tables__ns", "tables__eo"),
        turno__tournament=tournament,
        turno__number=number,
        number=match,
    )
    team_obj = get_object_or_404(Entrant, tournament=tournament, number=team)
    form = LineupForm(request.POST, roster=team_roster(team=team_obj))
    back = redirect("manage:turno_preview", tournament.slug, number)
    if not form.is_valid():
        messages.error(request, _("Choose four players of the team, two for each room."))
        return back
    try:
        choice = LineupChoice(*form.positions())
        lineup_set(match=match_obj, team=team_obj, choice=choice, user=request.user)
    except ValidationError as err:
        for message in err.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("Line-up of %(team)s for match %(match)s saved.")
            % {"team": team_obj.name, "match": match},
        )
    return back


urlpatterns = [
    path(
        "t/<slug:slug>/gestione/turni/<int:number>/incontro/<int:match>/formazione/<int:team>/",
        lineup_save,
        name="lineup_save",
    ),
]
