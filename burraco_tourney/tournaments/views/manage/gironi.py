"""Director page: start the gironi phase from the next turno, with a preview of who falls where
(RULES.md section 12). Thin: the preview is a selector (``selectors.gironi.gironi_preview``), the
start one service (``services.gironi.gironi_start``), for pairs and individual tournaments."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _

from burraco_tourney.rules.errors import RuleError

from ...access import director_view
from ...forms.gironi import GironiForm
from ...models import Tournament
from ...selectors.gironi import gironi_preview
from ...services.gironi import gironi_start
from .refusals import run_for_form


@director_view
def gironi(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The sizes form; "Preview" shows the gironi, "Start" cuts them and draws the turno."""
    try:
        tournament.fmt.draw_manager.check_gironi()
    except ValidationError:
        raise Http404 from None
    if tournament.gironi_from is not None:
        messages.info(
            request,
            _("The gironi started with turno %(turno)s.") % {"turno": tournament.gironi_from},
        )
        return redirect(tournament.pages.draw.url)
    preview = None
    # The two settings as the tournament's settings page left them.
    settings = {"gironi_standings": tournament.gironi_standings}
    settings["gironi_overall"] = tournament.gironi_overall
    form = GironiForm(request.POST or None, initial=settings)
    if request.method == "POST" and "start" in request.POST:
        turno = run_for_form(
            form,
            lambda: gironi_start(
                tournament=tournament,
                user=request.user,
                sizes=form.cleaned_data["sizes"],
                mode=form.cleaned_data["mode"],
                standings_setting=form.cleaned_data["gironi_standings"],
                overall_setting=form.cleaned_data["gironi_overall"],
            ),
        )
        if turno is not None:
            messages.success(
                request,
                _("Gironi started: turno %(turno)s is a draft, check it and publish it.")
                % {"turno": turno.number},
            )
            return redirect("manage:turno_preview", tournament.slug, turno.number)
    if request.method == "POST" and form.is_valid():
        try:
            preview = gironi_preview(tournament=tournament, sizes=form.cleaned_data["sizes"])
        except RuleError as error:
            form.add_rule_error(error)
    return render(
        request,
        "manage/gironi.html",
        {"tournament": tournament, "section": "turni", "form": form, "preview": preview},
    )


urlpatterns = [path("t/<slug:slug>/gestione/gironi/", gironi, name="gironi")]
