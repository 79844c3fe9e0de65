from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    """Circuits: tournaments of a season ranked together. Reads the tournaments' published
    standings through their selectors; never writes tournament data, and nothing below it (people,
    tournaments, exports) imports it."""

    name = "burraco_tourney.seasons"
    verbose_name = _("Circuits")
