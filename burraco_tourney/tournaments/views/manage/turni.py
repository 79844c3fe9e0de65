"""Director pages: drawing the turni, a turno's page (the preview of a draft), publishing, taking
back to draft, deleting a draft, for every kind of tournament.

Thin views: parse the request, call one service (``services/turni.py``) or selector, render. What
differs between kinds is the kind's draw manager's (``formats/draw.py``): the addresses of its
pages (``pages``: the pairs' under ``turni/``, an individual tournament's under
``turni-individuali/``), its draw form and its turno's seating. A page reached at another kind's
address sends the director to the kind's own; a button posted there is not found.

A refusal of the pairing engine is shown next to the form field it concerns; a refusal due to the
state of the tournament (a draft pending, results missing, a locked turno) above the form, or as
a message after a button.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...access import director_view
from ...draw_notes import explain
from ...formats import FORMATS
from ...formats.draw import TurniPages
from ...forms.turni import UnpublishForm
from ...models import Tournament, Turno
from ...selectors import tournaments as selectors
from ...services import turni as services
from ...services.seating_fix import seating_fix_refusal
from .refusals import run_for_button, run_for_form


@director_view
def turni(request: HttpRequest, tournament: Tournament, pages: TurniPages) -> HttpResponse:
    """The list of turni and the form drawing the next one."""
    if tournament.fmt.director_draw_url != pages.list:
        # This kind's turni are drawn on a page of their own (the individual turni, the bracket).
        return redirect(tournament.fmt.director_draw_url, tournament.slug)
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
            return redirect(pages.turno, tournament.slug, turno.number)
    else:
        form = manager.draw_form(tournament, number, like=last)
    summaries = selectors.turno_summaries(tournament=tournament, include_drafts=True)
    return render(
        request,
        "manage/turni.html",
        {
            "tournament": tournament,
            "section": "turni",
            "pages": pages,
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


def _page(
    request: HttpRequest,
    tournament: Tournament,
    turno: Turno,
    pages: TurniPages,
    *,
    form: Any = None,
    unpublish_form: UnpublishForm | None = None,
) -> HttpResponse:
    """A turno's page: its seating (the kind's), its explanation, what may be done with it."""
    manager = tournament.fmt.draw_manager
    can_redraw = services.redraw_refusal(turno) is None
    if can_redraw and form is None:
        form = manager.draw_form(tournament, turno.number, like=turno, redraw=True)
    refusal = services.unpublish_refusal(turno) if turno.published else None
    template, part = manager.turno_part(tournament, turno)
    return render(
        request,
        template,
        {
            "tournament": tournament,
            "section": "turni",
            "pages": pages,
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


def _turno(tournament: Tournament, number: int, pages: TurniPages) -> Turno:
    """A turno of a tournament whose turni are these pages (not another kind's)."""
    if tournament.fmt.director_turno_url != pages.turno:
        raise Http404
    return selectors.turno_get(tournament=tournament, number=number, include_drafts=True)


@director_view
def turno_preview(
    request: HttpRequest, tournament: Tournament, number: int, pages: TurniPages
) -> HttpResponse:
    """A turno as the director sees it: seating, explanation, and what may be done with it."""
    if tournament.fmt.director_turno_url != pages.turno:
        return redirect(tournament.fmt.director_turno_url, tournament.slug, number)
    return _page(request, tournament, _turno(tournament, number, pages), pages)


@require_POST
@director_view
def turno_redraw(
    request: HttpRequest, tournament: Tournament, number: int, pages: TurniPages
) -> HttpResponse:
    turno = _turno(tournament, number, pages)
    refusal = services.redraw_refusal(turno)
    if refusal:
        messages.error(request, refusal)
        return redirect(pages.turno, tournament.slug, number)
    form = tournament.fmt.draw_manager.draw_form(tournament, number, request.POST)
    drawn = run_for_form(
        form,
        lambda: services.turno_redraw(turno=turno, user=request.user, request=form.draw_request()),
    )
    if drawn is None:
        return _page(request, tournament, turno, pages, form=form)
    messages.success(request, _("Turno %(turno)s drawn again.") % {"turno": number})
    return redirect(pages.turno, tournament.slug, number)


@require_POST
@director_view
def turno_publish(
    request: HttpRequest, tournament: Tournament, number: int, pages: TurniPages
) -> HttpResponse:
    turno = _turno(tournament, number, pages)
    run_for_button(
        request,
        lambda: services.turno_publish(turno=turno, user=request.user),
        _("Turno %(turno)s published: the players can see their seats.") % {"turno": number},
    )
    return redirect(pages.turno, tournament.slug, number)


@require_POST
@director_view
def turno_unpublish(
    request: HttpRequest, tournament: Tournament, number: int, pages: TurniPages
) -> HttpResponse:
    turno = _turno(tournament, number, pages)
    form = UnpublishForm(request.POST)
    if not form.is_valid():
        return _page(request, tournament, turno, pages, unpublish_form=form)
    run_for_button(
        request,
        lambda: services.turno_unpublish(
            turno=turno, user=request.user, reason=form.cleaned_data["reason"]
        ),
        _("Turno %(turno)s is a draft again.") % {"turno": number},
    )
    return redirect(pages.turno, tournament.slug, number)


@require_POST
@director_view
def turno_delete(
    request: HttpRequest, tournament: Tournament, number: int, pages: TurniPages
) -> HttpResponse:
    turno = _turno(tournament, number, pages)
    deleted = run_for_button(
        request,
        lambda: services.turno_delete_draft(turno=turno, user=request.user),
        _("The draft of turno %(turno)s was deleted.") % {"turno": number},
    )
    if deleted:
        return redirect(pages.list, tournament.slug)
    return redirect(pages.turno, tournament.slug, number)


def _patterns(pages: TurniPages) -> list:
    """The turni pages at a kind's address, named as its ``pages`` name them."""
    base = f"t/<slug:slug>/gestione/{pages.path}/"
    turno = base + "<int:number>/"
    views = [
        (base, turni, pages.list),
        (turno, turno_preview, pages.turno),
        (turno + "ridisegna/", turno_redraw, pages.redraw),
        (turno + "pubblica/", turno_publish, pages.publish),
        (turno + "bozza/", turno_unpublish, pages.unpublish),
        (turno + "elimina/", turno_delete, pages.delete),
    ]
    return [
        path(route, view, {"pages": pages}, name=name.split(":")[-1]) for route, view, name in views
    ]


# One set of pages per distinct address among the kinds (a knock-out's turni are the pairs').
urlpatterns = [
    pattern
    for pages in dict.fromkeys(fmt.draw_manager.pages for fmt in FORMATS.values())
    for pattern in _patterns(pages)
]
