"""Director pages: drawing and publishing the turni."""

from django.http import HttpResponse
from django.urls import path

from ...access import director_view


@director_view
def turni(request, tournament):
    return HttpResponse(tournament.name)  # replaced by the turni page


urlpatterns = [
    path("t/<slug:slug>/gestione/turni/", turni, name="turni"),
]
