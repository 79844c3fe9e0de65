"""Director pages: creating and editing a tournament, its dashboard."""

from django.http import HttpResponse
from django.urls import path

from ...access import director_view


@director_view
def dashboard(request, tournament):
    return HttpResponse(tournament.name)  # replaced by the dashboard page


@director_view
def tournament_edit(request, tournament):
    return HttpResponse(tournament.name)  # replaced by the settings form


urlpatterns = [
    path("t/<slug:slug>/gestione/", dashboard, name="dashboard"),
    path("t/<slug:slug>/gestione/impostazioni/", tournament_edit, name="tournament_edit"),
]
