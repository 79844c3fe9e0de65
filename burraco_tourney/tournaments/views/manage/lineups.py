"""Director pages: a team's line-up for a match (RULES.md section 11), posted from the turno's
page (``manage/_team_lineups.html``), and each team's link for its captain. Thin: the form,
one service, a redirect with the message."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.translation import gettext as _

from ...access import director_view
from ...forms.lineups import LineupForm
from ...models import Entrant, Match, Tournament
from ...qr_codes import phones_base, phones_cannot_reach, qr_svg
from ...selectors.teams import team_roster
from ...services.teams import LineupChoice, captain_link_revoke, lineup_set
from ..team_lineup import captain_url
from .entrants_common import words_of
from .turni import turno_page


@director_view
def lineup_save(
    request: HttpRequest, tournament: Tournament, number: int, match: int, team: int
) -> HttpResponse:
    """Save a team's line-up; a refused one comes back in its place on the turno's page, with
    the four choices as posted and the reason under them (the page's top says so, and the
    form takes the focus, so a director far from it sees it). Opened as an address (a reload
    after a refusal), the turno's page."""
    if request.method != "POST":
        return redirect("manage:turno_preview", tournament.slug, number)
    match_obj = get_object_or_404(
        Match.objects.prefetch_related("tables__ns", "tables__eo"),
        turno__tournament=tournament,
        turno__number=number,
        number=match,
    )
    team_obj = get_object_or_404(Entrant, tournament=tournament, number=team)
    form = LineupForm(
        request.POST, roster=team_roster(team=team_obj), prefix_id=f"m{match}-t{team}-"
    )
    if form.is_valid():
        try:
            choice = LineupChoice(*form.positions())
            lineup_set(match=match_obj, team=team_obj, choice=choice, user=request.user)
        except ValidationError as err:
            for message in err.messages:
                form.add_error(None, message)
        else:
            messages.success(
                request,
                _("Line-up of %(team)s for match %(match)s saved.")
                % {"team": team_obj.name, "match": match},
            )
            return redirect("manage:turno_preview", tournament.slug, number)
    else:
        form.add_error(None, _("Choose four players of the team, two for each room."))

    def put_back(part: dict) -> None:
        placed = False
        for row in part.get("team_matches", ()):
            for side in row["sides"]:
                if row["view"].match.pk == match_obj.pk and side["team"].pk == team_obj.pk:
                    side["form"], placed = form, True
        if not placed:  # not a side of that match (drawn again meanwhile): said at the top
            for message in form.non_field_errors():
                messages.error(request, message)
            return
        form.fields["aperta1"].widget.attrs["autofocus"] = True
        messages.error(
            request,
            _("The line-up of %(team)s for match %(match)s was not saved: see why under it.")
            % {"team": team_obj.name, "match": match},
        )

    return turno_page(request, tournament, match_obj.turno, refused=put_back)


@director_view
def captain_sheet(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A team's printable sheet: its roster and its captain's link as a QR code; a POST draws
    a new link (the old one stops working)."""
    team = get_object_or_404(Entrant, tournament=tournament, number=number)
    if not words_of(tournament).roster_fields:  # only an entrant with a roster has a captain
        raise Http404
    if request.method == "POST":
        team = captain_link_revoke(team=team, user=request.user)
        messages.success(
            request,
            _("Team %(team)s has a new captain's link: the old one no longer works.")
            % {"team": team.name},
        )
        return redirect("manage:captain_sheet", tournament.slug, number)
    link = phones_base(request) + captain_url(team)
    context = {
        "tournament": tournament,
        "team": team,
        "roster": team_roster(team=team),
        "link": link,
        "qr": qr_svg(link, scale=5, label=_("QR code of the captain's link")),
        "phones_cannot_reach": phones_cannot_reach(request),
    }
    return render(request, "manage/team_captain_sheet.html", context)


urlpatterns = [
    path(
        "t/<slug:slug>/gestione/squadre/<int:number>/capitano/",
        captain_sheet,
        name="captain_sheet",
    ),
    path(
        "t/<slug:slug>/gestione/turni/<int:number>/incontro/<int:match>/formazione/<int:team>/",
        lineup_save,
        name="lineup_save",
    ),
]
