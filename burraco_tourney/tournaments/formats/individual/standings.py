"""The individual tournament's standings (RULES.md section 10): what differs from the pairs' is
who a line credits and which tie-breaks apply, handed to the one engine and the one selector as
data (``PLAYERS``); the page shows players without the pairs' sortable table.

Players change partner every turno: each line credits its two players, and head-to-head ("the VP
of their meetings") means nothing between them, so it is refused; the default tie-breaks are
scarto, then MP.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.standings_tally import EntrantKind

from ..standings import PairStandings

PLAYERS = EntrantKind(
    noun="player",
    per_line=2,
    twice_at_table="player_twice_at_table",
    default_tiebreaks=("scarto", "mp"),
    refused_tiebreaks=("head_to_head",),
)


class PlayerStandings(PairStandings):
    """Players ranked on the VP of the lines they sat in (the one ``selectors/standings.py``)."""

    words = "players"
    kind = PLAYERS

    body_template = "tournaments/live/individual_standings.html"
    explain_label = _("Why is a player above another?")

    def page_context(self, request: Any, tournament: Any, rows: list, shown: list) -> dict:
        # No sortable table: each row with its VP of the turni shown.
        by_turno = [{"row": row, "by_turno": row.by_turno(shown)} for row in rows]
        return {"rows": by_turno, "shown": shown}

    def live_page(self, request: Any, after: str) -> Any:
        from ...live_pages import LivePage

        return LivePage(
            name="standings", params={"dopo": after}, stylesheets=("css/standings.css",)
        )

    def changes(self, candidate: Any, outcomes: Any) -> tuple:
        # The dry run lists the pairs' lines only; the players' page shows the new ranks.
        return ()


PLAYER_STANDINGS = PlayerStandings()
