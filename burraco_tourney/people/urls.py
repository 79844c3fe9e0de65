"""The registry's pages for directors, under /anagrafica/ (namespace ``people``)."""

from django.urls import path

from .views import duplicates, member_list, registry

app_name = "people"

urlpatterns = [
    path("anagrafica/", registry.people_list, name="list"),
    path("anagrafica/cerca/", registry.person_search, name="search"),
    path("anagrafica/nuova/", registry.person_add, name="add"),
    path("anagrafica/<int:pk>/", registry.person_edit, name="edit"),
    path("anagrafica/circoli/", registry.clubs, name="clubs"),
    path("anagrafica/circoli/nuovo/", registry.club_add, name="club_add"),
    path("anagrafica/circoli/<int:pk>/", registry.club_edit, name="club_edit"),
    path("anagrafica/importa/", member_list.member_import, name="import"),
    path("anagrafica/esporta.<str:kind>", member_list.member_export, name="export"),
    path("anagrafica/doppioni/", duplicates.duplicates, name="duplicates"),
    path("anagrafica/doppioni/unisci/<int:keep>/<int:drop>/", duplicates.merge, name="merge"),
]
