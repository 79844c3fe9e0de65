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

from burraco_tourney.rules import prizes as engine

from ...access import director_view
from ...forms.prizes import PrizeListForm, categories_text
from ...models import Tournament
from ...selectors.prizes import PrizeAllocation, prize_allocation, prize_list_of
from ...services.prizes import prize_list_save


def _initial(tournament: Tournament) -> dict:
    allocated = prize_allocation(tournament=tournament)
    if allocated is None:
        return {"round": "euro"}
    fund = allocated.prizes.fund
    return {
        "cumulative": allocated.prizes.cumulative,
        "fee": None if fund is None else fund.fee / 100,
        "percent": None if fund is None else fund.percent,
        "minimum": None if fund is None or fund.minimum is None else fund.minimum / 100,
        "round": "euro" if fund is None else fund.round,
        "categories": categories_text(allocated.prizes),
    }


def _row(allocated: PrizeAllocation, award: engine.Award) -> dict:
    entrant = allocated.entrants[award.entrant]
    return {
        "category": allocated.category_name(award.category),
        "place": award.place,
        "number": award.entrant,
        "names": str(entrant),
        "amount": None if award.amount is None else f"{award.amount / 100:.2f}",
        "object": award.object,
        "pooled": award.pooled,
    }


def _warning(allocated: PrizeAllocation, warning: engine.Warning) -> str:
    name = allocated.category_name(warning.category) if warning.category is not None else ""
    if warning.code == "nobody_eligible":
        return _("Nobody can win the category “%(name)s”.") % {"name": name}
    if warning.code == "missing_fact":
        fact = {"sex": _("sex"), "birth_year": _("birth year"), "category": _("category")}
        return _("Pair or player %(number)s: a person has no %(fact)s, which “%(name)s” needs.") % {
            "number": warning.entrant,
            "fact": fact[warning.detail],
            "name": name,
        }
    return _("The money prizes exceed the fund by %(amount)s euro.") % {
        "amount": f"{int(warning.detail) / 100:.2f}"
    }


def _step(allocated: PrizeAllocation, step: engine.Step) -> dict:
    reasons = {
        "withdrawn": _("withdrawn"),
        "holds": _("already holds a prize"),
        "not_eligible": _("not eligible"),
    }
    keys = {
        "sex": _("sex"),
        "club": _("club"),
        "category": _("category"),
        "over": _("age"),
        "girone": _("girone"),
        "unknown": _("not in the standings"),
    }
    passed = []
    for p in step.passed_over:
        detail = keys.get(p.detail, "")
        if p.reason == "holds":
            ci, place = p.detail.split(":")
            detail = f"{allocated.category_name(int(ci))} {place}"
        passed.append({"number": p.entrant, "reason": reasons[p.reason], "detail": detail})
    return {
        "category": allocated.category_name(step.category),
        "places": ", ".join(str(p) for p in step.places),
        "awards": [_row(allocated, a) for a in step.awards],
        "passed": passed,
        "tied": step.tied,
    }


def _context(allocated: PrizeAllocation | None, why: int | None) -> dict:
    if allocated is None:
        return {"allocated": None}
    steps = allocated.allocation.steps_for(why) if why else allocated.allocation.steps
    fund = allocated.allocation.fund
    return {
        "allocated": allocated,
        "fund": None if fund is None else f"{fund / 100:.2f}",
        "awards": [_row(allocated, a) for a in allocated.allocation.awards],
        "warnings": [_warning(allocated, w) for w in allocated.allocation.warnings[:50]],
        "hidden_warnings": max(0, len(allocated.allocation.warnings) - 50),
        "steps": [_step(allocated, s) for s in steps],
        "why": why,
    }


@director_view
def prizes(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PrizeListForm(request.POST or None, initial=_initial(tournament), fmt=tournament.fmt)
    if request.method == "POST" and form.is_valid():
        prize_list_save(tournament=tournament, prizes=form.cleaned_data["prizes"])
        messages.success(request, _("Prize list saved."))
        return redirect("manage:prizes", tournament.slug)
    why = request.GET.get("perche", "")
    context = _context(prize_allocation(tournament=tournament), int(why) if why.isdigit() else None)
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
    context = _context(prize_allocation(tournament=tournament), None)
    context["awards"] = list(reversed(context["awards"]))
    pdf = render_pdf("pdf/prizes.html", {"tournament": tournament, **context})
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="premi-{tournament.slug}.pdf"'
    return response


urlpatterns = [
    path("t/<slug:slug>/gestione/premi/", prizes, name="prizes"),
    path("t/<slug:slug>/gestione/premi/cerimonia.pdf", prizes_pdf, name="prizes_pdf"),
]
