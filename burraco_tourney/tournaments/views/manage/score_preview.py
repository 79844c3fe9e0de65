"""The scorecard page's live preview: what saving the form as typed would give, never saved.

The page posts its form here as the director types (htmx, debounced). The view binds the SAME
form the save binds (``scores.result_form``), runs its validation and computes the outcome with
the save's own function (``selectors.score_preview.table_preview``, through the results bridge),
then answers with an HTML fragment: the turno's figures, and out of band each smazzata's totals
and the refusals next to their boxes (``manage/score_preview.html``); in a match to a target
score whose last row is filled and which is not over, also the next smazzata's row, appended to
the scorecard. Access as for a save: a
director of the tournament, POST with its CSRF token. It never writes.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.urls import path
from django.views.decorators.http import require_POST

from burraco_tourney.rules.rulesets import Ruleset

from ...access import director_view
from ...forms.scorecard import ScorecardForm
from ...models import Tournament
from ...results_bridge import tournament_ruleset
from ...selectors import score_preview
from ...selectors import scores as selectors
from . import score_live
from .scores import result_form


@require_POST
@director_view
def score_preview_view(
    request: HttpRequest, tournament: Tournament, turno: int, table: int
) -> HttpResponse:
    """The live figures and refusals of one table's form as typed (a fragment of the page)."""
    turno_obj = selectors.scoring_turno(tournament=tournament, number=turno)
    if not turno_obj.published:
        raise Http404
    table_obj = selectors.scoring_table(turno=turno_obj, number=table)
    mode = request.POST.get("mode", "")
    if mode not in score_preview.PREVIEW_MODES:
        return HttpResponseBadRequest()
    form = result_form(tournament, table_obj, mode, request.POST)
    figures = score_preview.table_preview(tournament=tournament, table=table_obj, form=form)
    ruleset: Ruleset = tournament_ruleset(tournament)
    context = {
        "tournament": tournament,
        "table": table_obj,
        "form": form,
        "mode": mode,
        "kinds": ruleset.entry_kinds,
        "scorecard": (
            form.scorecard(totals=figures.totals) if isinstance(form, ScorecardForm) else []
        ),
        **score_live.live_context(form, figures),
    }
    context["field_errors"] = list(context["box_errors"].items())
    open_match = selectors.smazzate_limit(tournament, turno_obj.number) is None
    if score_preview.offers_next_smazzata(form=form, figures=figures, open_match=open_match):
        # The next row as the page draws an empty one: from an unbound form one row longer.
        longer = result_form(tournament, table_obj, mode, rows=form.rows + 1)
        context["next_smazzata"] = longer.scorecard()[-1]
    return render(request, "manage/score_preview.html", context)


_TABLE = "t/<slug:slug>/gestione/turni/<int:turno>/tavoli/<int:table>/"

urlpatterns = [
    path(_TABLE + "anteprima/", score_preview_view, name="score_preview"),
]
