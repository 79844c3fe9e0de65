from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Tournaments, pairs, turni, tables and their scores."""

    name = "burraco_tourney.tournaments"
    verbose_name = _("Tournaments")
