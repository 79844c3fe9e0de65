"""A team match's scoring (RULES.md section 11): each of its two tables is scored as a pairs
table (its MP, its own VP by the tournament's VP table), and the match's MP and VP are the
engine's ``match_outcome`` of both tables (``vp_sum`` or ``mp_diff``, ``build_rules``), asked by
the one results bridge with every save of either table. A match counts once both its tables
have a result; until then it has none."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..scoring import VpScoring


class TeamScoring(VpScoring):
    """The pairs' VP scoring at each table; the match from both rooms."""

    def table_refusal(self, table: Any) -> str | None:
        # A match is not played before both teams' line-ups are set (RULES.md section 11).
        from ...services.teams import lineup_refusal

        return lineup_refusal(table.match_id)

    def match_outcomes(self, table: Any, outcome: Any) -> Sequence[Any]:
        """The outcomes of the match of ``table`` (whose new ``outcome`` is given), seen from
        the match's sides (the sala aperta's lines): both tables' or none while one of them has
        no result. The match row is locked first, so the two rooms' saves of one match take
        turns and the second reads the first's result."""
        from burraco_tourney.rules.match_outcome import seen_from_the_other_line

        from ...models import Match, Room, Table
        from ...results_bridge import stored_outcome

        if outcome is None:
            return []
        Match.objects.select_for_update().filter(pk=table.match_id).first()
        other = (
            Table.objects.filter(match_id=table.match_id)
            .exclude(pk=table.pk)
            .select_related("turno__tournament")
            .first()
        )
        if other is None:
            return []
        other_outcome = stored_outcome(table.turno.tournament, other)
        if other_outcome is None:
            return []
        by_room = {table.room: outcome, other.room: other_outcome}
        return [by_room[Room.APERTA], seen_from_the_other_line(by_room[Room.CHIUSA])]


TEAM_SCORING = TeamScoring()
