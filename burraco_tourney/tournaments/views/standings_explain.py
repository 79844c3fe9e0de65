"""Public page "why is A above B": pick two pairs (or, in an individual tournament, two players)
of the standings, read the tie-break chain.

Thin: the form picks the entrants, the format's explainer (``standings_explainers``) asks the
engine with the same inputs the standings are ranked with, ``core.explain_sentences`` turns the
steps into words.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from burraco_tourney.core.explain_sentences import (
    explained_steps,
    rank_ordinal,
    verdict_sentence,
)
from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError

from ..forms.standings_explain import GIRONE, ExplainForm
from ..selectors import standings as standings_selectors
from ..selectors import tournaments as selectors


def standings_explain(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = selectors.tournament_get(slug=slug)
    kind_standings = tournament.fmt.standings
    elsewhere = kind_standings.elsewhere(tournament)
    if elsewhere:
        return redirect(elsewhere)
    explainer, words = kind_standings.explainer(), kind_standings.explain_words
    choice = standings_selectors.standings_choice(tournament=tournament)
    entrants = explainer.entrants(tournament)
    gironi = tournament.gironi_from is not None
    if "a" in request.GET or "b" in request.GET:
        form = ExplainForm(
            request.GET,
            entrants=entrants,
            turni=choice.turni,
            words=words,
            gironi=gironi,
        )
    else:
        # First visit (the standings' link says only the turno): nothing to complain about
        # yet; the two boxes start on the first two of those standings.
        form = ExplainForm(
            initial=_first_two(explainer, tournament, choice, request.GET),
            entrants=entrants,
            turni=choice.turni,
            words=words,
            gironi=gironi,
        )
    context = {"tournament": tournament, "form": form, "words": words}
    if form.is_valid():
        data = form.cleaned_data
        after = data["dopo"]
        if after is None:
            after = choice.default
        try:
            within = form.within_girone
            explanation = explainer.explanation(
                tournament=tournament,
                first=data["a"],
                second=data["b"],
                after_turno=after,
                within_girone=within,
            )
            ranks = explainer.ranks(tournament, after, within)
        except RuleError as error:
            context["refusal"] = rule_error_message(error)
        else:
            first, second = explanation.first, explanation.second
            rank_a, rank_b = ranks.get(data["a"]), ranks.get(data["b"])
            context.update(
                explanation=explanation,
                heading=str(words.heading) % {"a": first, "b": second},
                ranks_sentence=str(words.ranks)
                % {
                    "a": first,
                    "ra": rank_ordinal(rank_a, feminine=words.feminine),
                    "b": second,
                    "rb": rank_ordinal(rank_b, feminine=words.feminine),
                },
                steps=explained_steps(explanation, words),
                verdict=verdict_sentence(explanation, rank_a, words),
                after_turno=after or choice.shown_turno(None),
                provisional=choice.provisional(after),
            )
    return render(request, "tournaments/standings_explain.html", context)


def _first_two(explainer, tournament, choice, query) -> dict:
    """The form's starting values: the turno asked for (when it is one of the standings') and
    the two ranked first after it; the standings of a girone (``?classifica=girone&girone=B``,
    the link under each girone's standings) start on that girone's first two."""
    dopo = query.get("dopo")
    after = int(dopo) if dopo and dopo.isdecimal() and int(dopo) in choice.turni else None
    initial = {"dopo": after}
    within = query.get("classifica") == GIRONE
    if within:
        initial["classifica"] = GIRONE
    try:
        ranks = explainer.ranks(tournament, after if after is not None else choice.default, within)
    except RuleError:
        return initial
    if within and query.get("girone"):
        members = set(tournament.entrants.filter(girone=query["girone"]).values_list("number"))
        ranks = {n: r for n, r in ranks.items() if (n,) in members}
    numbers = sorted(ranks, key=lambda number: (ranks[number], number))[:2]
    if len(numbers) == 2:
        initial.update(a=numbers[0], b=numbers[1])
    return initial
