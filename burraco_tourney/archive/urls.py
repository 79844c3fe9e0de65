"""Archive upload and download from the web (namespace ``archive``)."""

from django.urls import path

from . import views

app_name = "archive"

urlpatterns = [
    path("importa/", views.import_view, name="import"),
    path("t/<slug:slug>/archivio.json", views.export_view, name="export"),
    path("archivio/archive.schema.json", views.schema_view, name="schema"),
    path("backup/sito.sqlite3", views.site_backup_view, name="site_backup"),
]
