from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("burraco_tourney.core.urls")),
    path("", include("burraco_tourney.tournaments.urls")),
    path("", include("burraco_tourney.tournaments.urls_manage")),
    path("", include("burraco_tourney.tournaments.urls_table")),
    path("", include("burraco_tourney.archive.urls")),
    path("", include("burraco_tourney.exports.urls")),
    path("", include("burraco_tourney.people.urls")),
    path("", include("burraco_tourney.seasons.urls")),
]
