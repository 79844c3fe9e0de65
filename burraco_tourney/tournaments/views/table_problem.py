"""A table's phone calls the director ("segnala un problema", ``services.table_problems``)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..services.table_problems import table_problem_report
from . import table_side


@require_POST
def table_problem(request: HttpRequest, token: str) -> HttpResponse:
    try:
        access = table_side._access(request, token)
    except table_side.TooMany:
        return table_side._too_many(request)
    line = table_side._line(request, access)
    if line is None:  # the page asks for the line first; the call says which line it is
        return redirect("table:page", token)
    try:
        table_problem_report(
            access=access,
            line=line,
            session=table_side._phone(request),
            message=request.POST.get("message", ""),
            client_id=table_side._client_id(request),
        )
    except ValidationError as error:
        messages.error(request, error.messages[0])
    else:
        messages.success(request, _("The referee has been called: the room board shows it."))
    return redirect("table:page", token)


urlpatterns = [path("tavolo/<str:token>/problema/", table_problem, name="problem")]
