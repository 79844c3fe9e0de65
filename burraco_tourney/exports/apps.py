from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ExportsConfig(AppConfig):
    """Downloads: PDF printouts and the Excel workbook, through one registry of exporters."""

    name = "burraco_tourney.exports"
    verbose_name = _("Exports")

    def ready(self) -> None:
        # Importing an exporter module registers its exporters.
        from . import printouts  # noqa: F401

        try:
            from . import excel  # noqa: F401
        except ModuleNotFoundError as error:
            # The workbook exporter is optional; an import failing inside it is a real bug.
            if error.name != f"{self.name}.excel":
                raise
        from . import ko  # noqa: F401  (the KO bracket sheet and workbook)
