"""Director pages: the prize list (editor), its allocation explained, the ceremony PDF.

Thin views: the form parses, ``services.prizes`` writes the whole list in one transaction,
``selectors.prizes`` gives the allocation (provisional until the last turno is closed).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _

from ...access import director_view
from ...forms.prizes import PrizeListForm, categories_text
from ...models import Tournament
from ...prize_rows import prize_context
from ...selectors.prizes import prize_allocation, prize_list_of, prize_rules
from ...services.prizes import prize_list_save


def _initial(tournament: Tournament) -> dict:
    stored = prize_list_of(tournament)
    if stored is None:
        return {"round": "euro"}
    prizes = prize_rules(stored)
    fund = prizes.fund
    return {
        "cumulative": prizes.cumulative,
        "fee": None if fund is None else f"{fund.fee / 100:.2f}",
        "percent": None if fund is None else fund.percent,
        "minimum": None if fund is None or fund.minimum is None else f"{fund.minimum / 100:.2f}",
        "round": "euro" if fund is None else fund.round,
        "categories": categories_text(prizes),
    }


@director_view
def prizes(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PrizeListForm(request.POST or None, initial=_initial(tournament), fmt=tournament.fmt)
    if request.method == "POST" and form.is_valid():
        prize_list_save(
            tournament=tournament, prizes=form.cleaned_data["prizes"], user=request.user
        )
        messages.success(request, _("Prize list saved."))
        return redirect("manage:prizes", tournament.slug)
    why = request.GET.get("perche", "")
    context = prize_context(
        prize_allocation(tournament=tournament), int(why) if why.isdecimal() else None
    )
    return render(
        request,
        "manage/prizes.html",
        {"tournament": tournament, "section": "prizes", "form": form, **context},
    )


@director_view
def prizes_pdf(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The prize list for the ceremony, in reverse order for reading out."""
    from burraco_tourney.exports.pdf import render_pdf

    if prize_list_of(tournament) is None:
        return redirect("manage:prizes", tournament.slug)
    context = prize_context(prize_allocation(tournament=tournament), None)
    context["awards"] = list(reversed(context["awards"]))
    pdf = render_pdf("pdf/prizes.html", {"tournament": tournament, **context})
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="premi-{tournament.slug}.pdf"'
    return response


urlpatterns = [
    path("t/<slug:slug>/gestione/premi/", prizes, name="prizes"),
    path("t/<slug:slug>/gestione/premi/cerimonia.pdf", prizes_pdf, name="prizes_pdf"),
]
