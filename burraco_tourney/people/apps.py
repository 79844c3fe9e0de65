from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PeopleConfig(AppConfig):
    """The site's registry of people and clubs (anagrafica), which every tournament draws from."""

    name = "burraco_tourney.people"
    verbose_name = _("People and clubs")
