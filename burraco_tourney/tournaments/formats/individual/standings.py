"""The individual tournament's standings (RULES.md section 10): what differs from the pairs' is
who a line credits and which tie-breaks apply, handed to the one engine and the one selector as
data (``PLAYERS``); the page, the PDF and the workbook show the players' columns
(``tables.PlayerStandingsTable``) in the pairs' templates, with the players' words.

Players change partner every turno: each line credits its two players, and head-to-head ("the VP
of their meetings") means nothing between them, so it is refused; the default tie-breaks are
scarto, then MP.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.explain_sentences import PLAYER_EXPLAIN_WORDS
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

    explain_words = PLAYER_EXPLAIN_WORDS
    kind = PLAYERS

    explain_label = _("Why is a player above another?")
    shared_note = _("Players on the same rank are equal on VP and on every tie-break.")
    shared_link = _("See why players %(a)s and %(b)s share their rank")
    pdf_fact = _("Individual tournament")
    refused_tiebreaks_reason = _(
        "Head-to-head does not apply to an individual tournament: partners change every turno. "
        "Choose another tie-break or none."
    )

    def table(self, rows: list, turni: list, **options: Any) -> Any:
        from ...tables import PlayerStandingsTable

        return PlayerStandingsTable(rows, turni=turni, **options)

    def public_table(self, rows: list, turni: list, slug: str) -> Any:
        from ...tables import PublicPlayerStandingsTable

        return PublicPlayerStandingsTable(rows, turni=turni, slug=slug)

    def live_page(self, request: Any, after: str) -> Any:
        from ...live_pages import LivePage

        return LivePage(
            name="standings", params={"dopo": after}, stylesheets=("css/standings.css",)
        )

    def changes(self, candidate: Any, outcomes: Any) -> tuple:
        # The dry run lists the pairs' lines only; the players' page shows the new ranks.
        return ()


PLAYER_STANDINGS = PlayerStandings()
