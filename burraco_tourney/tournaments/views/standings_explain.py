"""Public page "why is A above B": pick two pairs of the standings, read the tie-break chain.

Thin: the form picks the pairs, the selector asks the engine (the same inputs the standings are
ranked with), ``core.explain_sentences`` turns the steps into words.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from burraco_tourney.core.explain_sentences import explained_steps, verdict_sentence
from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError

from ..forms.standings_explain import ExplainForm
from ..selectors import standings as standings_selectors
from ..selectors import tournaments as selectors


def standings_explain(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    if not tournament.fmt.has_vp_standings:
        return redirect(tournament.fmt.standings_url, tournament.slug)
    choice = standings_selectors.standings_choice(tournament=tournament)
    pairs = list(tournament.pairs.order_by("number"))
    form = ExplainForm(request.GET or None, pairs=pairs, turni=choice.turni)
    context = {"tournament": tournament, "form": form}
    if form.is_valid():
        data = form.cleaned_data
        after = data["dopo"]
        if after is None:
            after = choice.default
        try:
            explanation = standings_selectors.standings_explanation(
                tournament=tournament, first=data["a"], second=data["b"], after_turno=after
            )
            rows = standings_selectors.standings(tournament=tournament, after_turno=after)
        except RuleError as error:
            context["refusal"] = rule_error_message(error)
        else:
            ranks = {row.pair.number: row.rank for row in rows}
            context.update(
                explanation=explanation,
                steps=explained_steps(explanation),
                verdict=verdict_sentence(explanation, ranks.get(data["a"])),
                rank_a=ranks.get(data["a"]),
                rank_b=ranks.get(data["b"]),
                after_turno=after or choice.shown_turno(None),
                provisional=choice.provisional(after),
            )
    return render(request, "tournaments/standings_explain.html", context)
