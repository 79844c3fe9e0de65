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
from ...forms.prize_examples import syntax_examples
from ...forms.prize_helper import CategoryHelperForm, with_line
from ...forms.prizes import PrizeListForm, categories_text
from ...models import Tournament
from ...prize_rows import euros, prize_context
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
        # Amounts, not text: the boxes write them in the page's language ("12,50").
        "fee": None if fund is None else euros(fund.fee),
        "percent": None if fund is None else fund.percent,
        "minimum": None if fund is None else euros(fund.minimum),
        "round": "euro" if fund is None else fund.round,
        "categories": categories_text(prizes),
    }


def _add_line(request: HttpRequest, tournament: Tournament):
    """The helper's "add this category": the list as posted, its new line at the end, not saved
    (the director checks it and saves); the helper's refusals beside its boxes."""
    helper = CategoryHelperForm(request.POST, prefix="add")
    initial = {name: request.POST.get(name) for name in PrizeListForm.base_fields}
    initial["cumulative"] = bool(request.POST.get("cumulative"))
    if helper.is_valid():
        initial["categories"] = with_line(
            request.POST.get("categories", ""), helper.cleaned_data["line"]
        )
        messages.info(
            request, _("Category added at the end of the list: check it and save the list.")
        )
        helper = CategoryHelperForm(prefix="add")
    return PrizeListForm(initial=initial, fmt=tournament.fmt), helper


@director_view
def prizes(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    why = request.GET.get("perche", "")
    if request.method == "POST" and "add_category" in request.POST:
        form, helper = _add_line(request, tournament)
        why = ""
    else:
        form = PrizeListForm(request.POST or None, initial=_initial(tournament), fmt=tournament.fmt)
        helper = CategoryHelperForm(prefix="add")
        if request.method == "POST" and form.is_valid():
            prize_list_save(
                tournament=tournament, prizes=form.cleaned_data["prizes"], user=request.user
            )
            messages.success(request, _("Prize list saved."))
            return redirect("manage:prizes", tournament.slug)
        if request.method == "POST":  # refused: the reasons are under the boxes
            messages.error(request, _("The prize list was not saved: see why below."))
    context = prize_context(
        prize_allocation(tournament=tournament), int(why) if why.isdecimal() else None
    )
    return render(
        request,
        "manage/prizes.html",
        {
            "tournament": tournament,
            "section": "prizes",
            "form": form,
            "helper": helper,
            "syntax_examples": syntax_examples(),
            **context,
        },
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
