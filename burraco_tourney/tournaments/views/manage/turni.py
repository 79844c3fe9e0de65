"""Director pages: drawing the turni, a turno's page (the preview of a draft), publishing, taking
back to draft, deleting a draft, for every kind of tournament.

Thin views: parse the request, call one service (``services/turni.py``) or selector, render. What
differs between kinds is the kind's draw manager's (``formats/draw.py``): its draw form, the form's
boxes and script (``pages``) and its turno's seating. Every kind's turni have the same addresses,
under ``turni/``; a kind that draws elsewhere (a knock-out's bracket) is sent to its draw page. The
individual turni's old addresses, under ``turni-individuali/``, send to the same pages for good
(printed links and bookmarks keep working).

A refusal of the pairing engine is shown next to the form field it concerns; a refusal due to the
state of the tournament (a draft pending, results missing, a locked turno) above the form, or as
a message after a button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...access import director_view
from ...draw_notes import explain
from ...forms.turni import UnpublishForm
from ...models import Tournament, Turno
from ...selectors import tournaments as selectors
from ...services import turni as services
from ...services.seating_fix import seating_fix_refusal
from .refusals import run_for_button, run_for_form


@director_view
def turni(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The list of turni and the form drawing the next one."""
    draw_page = tournament.pages.draw.url
    if draw_page != reverse("manage:turni", args=[tournament.slug]):
        # This kind's turni are drawn on a page of their own (a knock-out's bracket).
        return redirect(draw_page)
    manager = tournament.fmt.draw_manager
    last = tournament.turni.order_by("-number").first()
    number = last.number + 1 if last else 1
    blocked = last is not None and not last.published
    if request.method == "POST" and not blocked:
        form = manager.draw_form(tournament, number, request.POST)
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
        form = manager.draw_form(tournament, number, like=last)
    summaries = selectors.turno_summaries(tournament=tournament, include_drafts=True)
    return render(
        request,
        "manage/turni.html",
        {
            "tournament": tournament,
            "section": "turni",
            "pages": manager.pages,
            "turni": summaries,
            # The turno before the one to draw, still open: the form offers to close it first.
            "open_previous": selectors.open_last_turno(summaries),
            "form": form,
            "next_number": number,
            "draft": last if blocked else None,
            "active": manager.active_count(tournament, number),
            "planned": tournament.fmt.planned_turni(tournament),
        },
    )


def turno_page(
    request: HttpRequest,
    tournament: Tournament,
    turno: Turno,
    *,
    form: Any = None,
    unpublish_form: UnpublishForm | None = None,
    refused: Callable[[dict[str, Any]], None] | None = None,
) -> HttpResponse:
    """A turno's page: its seating (the kind's), its explanation, what may be done with it.
    ``refused`` puts a refused form of the kind's part back in place, with what was posted."""
    manager = tournament.fmt.draw_manager
    can_redraw = services.redraw_refusal(turno) is None
    if can_redraw and form is None:
        form = manager.draw_form(tournament, turno.number, like=turno, redraw=True)
    refusal = services.unpublish_refusal(turno) if turno.published else None
    template, part = manager.turno_part(tournament, turno)
    if refused is not None:
        refused(part)
    return render(
        request,
        template,
        {
            "tournament": tournament,
            "section": "turni",
            "pages": manager.pages,
            "turno": turno,
            "explanations": explain(turno.draw_notes),
            "form": form if can_redraw else None,
            # Back to draft: only a published turno that may still go back.
            "unpublish_form": (
                (unpublish_form or UnpublishForm()) if turno.published and refusal is None else None
            ),
            "unpublish_refusal": refusal,
            "seating_fixable": seating_fix_refusal(turno) is None,
            **part,
        },
    )


def _turno(tournament: Tournament, number: int) -> Turno:
    """A turno of the tournament, a draft too."""
    return selectors.turno_get(tournament=tournament, number=number, include_drafts=True)


@director_view
def turno_preview(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A turno as the director sees it: seating, explanation, and what may be done with it."""
    return turno_page(request, tournament, _turno(tournament, number))


@require_POST
@director_view
def turno_redraw(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    turno = _turno(tournament, number)
    refusal = services.redraw_refusal(turno)
    if refusal:
        messages.error(request, refusal)
        return redirect("manage:turno_preview", tournament.slug, number)
    form = tournament.fmt.draw_manager.draw_form(tournament, number, request.POST)
    drawn = run_for_form(
        form,
        lambda: services.turno_redraw(turno=turno, user=request.user, request=form.draw_request()),
    )
    if drawn is None:
        return turno_page(request, tournament, turno, form=form)
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
        return turno_page(request, tournament, turno, unpublish_form=form)
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


@director_view
def _moved(request: HttpRequest, tournament: Tournament, name: str, **kwargs: Any) -> HttpResponse:
    """An individual turno's page at its old address: the same page at every kind's, for good
    (a form posted there is posted again to the new address)."""
    again = request.method not in ("GET", "HEAD")
    return redirect(name, tournament.slug, *kwargs.values(), permanent=True, preserve_request=again)


_BASE = "t/<slug:slug>/gestione/turni/"
_OLD = "t/<slug:slug>/gestione/turni-individuali/"
_PAGES = [
    ("", turni, "turni"),
    ("<int:number>/", turno_preview, "turno_preview"),
    ("<int:number>/ridisegna/", turno_redraw, "turno_redraw"),
    ("<int:number>/pubblica/", turno_publish, "turno_publish"),
    ("<int:number>/bozza/", turno_unpublish, "turno_unpublish"),
    ("<int:number>/elimina/", turno_delete, "turno_delete"),
]

urlpatterns = [path(_BASE + route, view, name=name) for route, view, name in _PAGES] + [
    path(_OLD + route, _moved, {"name": f"manage:{name}"}) for route, _view, name in _PAGES
]
