"""Director pages of an individual tournament's turni: draw the next turno (rotation, Danese
individuale or by hand), see each turno's tables with their four players, the resting players
and the draw's explanation, publish it, take it back to draft (no result yet), delete a draft.

Thin: the forms parse, ``services.individual_turni`` draws, ``services.turni`` publishes and
deletes (they do not depend on who sits). Results are entered on the same scorecard page as for
pairs (``manage:score_entry``).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...access import director_view
from ...draw_manager import DrawRequest
from ...draw_notes import explain
from ...formats.individual.draw_manager import active_players
from ...forms.individual import IndividualDrawForm
from ...forms.turni import UnpublishForm
from ...models import Tournament, Turno
from ...selectors.individual_seating import individual_seating
from ...selectors.tournaments import open_last_turno, turno_summaries
from ...services import individual_turni as services
from ...services import turni as turni_services
from .refusals import run_for_button, run_for_form


def _request(data: dict) -> DrawRequest:
    return DrawRequest(
        movement=data["movement"],
        seats=data.get("seating") or (),
        byes=data.get("byes") or (),
        seed=data.get("seed") or 0,
    )


@director_view
def individual_turni(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    players = len(active_players(tournament))
    form = IndividualDrawForm(request.POST or None, players=players)
    if request.method == "POST":
        turno = run_for_form(
            form,
            lambda: services.individual_turno_draw(
                tournament=tournament,
                user=request.user,
                request=_request(form.cleaned_data),
                close_previous=request.POST.get("chiudi_precedente") == "1",
            ),
        )
        if turno is not None:
            return redirect("manage:individual_turno", tournament.slug, turno.number)
    summaries = turno_summaries(tournament=tournament, include_drafts=True)
    last = summaries[-1].turno if summaries else None
    return render(
        request,
        "manage/individual_turni.html",
        {
            "tournament": tournament,
            "section": "turni",
            "turni": summaries,
            "form": form,
            "next_number": (last.number + 1) if last else 1,
            "draft": last if last is not None and not last.published else None,
            "n_players": players,
            "open_previous": open_last_turno(summaries),
        },
    )


def _turno(tournament: Tournament, number: int) -> Turno:
    return get_object_or_404(Turno, tournament=tournament, number=number)


def _page(
    request: HttpRequest,
    tournament: Tournament,
    turno: Turno,
    *,
    form: IndividualDrawForm | None,
    unpublish_form: UnpublishForm | None = None,
) -> HttpResponse:
    refusal = turni_services.unpublish_refusal(turno) if turno.published else None
    return render(
        request,
        "manage/individual_turno.html",
        {
            "tournament": tournament,
            "section": "turni",
            "turno": turno,
            "seating": individual_seating(turno=turno),
            "explanations": explain(turno.draw_notes),
            "form": form,
            # Back to draft: only a published turno that may still go back.
            "unpublish_form": (
                (unpublish_form or UnpublishForm()) if turno.published and refusal is None else None
            ),
            "unpublish_refusal": refusal,
        },
    )


@director_view
def individual_turno(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    turno = _turno(tournament, number)
    form = None
    if not turno.published and not turno.tables.exclude(entry_mode="").exists():
        form = IndividualDrawForm(
            request.POST or None,
            initial={"movement": turno.movement},
            players=len(active_players(tournament)),
        )
        if request.method == "POST":
            redrawn = run_for_form(
                form,
                lambda: services.individual_turno_redraw(
                    turno=turno, user=request.user, request=_request(form.cleaned_data)
                ),
            )
            if redrawn is not None:
                return redirect("manage:individual_turno", tournament.slug, number)
    return _page(request, tournament, turno, form=form)


@require_POST
@director_view
def individual_turno_publish(
    request: HttpRequest, tournament: Tournament, number: int
) -> HttpResponse:
    turno = _turno(tournament, number)
    run_for_button(
        request,
        lambda: turni_services.turno_publish(turno=turno, user=request.user),
        _("Turno %(turno)s published: the players can see their seats.") % {"turno": number},
    )
    return redirect("manage:individual_turno", tournament.slug, number)


@require_POST
@director_view
def individual_turno_unpublish(
    request: HttpRequest, tournament: Tournament, number: int
) -> HttpResponse:
    """Back to draft: a published turno with no result yet, the last one (as for pairs)."""
    turno = _turno(tournament, number)
    form = UnpublishForm(request.POST)
    if not form.is_valid():
        return _page(request, tournament, turno, form=None, unpublish_form=form)
    run_for_button(
        request,
        lambda: turni_services.turno_unpublish(
            turno=turno, user=request.user, reason=form.cleaned_data["reason"]
        ),
        _("Turno %(turno)s is a draft again.") % {"turno": number},
    )
    return redirect("manage:individual_turno", tournament.slug, number)


@require_POST
@director_view
def individual_turno_delete(
    request: HttpRequest, tournament: Tournament, number: int
) -> HttpResponse:
    turno = _turno(tournament, number)
    deleted = run_for_button(
        request,
        lambda: turni_services.turno_delete_draft(turno=turno, user=request.user),
        _("The draft of turno %(turno)s was deleted.") % {"turno": number},
    )
    if deleted:
        return redirect("manage:individual_turni", tournament.slug)
    return redirect("manage:individual_turno", tournament.slug, number)


urlpatterns = [
    path("t/<slug:slug>/gestione/turni-individuali/", individual_turni, name="individual_turni"),
    path(
        "t/<slug:slug>/gestione/turni-individuali/<int:number>/",
        individual_turno,
        name="individual_turno",
    ),
    path(
        "t/<slug:slug>/gestione/turni-individuali/<int:number>/pubblica/",
        individual_turno_publish,
        name="individual_turno_publish",
    ),
    path(
        "t/<slug:slug>/gestione/turni-individuali/<int:number>/bozza/",
        individual_turno_unpublish,
        name="individual_turno_unpublish",
    ),
    path(
        "t/<slug:slug>/gestione/turni-individuali/<int:number>/elimina/",
        individual_turno_delete,
        name="individual_turno_delete",
    ),
]
