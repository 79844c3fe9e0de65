"""Public, read-only pages of a tournament: anyone with the link may look (players' phones)."""

from django.urls import path

from .views import pair_page
from .views import public as views
from .views import seating as seating_views
from .views.prizes_public import prizes_page
from .views.projector import projector, projector_fragment
from .views.standings_explain import standings_explain

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("t/<slug:slug>/", views.tournament_detail, name="detail"),
    path("t/<slug:slug>/coppie/", views.pair_list, name="pairs"),
    path("t/<slug:slug>/coppia/<int:number>/", pair_page.pair_page, name="pair"),
    path("t/<slug:slug>/dove-mi-siedo/", pair_page.seat_search, name="seat_search"),
    path("t/<slug:slug>/turno/<int:number>/", views.turno_detail, name="turno"),
    # The seating lists: no login (a draft is shown to its directors only).
    path("t/<slug:slug>/turno/<int:number>/posti/", seating_views.seating, name="seating"),
    path("t/<slug:slug>/classifica/", views.standings_page, name="standings"),
    path("t/<slug:slug>/classifica/perche/", standings_explain, name="standings_explain"),
    path("t/<slug:slug>/premi/", prizes_page, name="prizes"),
    path("t/<slug:slug>/proiettore/", projector, name="projector"),
    path("t/<slug:slug>/proiettore/pannelli/", projector_fragment, name="projector_panels"),
]
