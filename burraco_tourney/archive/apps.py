from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArchiveConfig(AppConfig):
    """The burraco-archive JSON file: import and export of whole tournaments."""

    name = "burraco_tourney.archive"
    verbose_name = _("Archive")
