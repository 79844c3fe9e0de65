"""The director's pages, under /gestione/ and /t/<slug>/gestione/ (namespace ``manage``)."""

from .views.manage import MODULES

app_name = "manage"

urlpatterns = [pattern for module in MODULES for pattern in module.urlpatterns]
