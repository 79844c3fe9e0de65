"""Director pages: drawing the turni, the preview of a draft, publishing, the seating lists.

Thin views: parse the request, call one service (``services/turni.py``) or selector, render. A
refusal of the pairing engine is shown next to the form field it concerns; a refusal due to the
state of the tournament (a draft pending, results missing, a locked turno) above the form, or as
a message after a button.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ... import draw_manager
from ...access import director_view
from ...draw_notes import explain, step_choices
from ...forms.turni import DrawForm, UnpublishForm, draw_initial
from ...models import Tournament, Turno
from ...selectors import tournaments as selectors
from ...selectors.seating import turno_seating
from ...services import turni as services
from ...services.seating_fix import seating_fix_refusal
from .refusals import run_for_button, run_for_form


def _draw_form(tournament: Tournament, number: int, data=None, initial=None) -> DrawForm:
    """The draw form of turno ``number``: the Mitchell steps are weighed against the turni played
    before it. When the form does not start from a Mitchell step, it starts from the best one."""
    options = draw_manager.mitchell_step_options(tournament, number)
    initial = dict(initial or {})
    best = next((o.step for o in options if o.best), None)
    if "step" not in initial and best is not None:
        initial["step"] = best
    return DrawForm(
        data,
        initial=initial,
        steps=step_choices(options),
        last_auto=draw_manager.is_last_turno(tournament, number),
    )


@director_view
def turni(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The list of turni and the form drawing the next one."""
    if tournament.fmt.director_draw_url != "manage:turni":
        # This kind's turni are drawn on a page of their own (the individual turni, the bracket).
        return redirect(tournament.fmt.director_draw_url, tournament.slug)
    last = tournament.turni.order_by("-number").first()
    number = last.number + 1 if last else 1
    blocked = last is not None and not last.published
    if request.method == "POST" and not blocked:
        form = _draw_form(tournament, number, request.POST)
        turno = run_for_form(
            form,
            lambda: services.turno_draw(
                tournament=tournament,
                user=request.user,
                request=form.draw_request(),
                close_previous=request.POST.get("chiudi_precedente") == "1",
            ),
        )
        if turno is not None:
            messages.success(
                request,
                _("Turno %(turno)s drawn as a draft: check it, then publish it.")
                % {"turno": turno.number},
            )
            return redirect("manage:turno_preview", tournament.slug, turno.number)
    else:
        form = _draw_form(tournament, number, initial=draw_initial(last, with_seating=False))
    summaries = selectors.turno_summaries(tournament=tournament, include_drafts=True)
    return render(
        request,
        "manage/turni.html",
        {
            "tournament": tournament,
            "section": "turni",
            "turni": summaries,
            # The turno before the one to draw, still open: the form offers to close it first.
            "open_previous": selectors.open_last_turno(summaries),
            "form": form,
            "next_number": number,
            "draft": last if blocked else None,
            "n_pairs": len(draw_manager.active_pairs(tournament, number)),
            "planned": tournament.planned_turni,
        },
    )


def _preview(
    request: HttpRequest,
    tournament: Tournament,
    turno: Turno,
    *,
    form: DrawForm | None = None,
    unpublish_form: UnpublishForm | None = None,
) -> HttpResponse:
    seating = turno_seating(turno=turno)
    has_results = any(t.has_result for t in seating.tables)
    can_redraw = not turno.published and not has_results
    if can_redraw and form is None:
        form = _draw_form(tournament, turno.number, initial=draw_initial(turno, with_seating=True))
    refusal = services.unpublish_refusal(turno) if turno.published else None
    table_of = {p.number: t.number for t in seating.tables for p in (t.ns, t.eo)}
    pairs = {p.number: p for p in tournament.entrants.all()}
    ranking = [
        {
            "pair": pairs.get(p),
            "number": p,
            "rank": rank,
            "vp": vp,
            "scarto": scarto,
            "table": table_of.get(p),
        }
        for p, rank, vp, scarto in turno.draw_options.get("standings", [])
    ]
    return render(
        request,
        "manage/turno_preview.html",
        {
            "tournament": tournament,
            "section": "turni",
            "turno": turno,
            "seating": seating,
            "explanations": explain(turno.draw_notes),
            "ranking": ranking,
            "has_results": has_results,
            "form": form if can_redraw else None,
            "unpublish_form": (unpublish_form or UnpublishForm()) if refusal is None else None,
            "unpublish_refusal": refusal,
            "seating_fixable": seating_fix_refusal(turno) is None,
        },
    )


