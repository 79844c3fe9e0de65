"""Director pages of one registry person, seen from the tournaments: every tournament played
with partner, rank and VP, the card's state for the season; the download of everything the site
holds about the person, and the anonymisation (RULES.md §14). Login required: the registry is
the site's directors'; public pages never link here."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from burraco_tourney.people.models import Person

from ...access import director_view
from ...models import Tournament
from ...selectors.people import card_state, entrants_people, person_tournaments
from ...services.people_privacy import person_anonymise, person_export


class AnonymiseForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=200,
        help_text=gettext_lazy("Recorded in the change log of every tournament the person played."),
    )


@login_required
def person_page(request: HttpRequest, person_id: int) -> HttpResponse:
    person = get_object_or_404(Person.objects.select_related("club"), pk=person_id)
    context = {
        "person": person,
        "played": person_tournaments(person),
        "card": card_state(person),
    }
    return render(request, "manage/person.html", context)


@director_view
def tournament_people(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The tournament's pairs or players with their people of the registry and card numbers:
    what the federation's report will ask, for the director only."""
    context = {
        "tournament": tournament,
        "section": "standings",
        "people": entrants_people(tournament=tournament),
    }
    return render(request, "manage/tournament_people.html", context)


@login_required
def person_download(request: HttpRequest, person_id: int) -> HttpResponse:
    person = get_object_or_404(Person.objects.select_related("club"), pk=person_id)
    data = json.dumps(person_export(person), ensure_ascii=False, indent=2)
    response = HttpResponse(data, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="persona-{person.pk}.json"'
    return response


@login_required
def person_anonymise_page(request: HttpRequest, person_id: int) -> HttpResponse:
    person = get_object_or_404(Person, pk=person_id)
    form = AnonymiseForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        person_anonymise(person=person, user=request.user, reason=form.cleaned_data["reason"])
        messages.success(request, _("The person has been anonymised."))
        return redirect("manage:person", person.pk)
    context = {"person": person, "form": form, "played": person_tournaments(person)}
    return render(request, "manage/person_anonymise.html", context)


urlpatterns = [
    path("gestione/persone/<int:person_id>/", person_page, name="person"),
    path("t/<slug:slug>/gestione/tessere/", tournament_people, name="tournament_people"),
    path("gestione/persone/<int:person_id>/dati/", person_download, name="person_download"),
    path(
        "gestione/persone/<int:person_id>/anonimizza/",
        person_anonymise_page,
        name="person_anonymise",
    ),
]
