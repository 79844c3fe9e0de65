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
    if "a" in request.GET or "b" in request.GET:
        form = ExplainForm(request.GET, pairs=pairs, turni=choice.turni)
    else:
        # First visit (the standings' link says only the turno): nothing to complain about
        # yet; the two boxes start on the first two pairs of those standings.
        form = ExplainForm(
            initial=_first_two(tournament, choice, request.GET.get("dopo")),
            pairs=pairs,
            turni=choice.turni,
        )
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


def _first_two(tournament, choice, dopo: str | None) -> dict:
    """The form's starting values: the turno asked for (when it is one of the standings') and
    the pairs ranked first and second after it."""
    after = int(dopo) if dopo and dopo.isdigit() and int(dopo) in choice.turni else None
    initial = {"dopo": after}
    try:
        rows = standings_selectors.standings(
            tournament=tournament, after_turno=after if after is not None else choice.default
        )
    except RuleError:
        return initial
    numbers = [row.pair.number for row in rows[:2]]
    if len(numbers) == 2:
        initial.update(a=numbers[0], b=numbers[1])
    return initial
