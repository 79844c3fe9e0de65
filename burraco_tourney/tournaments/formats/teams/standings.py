"""The team tournament's standings (RULES.md section 11): teams ranked by the VP of their
matches through the one engine and the one selector (``selectors/standings.py`` reads a match of
two tables once, with its MP summed and its VP as the match holds them, and credits the teams of
its sala aperta's lines: the home team NS, the away team EO). The tie-breaks are the pairs':
scarto, head-to-head, MP. The page, the PDF and the workbook show the pairs' columns with the
teams' words."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.explain_sentences import TEAM_EXPLAIN_WORDS
from burraco_tourney.rules.standings import Value
from burraco_tourney.rules.standings_tally import EntrantKind

from ..standings import PairStandings

TEAMS = EntrantKind(noun="team")


class TeamStandings(PairStandings):
    """Teams ranked on their matches' VP."""

    explain_words = TEAM_EXPLAIN_WORDS
    kind = TEAMS

    explain_label = _("Why is a team above another?")
    shared_note = _("Teams on the same rank are equal on VP and on every tie-break.")
    shared_link = _("See why teams %(a)s and %(b)s share their rank")
    pdf_fact = _("Team tournament")

    def forfeit(self, rules: Any) -> Any:
        """A forfeited match is two forfeited tables, each worth half the team forfeit
        (``TeamsFormat.build_rules``): the match's value is twice a table's."""
        value = rules.forfeit
        return None if value is None else Value(vp=2 * value.vp, mp=2 * value.mp)

    def table(self, rows: list, turni: list, **options: Any) -> Any:
        from ...tables import TeamStandingsTable

        return TeamStandingsTable(rows, turni=turni, **options)

    def public_table(self, rows: list, turni: list, slug: str) -> Any:
        from ...tables import PublicTeamStandingsTable

        return PublicTeamStandingsTable(rows, turni=turni, slug=slug)

    def changes(self, candidate: Any, outcomes: Any) -> tuple:
        # A rule change's dry run lists the pairs' tables; a team's match is two of them.
        return ()


TEAM_STANDINGS = TeamStandings()
