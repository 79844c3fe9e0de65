"""Director pages: the pairs of a tournament."""

from django.http import HttpResponse
from django.urls import path

from ...access import director_view


@director_view
def pairs(request, tournament):
    return HttpResponse(tournament.name)  # replaced by the pairs page


urlpatterns = [
    path("t/<slug:slug>/gestione/coppie/", pairs, name="pairs"),
]
