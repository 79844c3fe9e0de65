"""Downloads (namespace ``exports``): the downloads page of a tournament and each file."""

from django.urls import path

from . import views

app_name = "exports"

urlpatterns = [
    path("t/<slug:slug>/scarica/", views.downloads, name="downloads"),
    path("t/<slug:slug>/scarica/<slug:key>/", views.download, name="download"),
]
