"""The circuits' pages: public under /circuiti/, the director's under /gestione/circuiti/."""

from django.urls import path

from . import views

app_name = "seasons"

urlpatterns = [
    path("circuiti/", views.circuit_list, name="list"),
    path("circuiti/<slug:slug>/", views.circuit_standings_page, name="standings"),
    path("circuiti/<slug:slug>/fedelta/", views.circuit_attendance_page, name="attendance"),
    path("circuiti/<slug:slug>/scarica/<slug:key>/", views.circuit_download, name="download"),
    path("gestione/circuiti/", views.manage_list, name="manage_list"),
    path("gestione/circuiti/nuovo/", views.circuit_create_view, name="create"),
    path("gestione/circuiti/<slug:slug>/", views.circuit_edit, name="edit"),
]
