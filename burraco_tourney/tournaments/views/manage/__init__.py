"""The director's pages. Each module declares the ``urlpatterns`` of its concept.

Every view here needs a logged-in director of the tournament (``access.director_view``).
"""

from . import pairs, setup, turni  # noqa: E402

MODULES = (setup, pairs, turni)
