"""The director clears a table's call for the arbitro, from the table's page of the room board
(``services.table_problems``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...access import director_view
from ...models import Table, Tournament
from ...services.table_problems import table_problems_clear


@require_POST
@director_view
def room_problem_clear(
    request: HttpRequest, tournament: Tournament, turno: int, table: int
) -> HttpResponse:
    row = get_object_or_404(Table, turno__tournament=tournament, turno__number=turno, number=table)
    if table_problems_clear(table=row, user=request.user):
        messages.success(request, _("The call of table %(table)s is cleared.") % {"table": table})
    return redirect("manage:room_table", tournament.slug, turno, table)


urlpatterns = [
    path(
        "t/<slug:slug>/gestione/turni/<int:turno>/sala/tavoli/<int:table>/problema/",
        room_problem_clear,
        name="room_problem_clear",
    ),
]
