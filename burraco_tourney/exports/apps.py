from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ExportsConfig(AppConfig):
    """Downloads: PDF printouts and the Excel workbook, through one registry of exporters."""

    name = "burraco_tourney.exports"
    verbose_name = _("Exports")
