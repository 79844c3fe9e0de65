"""The club's member list: upload, preview (new people, changes field by field, errors by line
and column), save all or nothing; and the registry exported in the same format."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ..forms import MemberConfirmForm, MemberFileForm, rows_sign
from ..member_file import export_csv, export_xlsx
from ..models import Person
from ..selectors.member_list import MemberPlan, member_plan
from ..services.member_list import MemberImportRefused, members_import

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _preview(context: dict, plan: MemberPlan, rows, source: str) -> None:
    context.update({"plan": plan, "file_name": source})
    if not plan.errors:
        context["payload"] = rows_sign(rows, source=source)
        context["digest"] = plan.digest()


@login_required
def member_import(request: HttpRequest) -> HttpResponse:
    context: dict = {"file_form": MemberFileForm(), "section": "members"}
    if request.method == "POST" and "payload" in request.POST:
        confirm = MemberConfirmForm(request.POST)
        if not confirm.is_valid():
            context["confirm_errors"] = confirm.errors.get("payload") or confirm.errors.get(
                "digest"
            )
        else:
            try:
                result = members_import(
                    user=request.user,
                    rows=confirm.rows,
                    source=confirm.source,
                    previewed=confirm.cleaned_data["digest"],
                )
            except MemberImportRefused as refused:
                if refused.changed_meanwhile:
                    context["changed_meanwhile"] = True
                _preview(context, refused.plan, confirm.rows, confirm.source)
            else:
                messages.success(
                    request,
                    _("Member list saved: %(added)s new people, %(updated)s updated, "
                      "%(clubs)s new clubs.")
                    % {"added": result.added, "updated": result.updated, "clubs": result.clubs},
                )  # fmt: skip
                return redirect("people:list")
    elif request.method == "POST":
        form = MemberFileForm(request.POST, request.FILES)
        context["file_form"] = form
        if form.is_valid():
            source = form.cleaned_data["file"].name
            _preview(context, member_plan(form.rows), form.rows, source)
    return render(request, "people/member_import.html", context)


@login_required
@require_GET
def member_export(request: HttpRequest, kind: str) -> HttpResponse:
    people = Person.objects.select_related("club").order_by("surname", "name", "pk")
    if kind == "xlsx":
        body, content_type = export_xlsx(people), XLSX
    elif kind == "csv":
        body, content_type = export_csv(people), "text/csv; charset=utf-8"
    else:
        raise Http404
    # Translators: the start of the exported registry's file name, no spaces.
    prefix = _("registry")
    name = f"{prefix}-{datetime.date.today():%Y-%m-%d}.{kind}"
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
