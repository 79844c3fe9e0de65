"""Director pages of an individual tournament: its players — list, add, paste, import a file,
withdraw, reinstate, delete, draw the numbers — and the penalties per player.

Thin views, as for pairs: a form parses the request, one service writes, the page is rendered
again or the browser redirected. A pasted list or a file is shown with its errors line by line
and saves nothing while one remains.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from ...access import director_view
from ...forms.individual import (
    NumberDrawForm,
    PlayerFileForm,
    PlayerForm,
    PlayerPasteForm,
    PlayerPenaltyForm,
)
from ...models import Entrant, Penalty, Tournament
from ...services import entrants, penalties
from ...services import players as services
from .refusals import posted_reason, run_for_button


def _page(request: HttpRequest, tournament: Tournament, **forms) -> HttpResponse:
    players = list(tournament.entrants.order_by("number"))
    context = {
        "tournament": tournament,
        "section": "pairs",
        "players": players,
        "withdrawn_count": sum(p.withdrawn for p in players),
        "add_form": PlayerForm(),
        "paste_form": PlayerPasteForm(),
        "file_form": PlayerFileForm(),
        "draw_form": NumberDrawForm(),
        "penalty_form": PlayerPenaltyForm(tournament=tournament),
        "penalties": Penalty.objects.filter(turno__tournament=tournament)
        .select_related("turno", "entrant")
        .order_by("turno__number", "entrant__number"),
        "rows": None,
    }
    context.update(forms)
    return render(request, "manage/individual_players.html", context)


def _import(request, tournament, form, rows, source: str) -> HttpResponse:
    rows = services.players_import_check(tournament=tournament, rows=rows)
    if any(row.errors for row in rows):
        return _page(request, tournament, rows=rows, **form)
    try:
        created = services.players_import(
            tournament=tournament, user=request.user, rows=rows, source=source
        )
    except services.PlayerImportRejected as rejected:
        return _page(request, tournament, rows=rejected.rows, **form)
    count = len(created)
    messages.success(
        request,
        ngettext("%(count)s player added.", "%(count)s players added.", count) % {"count": count},
    )
    return redirect("manage:players", tournament.slug)


@director_view
def players(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if request.method != "POST":
        return _page(request, tournament)
    action = request.POST.get("action", "add")
    if action == "paste":
        form = PlayerPasteForm(request.POST)
        if form.is_valid():
            return _import(request, tournament, {"paste_form": form}, form.rows, "")
        return _page(request, tournament, paste_form=form)
    if action == "file":
        form = PlayerFileForm(request.POST, request.FILES)
        if form.is_valid():
            name = form.cleaned_data["file"].name
            return _import(request, tournament, {"file_form": form}, form.rows, name)
        return _page(request, tournament, file_form=form)
    if action == "draw":
        form = NumberDrawForm(request.POST)
        if form.is_valid():
            seed = form.cleaned_data["seed"]
            done = run_for_button(
                request,
                lambda: entrants.entrant_numbers_draw(
                    tournament=tournament, user=request.user, seed=seed
                ),
                _("The player numbers have been drawn."),
            )
            if done:
                return redirect("manage:players", tournament.slug)
        return _page(request, tournament, draw_form=form)
    form = PlayerForm(request.POST)
    if form.is_valid():
        try:
            player = entrants.entrant_create(
                tournament=tournament, user=request.user, **form.cleaned_data
            )
        except ValidationError as err:
            form.add_error("number" if hasattr(err, "error_dict") else None, err.messages)
        else:
            messages.success(request, _("%(player)s added.") % {"player": player})
            return redirect("manage:players", tournament.slug)
    return _page(request, tournament, add_form=form)


@require_POST
@director_view
def player_status(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Withdraw, reinstate or delete a player (POST only, from the players page)."""
    player = get_object_or_404(Entrant, tournament=tournament, number=number)
    action = request.POST.get("action")
    reason = posted_reason(request, 200)
    if reason is None:
        pass
    elif action == "delete":
        run_for_button(
            request,
            lambda: entrants.entrant_delete(entrant=player, user=request.user, reason=reason),
            _("%(player)s deleted.") % {"player": player},
        )
    elif action in ("withdraw", "reinstate"):
        withdrawn = action == "withdraw"
        run_for_button(
            request,
            lambda: entrants.entrant_set_withdrawn(
                entrant=player, user=request.user, withdrawn=withdrawn, reason=reason
            ),
            (_("%(player)s withdrawn.") if withdrawn else _("%(player)s reinstated."))
            % {"player": player},
        )
    return redirect("manage:players", tournament.slug)


@require_POST
@director_view
def player_penalty(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Give a player a penalty in a published turno (the form on the players page)."""
    form = PlayerPenaltyForm(request.POST, tournament=tournament)
    if form.is_valid():
        data = form.cleaned_data
        player = get_object_or_404(Entrant, tournament=tournament, number=data["player"])
        done = run_for_button(
            request,
            lambda: penalties.penalty_add(
                tournament=tournament,
                user=request.user,
                entrant=player,
                turno=data["turno"],
                vp=data["vp"] or 0,
                mp=data["mp"] or 0,
                reason=data["reason"],
            ),
            _("Penalty given to %(player)s.") % {"player": player},
        )
        if done:
            return redirect("manage:players", tournament.slug)
    return _page(request, tournament, penalty_form=form)


@require_POST
@director_view
def penalty_delete(request: HttpRequest, tournament: Tournament, pk: int) -> HttpResponse:
    """Delete a player's penalty, with the reason typed beside it (kept in the change log)."""
    penalty = get_object_or_404(Penalty, pk=pk, turno__tournament=tournament)
    reason = posted_reason(request)
    if reason is None:
        pass
    elif not (reason := " ".join(reason.split())):
        messages.error(request, _("Say why the penalty is deleted: the change log keeps it."))
    else:
        run_for_button(
            request,
            lambda: penalties.penalty_delete(penalty=penalty, user=request.user, reason=reason),
            _("Penalty deleted."),
        )
    return redirect("manage:players", tournament.slug)


urlpatterns = [
    path("t/<slug:slug>/gestione/giocatori/", players, name="players"),
    path(
        "t/<slug:slug>/gestione/giocatori/<int:number>/stato/", player_status, name="player_status"
    ),
    path("t/<slug:slug>/gestione/giocatori/penalita/", player_penalty, name="player_penalty"),
    path(
        "t/<slug:slug>/gestione/giocatori/penalita/<int:pk>/elimina/",
        penalty_delete,
        name="player_penalty_delete",
    ),
]
