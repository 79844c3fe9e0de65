"""Closing a turno and reopening it ("riapri il turno"), from the turno's results page.

Thin views: call the service (``services.closing``), say its refusal or its success as a
message, go back to the results page, where the card of ``_turno_close_card.html`` offers the
close once every table has a result, with the anomalies still open listed first.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...access import director_view
from ...models import Tournament
from ...services import closing
from .refusals import posted_reason, run_for_button
from .scores import turno_or_refusal


@require_POST
@director_view
def turno_close(request: HttpRequest, tournament: Tournament, turno: int) -> HttpResponse:
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    run_for_button(
        request,
        lambda: closing.turno_close(turno=turno_obj, user=request.user),
        _("Turno %(turno)s is closed: its standings are no longer provisional.") % {"turno": turno},
    )
    return redirect("manage:turno_results", tournament.slug, turno)


@require_POST
@director_view
def turno_reopen(request: HttpRequest, tournament: Tournament, turno: int) -> HttpResponse:
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    reason = posted_reason(request)
    if reason is None:
        return redirect("manage:turno_results", tournament.slug, turno)
    run_for_button(
        request,
        lambda: closing.turno_reopen(turno=turno_obj, user=request.user, reason=reason),
        _("Turno %(turno)s is open again: its standings are provisional until it is closed.")
        % {"turno": turno},
    )
    return redirect("manage:turno_results", tournament.slug, turno)


_TURNO = "t/<slug:slug>/gestione/turni/<int:turno>/"

urlpatterns = [
    path(_TURNO + "chiudi/", turno_close, name="turno_close"),
    path(_TURNO + "riapri/", turno_reopen, name="turno_reopen"),
]
