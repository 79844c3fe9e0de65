"""The site's URLs plus one page that fails, to see the error page a director would see."""

from django.urls import path

from burraco_tourney.urls import urlpatterns as site_urlpatterns


def broken(request):
    raise RuntimeError("a bug")


urlpatterns = [path("guasto/", broken), *site_urlpatterns]
