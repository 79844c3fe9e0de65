"""The circuits' tests: a logged-in director and the season of ``factory``."""

from __future__ import annotations

from tests.tournaments.conftest import director, director_client, english  # noqa: F401
