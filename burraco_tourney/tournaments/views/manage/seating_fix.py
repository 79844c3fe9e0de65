"""Director page: correct the seating of a published turno after results were entered.

Thin view: one page with two forms (swap a table's lines, exchange two pairs), each calling its
service in ``services/seating_fix.py``; a refusal is shown above its form.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.translation import gettext as _

from ...access import director_view
from ...forms.seating_fix import ExchangePairsForm, SwapLinesForm
from ...models import Tournament
from ...selectors import tournaments as selectors
from ...selectors.seating import turno_seating
from ...services import seating_fix as services


def _run(form, action) -> bool:
    """True when ``form`` is valid and the service accepted; else the refusal is on the form."""
    if not form.is_valid():
        return False
    try:
        action(form.cleaned_data)
    except ValidationError as error:
        form.add_error(None, error)
        return False
    return True


@director_view
def turno_seating_fix(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    turno = selectors.turno_get(tournament=tournament, number=number, include_drafts=True)
    refusal = services.seating_fix_refusal(turno)
    if refusal is not None:
        # No forms: an individual turno's tables have no pair per line to list.
        return render(
            request,
            "manage/turno_seating_fix.html",
            {"tournament": tournament, "section": "turni", "turno": turno, "refusal": refusal},
        )
    data = request.POST if request.method == "POST" else None
    chosen = request.POST.get("do") if data is not None else None
    swap = SwapLinesForm(data if chosen == "swap" else None, turno=turno)
    exchange = ExchangePairsForm(data if chosen == "exchange" else None, turno=turno)
    done = None
    if chosen == "swap":
        done = _run(
            swap,
            lambda d: services.table_swap_lines(
                table=turno.tables.get(number=d["table"]), user=request.user, reason=d["reason"]
            ),
        ) and _("The lines of table %(table)s were swapped, with their results.") % {
            "table": swap.cleaned_data["table"]
        }
    elif chosen == "exchange":
        done = _run(
            exchange,
            lambda d: services.turno_exchange_pairs(
                turno=turno,
                first=tournament.entrants.get(number=d["first"]),
                second=tournament.entrants.get(number=d["second"]),
                user=request.user,
                reason=d["reason"],
            ),
        ) and _("Pairs %(first)s and %(second)s changed places.") % {
            "first": exchange.cleaned_data["first"],
            "second": exchange.cleaned_data["second"],
        }
    if done:
        messages.success(request, done)
        return redirect("manage:turno_seating_fix", tournament.slug, number)
    return render(
        request,
        "manage/turno_seating_fix.html",
        {
            "tournament": tournament,
            "section": "turni",
            "turno": turno,
            "seating": turno_seating(turno=turno),
            "refusal": refusal,
            "swap_form": swap,
            "exchange_form": exchange,
        },
    )


urlpatterns = [
    path(
        "t/<slug:slug>/gestione/turni/<int:number>/correggi-posti/",
        turno_seating_fix,
        name="turno_seating_fix",
    ),
]
