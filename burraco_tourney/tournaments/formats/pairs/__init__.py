"""The pairs tournament: pairs ranked by VP over planned turni. The base class's answers."""

from __future__ import annotations

from ..base import TournamentFormat


class PairsFormat(TournamentFormat):
    key = "pairs"
    feeds_knockout = True
