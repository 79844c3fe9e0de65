"""The settings form's boxes of a team tournament (RULES.md section 11): how a match's result is
made from its two tables, and the team VP table, typed with the same editor as a custom VP table
(``setup_vp.parse_bands``: one band a line). A mixin of ``setup.TournamentForm``; the other
kinds ignore these boxes (``TournamentFormat.ignored_setup_fields``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.match_outcome import match_vp_total
from burraco_tourney.rules.vp import vp_table

from ..models import TeamScoring
from .setup_vp import format_bands, parse_bands


class TeamFields(forms.Form):
    team_scoring = forms.ChoiceField(
        label=_("Match result"),
        choices=TeamScoring.choices,
        initial=TeamScoring.VP_SUM,
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "Sum: a team's match VP are its two tables' VP added (0–40). MP difference: the "
            "team's MP over both tables minus the opponents', converted once with the team VP "
            "table below."
        ),
    )
    team_vp_bands = forms.CharField(
        label=_("Team VP table"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "cols": 18, "spellcheck": "false"}),
        help_text=_(
            "Used with “MP difference” only. One band per line, as a custom VP table: the "
            "largest MP difference over both tables, then the VP of the team with more MP and "
            "of the other team, e.g. 300 12 8. The last band starts with -: - 18 2."
        ),
    )

    def _clean_team(self, data: dict[str, Any]) -> None:
        scoring = data.get("team_scoring") or TeamScoring.VP_SUM
        data["team_scoring"] = scoring
        data["team_vp_table"] = []
        if scoring != TeamScoring.MP_DIFF:
            return
        try:
            bands = parse_bands(data.get("team_vp_bands", ""))
            data["team_vp_table"] = vp_table(bands).to_json()
        except forms.ValidationError as err:
            self.add_error("team_vp_bands", err)
        except RuleError as err:
            self.add_error("team_vp_bands", rule_error_message(err))

    def _match_total(self, data: dict[str, Any], table: Any) -> tuple[bool, int | None]:
        """Whether a riposo is a team match's, and the VP that match shares (the engine's
        ``match_vp_total``; None while the team VP table it needs is not valid). A kind with no
        team match: (False, None), its riposo is one table's."""
        if "team_scoring" in self.ignored:
            return False, None
        scoring = data.get("team_scoring") or TeamScoring.VP_SUM
        team_vp = data.get("team_vp_table")
        team_total = vp_table(team_vp).total if team_vp else None
        return True, match_vp_total(scoring, table.total, team_total)


def team_initial(tournament: Any) -> dict[str, Any]:
    """The boxes of a stored tournament."""
    bands = ""
    if tournament.team_vp_table:
        try:
            bands = format_bands(vp_table(tournament.team_vp_table))
        except RuleError:
            bands = ""
    return {"team_scoring": tournament.team_scoring, "team_vp_bands": bands}
