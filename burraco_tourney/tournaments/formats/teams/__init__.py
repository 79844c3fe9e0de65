"""The team tournament (RULES.md section 11): teams of 4 to 8 players meet in matches of two
tables, the sala aperta and the sala chiusa; each table is scored as a pairs table and the match
from both (``vp_sum`` or ``mp_diff``, the engine's ``match_outcome``); teams are ranked by their
matches' VP with the pairs' tie-breaks. Its pieces: ``words`` (the entrants pages), ``entrants``
(the roster), ``scoring`` (the match from both rooms), ``standings`` (teams ranked)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext

from burraco_tourney.rules.match_outcome import MP_DIFF, VP_SUM
from burraco_tourney.rules.tournament_rules import TournamentRules, build_rules
from burraco_tourney.rules.vp import default_bye, vp_table

from ..base import KO_SETUP_FIELDS, TournamentFormat
from ..draw import PairsDrawManager, WithoutGironi
from ..kind_words import KindWords
from ..pages import KindPages
from .archive import TEAMS_ARCHIVE
from .entrants import TEAM_ENTRANTS
from .scoring import TEAM_SCORING
from .standings import TEAM_STANDINGS
from .words import ROSTER_MIN


def team_riposo(vp_table_spec: Any) -> tuple[int, int] | None:
    """A team's riposo left blank, scored by the sum of its tables' VP: a whole match, twice a
    pair's house default with the pairs' VP table (None for a custom table)."""
    pairs_bye = default_bye(vp_table(vp_table_spec or "fibur-3"))
    return None if pairs_bye is None else (2 * pairs_bye[0], 2 * pairs_bye[1])


def _team_values(
    vp_table_spec: Any,
    scoring: str,
    bye_vp: Any,
    bye_mp: Any,
    forfeit_vp: Any,
    forfeit_mp: Any,
    forfeit_loser_vp: Any,
) -> dict[str, Any]:
    """A team's riposo for a whole match and the forfeit value of each of a match's tables
    (ARCHIVE.md, kind ``teams``): with ``vp_sum`` no riposo set is twice the pairs' default
    (28 VP and +710 with fibur-3) and a forfeit not set is worth a riposo (with ``mp_diff`` the
    director sets both); a forfeit (and the forfeiting team's VP, when set) is the match's, so
    each of its two tables gets half of it."""
    if scoring == VP_SUM:
        match_bye = team_riposo(vp_table_spec)
        if bye_vp is None and match_bye is not None:
            bye_vp, bye_mp = match_bye
        if forfeit_vp is None:
            forfeit_vp, forfeit_mp = bye_vp, bye_mp
    if forfeit_vp is not None:
        forfeit_vp, forfeit_mp = forfeit_vp // 2, (forfeit_mp or 0) // 2
    if forfeit_loser_vp is not None:
        forfeit_loser_vp //= 2
    return {
        "bye_vp": bye_vp,
        "bye_mp": bye_mp,
        "forfeit_vp": forfeit_vp,
        "forfeit_mp": forfeit_mp,
        "forfeit_loser_vp": forfeit_loser_vp,
    }


class TeamsDrawManager(WithoutGironi, PairsDrawManager):
    """Team turni, drawn on the turni page as the pairs' (``draw_manager.py``); no gironi
    (ARCHIVE.md: an error for teams)."""

    def draw(self, *, tournament: Any, number: int, request: Any) -> Any:
        from .draw_manager import draw_team_turno

        return draw_team_turno(tournament=tournament, number=number, request=request)

    def bye_value_missing(self, byes: Any) -> str:
        return ngettext(
            "In this turno team %(teams)s rests, but the team riposo has no value (the MP "
            "difference and a custom VP table have no default one): set the riposo VP and MP "
            "in the tournament settings, then draw.",
            "In this turno teams %(teams)s rest, but the team riposo has no value (the MP "
            "difference and a custom VP table have no default one): set the riposo VP and MP "
            "in the tournament settings, then draw.",
            len(byes),
        ) % {"teams": ", ".join(str(t) for t in byes)}

    def active_count(self, tournament: Any, number: int) -> str:
        from ...draw_manager import active_pairs

        count = len(active_pairs(tournament, number))
        return ngettext("%(counter)s active team", "%(counter)s active teams", count) % {
            "counter": count
        }

    def draw_form(
        self, tournament: Any, number: int, data: Any = None, *, like: Any = None, redraw=False
    ) -> Any:
        from ...draw_manager import is_last_turno
        from ...forms.turni import draw_initial
        from .forms import TeamDrawForm

        initial = {} if data is not None else draw_initial(like, with_seating=redraw)
        return TeamDrawForm(
            data, initial=initial, steps=(), last_auto=is_last_turno(tournament, number)
        )

    def turno_part(self, tournament: Any, turno: Any) -> tuple[str, dict[str, Any]]:
        # The pairs' page of a turno (its tables), with the matches and their line-ups.
        from ...forms.lineups import LineupForm, lineup_initial
        from ...selectors.teams import team_roster, turno_matches
        from ...views.team_lineup import captain_url

        template, context = super().turno_part(tournament, turno)
        rows = []
        for view in turno_matches(turno=turno):
            sides = []
            for team in (view.home, view.away):
                form = LineupForm(
                    roster=team_roster(team=team),
                    initial=lineup_initial(view.lineups.get(team.pk)),
                    prefix_id=f"m{view.match.number}-t{team.number}-",
                )
                sides.append({"team": team, "form": form, "captain_url": captain_url(team)})
            rows.append({"view": view, "sides": sides})
        return template, {**context, "team_matches": rows}


TEAM_DRAW = TeamsDrawManager()


class TeamsKindWords(KindWords):
    """A team tournament's words: teams, not pairs, register, rest and forfeit."""

    entrants_label = _("Teams")
    entrants_noun = _("teams")
    entrant_column = _("No.")
    entrant_names_column = _("Team")
    number_taken_message = _("Number %(number)s is already taken by team %(pair)s.")
    played_refusal = _(
        "Team %(pair)s is already part of a turno and cannot be deleted: withdraw it instead."
    )
    numbers_draw_too_late = _("The team numbers can be drawn only before the first turno is drawn.")
    numbers_draw_too_few = _("Register at least two teams before drawing their numbers.")
    prize_missing_fact = _("Team %(number)s: a player has no %(fact)s, which “%(name)s” needs.")
    prize_missing_facts = _("Teams %(numbers)s: a player has no %(fact)s, which “%(name)s” needs.")
    register_prompt = _(
        "Register the teams (4 to 8 players each): at least two are needed to draw a turno."
    )
    register_action = _("Register teams")
    register_step = _("Register the teams")
    created_message = _("Tournament created. Next: register the teams.")
    bye_value_warning = _(
        "The number of teams is odd, so a team rests every turno, and the team riposo has no "
        "value (the MP difference and a custom VP table have no default one)."
    )
    forfeit_loser_label = _("Forfeit: the absent team's VP")
    forfeit_complement_label = _("The rest of the match's VP (12 when the winner gets 28 of 40)")
    head_to_head_label = _("Head-to-head (two tied teams that met)")
    forfeit_absent_label = _("Which team was absent?")
    entry_fee_label = _("Entry fee per team (euro)")
    riposo_note = _(
        "A team's riposo is a whole match's: these values count when the match is scored by the "
        "sum of its tables' VP; with the MP difference give the riposo."
    )

    def entrants_count(self, count: int) -> str:
        return ngettext("%(count)s team", "%(count)s teams", count) % {"count": count}

    def entrants_registered(self, count: int) -> str:
        return ngettext(
            "%(count)s team registered. Draw the first turno when everyone is there.",
            "%(count)s teams registered. Draw the first turno when everyone is there.",
            count,
        ) % {"count": count}

    def line_title(self, line) -> str:
        return pgettext("a line of a table", "team %(number)s") % {"number": line.number}


class TeamsFormat(TournamentFormat):
    key = "teams"
    words = TeamsKindWords()
    pages = KindPages(entrants="manage:teams", scorecards_pdf="score-squadre")
    scoring = TEAM_SCORING
    ignored_setup_fields = KO_SETUP_FIELDS
    draw_manager = TEAM_DRAW
    entrants = TEAM_ENTRANTS
    standings = TEAM_STANDINGS
    archive = TEAMS_ARCHIVE
    # The team printouts and workbook (``exports.teams``), the standings PDF as every kind's.
    exporters = (
        "classifica",
        "score-squadre",
        "posti-per-tavolo",
        "formazioni",
        "cartelli-tavoli",
        "butler",
        "workbook",
    )

    def default_riposo(self, vp_table_spec: Any, team_scoring: str = "") -> tuple[int, int] | None:
        # Scored by the MP difference, a team's riposo has no default: the director gives it.
        return team_riposo(vp_table_spec) if (team_scoring or VP_SUM) == VP_SUM else None

    def build_rules(
        self, *, team_scoring: str = "", team_vp_table: Any = None, **settings: Any
    ) -> TournamentRules:
        scoring = team_scoring or VP_SUM
        values = {
            name: settings.pop(name, None)
            for name in ("bye_vp", "bye_mp", "forfeit_vp", "forfeit_mp", "forfeit_loser_vp")
        }
        values = _team_values(settings.get("vp_table_spec"), scoring, **values)
        return build_rules(
            default_tiebreaks=self.standings.default_tiebreaks,
            **self.scoring.rules_options(),
            **settings,
            **values,
            match_scoring=scoring,
            team_vp_table_spec=(team_vp_table or None) if scoring == MP_DIFF else None,
        )


__all__ = ["ROSTER_MIN", "TeamsFormat"]