def _turno(tournament: Tournament, number: int) -> Turno:
    """A turno of a tournament whose turni are these pages (an individual one has its own)."""
    if tournament.fmt.director_turno_url != "manage:turno_preview":
        raise Http404
    return selectors.turno_get(tournament=tournament, number=number, include_drafts=True)


@director_view
def turno_preview(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A turno as the director sees it: seating, explanation, and what may be done with it."""
    if tournament.fmt.director_turno_url != "manage:turno_preview":
        return redirect(tournament.fmt.director_turno_url, tournament.slug, number)
    return _preview(request, tournament, _turno(tournament, number))


@require_POST
@director_view
def turno_redraw(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    turno = _turno(tournament, number)
    refusal = services.redraw_refusal(turno)
    if refusal:
        messages.error(request, refusal)
        return redirect("manage:turno_preview", tournament.slug, number)
    form = _draw_form(tournament, number, request.POST)
    drawn = run_for_form(
        form,
        lambda: services.turno_redraw(turno=turno, user=request.user, request=form.draw_request()),
    )
    if drawn is None:
        return _preview(request, tournament, turno, form=form)
    messages.success(request, _("Turno %(turno)s drawn again.") % {"turno": number})
    return redirect("manage:turno_preview", tournament.slug, number)


@require_POST
@director_view
def turno_publish(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    turno = _turno(tournament, number)
    run_for_button(
        request,
        lambda: services.turno_publish(turno=turno, user=request.user),
        _("Turno %(turno)s published: the players can see their seats.") % {"turno": number},
    )
    return redirect("manage:turno_preview", tournament.slug, number)


@require_POST
@director_view
def turno_unpublish(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    turno = _turno(tournament, number)
    form = UnpublishForm(request.POST)
    if not form.is_valid():
        return _preview(request, tournament, turno, unpublish_form=form)
    run_for_button(
        request,
        lambda: services.turno_unpublish(
            turno=turno, user=request.user, reason=form.cleaned_data["reason"]
        ),
        _("Turno %(turno)s is a draft again.") % {"turno": number},
    )
    return redirect("manage:turno_preview", tournament.slug, number)


@require_POST
@director_view
def turno_delete(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    turno = _turno(tournament, number)
    deleted = run_for_button(
        request,
        lambda: services.turno_delete_draft(turno=turno, user=request.user),
        _("The draft of turno %(turno)s was deleted.") % {"turno": number},
    )
    if deleted:
        return redirect("manage:turni", tournament.slug)
    return redirect("manage:turno_preview", tournament.slug, number)


urlpatterns = [
    path("t/<slug:slug>/gestione/turni/", turni, name="turni"),
    path("t/<slug:slug>/gestione/turni/<int:number>/", turno_preview, name="turno_preview"),
    path("t/<slug:slug>/gestione/turni/<int:number>/ridisegna/", turno_redraw, name="turno_redraw"),
    path(
        "t/<slug:slug>/gestione/turni/<int:number>/pubblica/", turno_publish, name="turno_publish"
    ),
    path(
        "t/<slug:slug>/gestione/turni/<int:number>/bozza/",
        turno_unpublish,
        name="turno_unpublish",
    ),
    path("t/<slug:slug>/gestione/turni/<int:number>/elimina/", turno_delete, name="turno_delete"),
]
