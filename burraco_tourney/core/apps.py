from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """Site-wide pieces: the base layout, home, error messages of the rules engine."""

    name = "burraco_tourney.core"
    verbose_name = _("Core")

    def ready(self) -> None:
        from .log_filters import install

        install()
