"""A team match's scoring (RULES.md section 11): each of its two tables is scored as a pairs
table (its MP, its own VP by the tournament's VP table), and the match's MP and VP are the
engine's ``match_outcome`` of both tables (``vp_sum`` or ``mp_diff``, ``build_rules``), asked by
the one results bridge with every save of either table. A match counts once both its tables
have a result; until then it has none."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.core.scores import score_text

from ..scoring import VpScoring


class TeamScoring(VpScoring):
    """The pairs' VP scoring at each table; the match from both rooms."""

    result_head_template = "manage/result_head_team.html"
    result_cell_template = "manage/result_cell_team.html"

    def saved_message(self, table: Any) -> str | None:
        """The table's MP (or its forfeit), then the match's VP by team once both rooms have a
        result."""
        from burraco_tourney.core.rule_messages import LINE_LABELS

        from ...models import EntryMode

        figures = {
            "table": table.label,
            "ns": table.ns_line.number,
            "eo": table.eo_line.number,
            "ns_mp": score_text(table.ns_mp),
            "eo_mp": score_text(table.eo_mp),
            "line": LINE_LABELS.get(table.forfeit_winner, table.forfeit_winner),
        }
        if table.entry_mode == EntryMode.FORFEIT:
            saved = _("Table %(table)s saved, forfeit win for %(line)s.") % figures
        else:
            saved = _("Table %(table)s saved: NS %(ns)s %(ns_mp)s MP · EO %(eo)s %(eo_mp)s MP.")
            saved %= figures
        match = table.match
        if match.ns_vp is None:
            return f"{saved} " + _(
                "The match's VP come once the other room's table has its result."
            )
        return f"{saved} " + _(
            "Match %(match)s: %(home)s %(home_vp)s VP, %(away)s %(away_vp)s VP."
        ) % {
            "match": match.number,
            "home": match.home.name,
            "away": match.away.name,
            "home_vp": match.ns_vp,
            "away_vp": match.eo_vp,
        }

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
