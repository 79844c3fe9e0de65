"""The team's link for its captain (RULES.md section 11): no login, the signed link is the key.
It shows the team's match in the last published turno and sets the team's line-up for it, as
the director does (``services.teams.lineup_set``, marked as set by the captain)."""

from __future__ import annotations

from django.contrib import messages
from django.core import signing
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from ..forms.lineups import LineupForm, lineup_initial
from ..models import Entrant
from ..selectors import tournaments as selectors
from ..selectors.teams import team_roster, turno_matches
from ..services.teams import LineupChoice, lineup_set

SALT = "burraco_tourney.teams.captain"


def captain_token(team: Entrant) -> str:
    """The secret of a team's link: its id and its link key, signed (never guessable from the
    number); a new key (``services.teams.captain_link_revoke``) makes the old link useless. The
    same link every time it is printed: no time in the signature (the sheet, the card and the
    team's page give one link until the director makes a new one)."""
    data = {"team": team.pk, "k": team.link_key} if team.link_key else {"team": team.pk}
    return signing.Signer(salt=SALT).sign_object(data)


def _token_data(token: str) -> dict:
    """What a captain's link holds; a link printed with a time in its signature (one more
    separator) still opens."""
    if token.count(":") == 2:
        return signing.loads(token, salt=SALT)
    return signing.Signer(salt=SALT).unsign_object(token)


def captain_url(team: Entrant) -> str:
    return reverse("tournaments:team_lineup", args=[team.tournament.slug, captain_token(team)])


def _team(tournament, token: str) -> Entrant:
    try:
        data = _token_data(token)
        pk, key = data["team"], data.get("k", "")
    except (signing.BadSignature, KeyError, TypeError, AttributeError):
        raise Http404 from None
    team = tournament.entrants.filter(pk=pk).first()
    if team is None or key != team.link_key:  # a revoked link
        raise Http404
    return team


def team_lineup(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    team = _team(tournament, token)
    roster = team_roster(team=team)
    turno = tournament.turni.filter(published=True).order_by("-number").first()
    match = None
    if turno is not None:
        match = next(
            (m for m in turno_matches(turno=turno) if team.pk in (m.home.pk, m.away.pk)), None
        )
    form = None
    if match is not None:
        lineup = match.lineups.get(team.pk)
        form = LineupForm(request.POST or None, roster=roster, initial=lineup_initial(lineup))
        if request.method == "POST" and form.is_valid():
            try:
                choice = LineupChoice(*form.positions())
                lineup_set(match=match.match, team=team, choice=choice, by_captain=True)
            except ValidationError as err:
                for message in err.messages:
                    form.add_error(None, message)
            else:
                messages.success(request, _("Line-up saved."))
                return redirect(request.path)
    context = {
        "tournament": tournament,
        "team": team,
        "roster": roster,
        "turno": turno,
        "m": match,
        "form": form,
    }
    return render(request, "tournaments/team_lineup.html", context)
