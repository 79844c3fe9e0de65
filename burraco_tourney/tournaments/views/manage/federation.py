"""Director pages of the federation report (RULES.md section 14): the report as it will be sent,
the checks with a link to where each is fixed, the signatories' names, the downloads, and the
mark that the report was sent. Thin views: the report is read by ``selectors.federation``, the
files are ``exports.federation``, the writes are ``services.federation``.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from burraco_tourney.exports.federation import (
    FederationCsv,
    FederationPdf,
    FederationXlsx,
    ReportRefused,
    report_columns,
    report_rows,
)

from ...access import director_view
from ...models import Tournament
from ...selectors.federation import federation_report, report_of, report_state
from ...selectors.federation_checks import report_problems
from ...services.federation import (
    federation_report_mark_sent,
    federation_report_unmark,
    federation_signatories_set,
)

FILES = {"csv": FederationCsv, "xlsx": FederationXlsx, "pdf": FederationPdf}


class SignatoriesForm(forms.Form):
    arbitro = forms.CharField(label=gettext_lazy("Arbitro"), max_length=120, required=False)
    direttore = forms.CharField(
        label=gettext_lazy("Tournament director"), max_length=120, required=False
    )
    sala_conti = forms.CharField(
        label=gettext_lazy("Responsabile sala conti"), max_length=120, required=False
    )


def _signatories_initial(tournament: Tournament) -> dict[str, str]:
    report = report_of(tournament)
    if report is None:
        return {}
    return {name: getattr(report, name) for name in ("arbitro", "direttore", "sala_conti")}


@director_view
def federation_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = SignatoriesForm(request.POST or None, initial=_signatories_initial(tournament))
    if request.method == "POST" and form.is_valid():
        federation_signatories_set(tournament=tournament, user=request.user, **form.cleaned_data)
        messages.success(request, _("The signatories have been saved."))
        return redirect("manage:federation", tournament.slug)
    report = federation_report(tournament=tournament)
    problems = report_problems(tournament=tournament, report=report)
    context = {
        "tournament": tournament,
        "section": "federation",
        "columns": report_columns(report),
        "rows": report_rows(report),
        "header": report.header,
        "problems": problems,
        "blocking": [problem for problem in problems if problem.blocks],
        "warnings": [problem for problem in problems if not problem.blocks],
        "state": report_state(tournament=tournament),
        "form": form,
    }
    return render(request, "manage/federation.html", context)


@director_view
def federation_download(request: HttpRequest, tournament: Tournament, kind: str) -> HttpResponse:
    exporter = FILES.get(kind)
    if exporter is None:
        raise Http404
    anyway = request.GET.get("comunque") == "1"
    try:
        file = exporter(anyway=anyway).render(tournament=tournament)
    except ReportRefused as refused:
        if any(problem.blocks for problem in refused.problems):
            messages.error(
                request,
                _("The report cannot be exported yet: fix the problems listed below first."),
            )
        else:
            messages.error(
                request,
                _(
                    "Some names look like variants of other people in the registry: check "
                    "them, or export anyway."
                ),
            )
        return redirect("manage:federation", tournament.slug)
    response = HttpResponse(file.content, content_type=file.content_type)
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=file.filename
    )
    return response


@require_POST
@director_view
def federation_sent(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if request.POST.get("undo") == "1":
        federation_report_unmark(tournament=tournament, user=request.user)
        messages.success(request, _("The report is no longer marked as sent."))
    else:
        federation_report_mark_sent(tournament=tournament, user=request.user)
        messages.success(request, _("The report has been marked as sent."))
    back = "manage:dashboard" if request.POST.get("next") == "dashboard" else "manage:federation"
    return redirect(back, tournament.slug)


urlpatterns = [
    path("t/<slug:slug>/gestione/federazione/", federation_page, name="federation"),
    path(
        "t/<slug:slug>/gestione/federazione/rapporto.<str:kind>",
        federation_download,
        name="federation_download",
    ),
    path("t/<slug:slug>/gestione/federazione/inviato/", federation_sent, name="federation_sent"),
]
