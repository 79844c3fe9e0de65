"""Director pages: the director's tournaments, creating and editing one, its dashboard.

Thin views: parse the request, call one service or selector, render. Every tournament page goes
through ``director_view`` (login, then the tournament for its directors only, else 404).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from burraco_tourney.core.submissions import Submission

from ...access import director_view
from ...forms.setup import TournamentForm, create_initial
from ...models import Tournament
from ...selectors.dashboard import dashboard as dashboard_selector
from ...selectors.dashboard import director_tournaments
from ...selectors.federation import report_state
from ...services.tournaments import (
    DirectorGrantError,
    RecomputeFailed,
    RulesChangeNeedsConfirmation,
    tournament_create,
    tournament_director_add,
    tournament_director_remove,
    tournament_update,
)


@login_required
def home(request: HttpRequest) -> HttpResponse:
    return render(
        request, "manage/home.html", {"tournaments": director_tournaments(user=request.user)}
    )


@login_required
def tournament_create_view(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None, initial=create_initial())
    if request.method == "POST" and form.is_valid():
        submission = Submission(request, "tournament_create")
        if submission.is_repeat():  # a double click on "create"
            return submission.repeat_response(fallback=reverse("manage:home"))
        try:
            tournament = tournament_create(user=request.user, settings=form.settings())
        except Exception:
            submission.forget()  # the same form may be sent again at once
            raise
        submission.done(reverse("manage:dashboard", args=[tournament.slug]))
        messages.success(request, str(tournament.fmt.words.created_message))
        for warning in form.warnings:
            messages.warning(request, warning)
        return redirect("manage:dashboard", tournament.slug)
    return render(request, "manage/tournament_form.html", {"form": form, "creating": True})


@director_view
def tournament_edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = TournamentForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            update = tournament_update(
                tournament=tournament,
                user=request.user,
                settings=form.settings(),
                confirm_recompute=form.confirmed,
            )
        except RulesChangeNeedsConfirmation as refusal:
            form.needs_confirmation(refusal.fields, refusal.check)
        except RecomputeFailed as failure:
            form.recompute_failed(failure)
        else:
            if not update.changed:
                messages.info(request, _("Nothing to save: the settings are unchanged."))
            elif update.recomputed is not None:
                messages.success(
                    request,
                    ngettext(
                        "Settings saved; %(count)s result recomputed with the new rules.",
                        "Settings saved; %(count)s results recomputed with the new rules.",
                        update.recomputed,
                    )
                    % {"count": update.recomputed},
                )
            else:
                messages.success(request, _("Settings saved."))
            for warning in form.warnings:
                messages.warning(request, warning)
            return redirect("manage:tournament_edit", tournament.slug)
    return render(
        request,
        "manage/tournament_form.html",
        {
            "form": form,
            "tournament": tournament,
            "section": "settings",
            "can_grant": _can_grant(request.user, tournament),
            "directors": tournament.directors.order_by("username"),
        },
    )


# The list of directors shows whether an added name was an account: this many tries an hour for
# each account keeps the page from serving as a way to list the site's user names.
GRANT_TRIES_PER_HOUR = 10


def _grant_tries_exceeded(user) -> bool:
    key = f"director_add_tries:{user.pk}"
    cache.add(key, 0, 3600)
    try:
        return cache.incr(key) > GRANT_TRIES_PER_HOUR
    except ValueError:  # expired between the two calls
        return False


def _can_grant(user, tournament: Tournament) -> bool:
    return user.is_superuser or tournament.owner_id == user.pk


@require_POST
@director_view
def director_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if not _can_grant(request.user, tournament):
        raise PermissionDenied
    username = request.POST.get("username", "").strip()
    if not username:
        messages.error(request, _("Write the username of the director to add."))
    elif _grant_tries_exceeded(request.user):
        messages.error(
            request,
            _("Too many directors added in the last hour: try again later."),
        )
    else:
        try:
            tournament_director_add(tournament=tournament, user=request.user, username=username)
        except DirectorGrantError as err:
            messages.error(request, err.message)
        else:
            # The same words whether the account exists or not: the page is no way to find
            # out which user names exist.
            messages.info(
                request,
                _(
                    "If %(username)s is the user name of an account, it can now direct this "
                    "tournament."
                )
                % {"username": username},
            )
    return redirect("manage:tournament_edit", tournament.slug)


@require_POST
@director_view
def director_remove(request: HttpRequest, tournament: Tournament, user_id: int) -> HttpResponse:
    if not _can_grant(request.user, tournament):
        raise PermissionDenied
    try:
        tournament_director_remove(tournament=tournament, user=request.user, director_id=user_id)
    except DirectorGrantError as err:
        messages.error(request, err.message)
    else:
        messages.success(request, _("The director was removed."))
    return redirect("manage:tournament_edit", tournament.slug)


@director_view
def dashboard(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return render(
        request,
        "manage/dashboard.html",
        {
            "tournament": tournament,
            "section": "dashboard",
            "board": dashboard_selector(tournament=tournament),
            "federation": report_state(tournament=tournament),
        },
    )


urlpatterns = [
    path("gestione/", home, name="home"),
    path("gestione/nuovo/", tournament_create_view, name="tournament_create"),
    path("t/<slug:slug>/gestione/", dashboard, name="dashboard"),
    path("t/<slug:slug>/gestione/impostazioni/", tournament_edit, name="tournament_edit"),
    path(
        "t/<slug:slug>/gestione/impostazioni/direttori/",
        director_add,
        name="director_add",
    ),
    path(
        "t/<slug:slug>/gestione/impostazioni/direttori/<int:user_id>/rimuovi/",
        director_remove,
        name="director_remove",
    ),
]
