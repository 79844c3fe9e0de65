"""Archive upload and download from the web (namespace ``archive``)."""

from django.urls import path

from . import views

app_name = "archive"

urlpatterns = [
    path("importa/", views.import_view, name="import"),
    path("t/<slug:slug>/archivio.json", views.export_view, name="export"),
]
