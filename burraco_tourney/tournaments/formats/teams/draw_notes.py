"""The explanation of a team draw in words: the team movements' notes
(``rules.team_draw.TEAM_NOTE_CODES``) as translated sentences.

``draw_notes`` merges these into its own ``SENTENCES``, so a team turno's notes are shown by the
same ``explain`` as a pairs movement's. The notes are the pairs' notes read for teams (same
reasons, same params but ``team`` for ``pair``), so their sentences follow the pairs' ones.
It never writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_tourney.core.rule_messages import MODE_LABELS

WARNING_CODES = frozenset({"team_rematch_unavoidable"})


def _ranking(p: Mapping[str, Any]) -> str:
    text = _(
        "Danese for teams, %(mode)s. The teams are ranked by the standings and paired 1 v 2, "
        "3 v 4, …, without a rematch while one can be avoided; the team that has played fewer "
        "matches at home is home, on equal counts the higher-ranked one."
    ) % {"mode": MODE_LABELS.get(p.get("mode", ""), p.get("mode", ""))}
    if p.get("last_turno"):
        text += " " + _("This is the last turno.")
    return text


def _swap(p: Mapping[str, Any]) -> str:
    sentences = {
        "met_previous_turno": _(
            "Team %(team)s (ranked %(rank)s) meets team %(opponent)s instead of team "
            "%(instead_of)s: they met in the previous turno."
        ),
        "met_before": _(
            "Team %(team)s (ranked %(rank)s) meets team %(opponent)s instead of team "
            "%(instead_of)s: they met in an earlier turno."
        ),
        "opponent_taken": _(
            "Team %(team)s (ranked %(rank)s) meets team %(opponent)s instead of team "
            "%(instead_of)s, who already has a higher match."
        ),
        "keeps_draw_possible": _(
            "Team %(team)s (ranked %(rank)s) meets team %(opponent)s instead of team "
            "%(instead_of)s: otherwise teams further down would have to meet again."
        ),
    }
    return sentences.get(p.get("reason"), sentences["met_before"]) % p


def _rematch_unavoidable(p: Mapping[str, Any]) -> str:
    if p.get("reason") == "met_previous_turno":
        text = _("Team %(team)s meets team %(opponent)s again, as in the previous turno.")
    else:
        text = _("Team %(team)s meets team %(opponent)s again: they met in an earlier turno.")
    return text % p + " " + _("No draw avoids it: this one has as few rematches as possible.")


def _rematch_allowed(p: Mapping[str, Any]) -> str:
    if p.get("reason") == "last_turno":
        text = _(
            "Team %(team)s meets team %(opponent)s again, as in the previous turno: "
            "allowed in the last turno."
        )
    else:
        text = _("Team %(team)s meets team %(opponent)s again: Danese puro allows it.")
    return text % p


def _bye(p: Mapping[str, Any]) -> str:
    sentences = {
        "lowest_ranked": _(
            "Team %(team)s rests: the lowest-ranked team among those that have rested least."
        ),
        "avoids_rematch": _(
            "Team %(team)s rests instead of team %(instead_of)s, so that no team has to meet again."
        ),
        "calendar": _("Team %(team)s rests, as the calendar says."),
    }
    text = sentences.get(p.get("reason"), _("Team %(team)s rests.")) % p
    before = p.get("byes_before")
    if before:
        text += " " + ngettext(
            "It has rested %(count)s time before.", "It has rested %(count)s times before.", before
        ) % {"count": before}
    return text


SENTENCES = {
    "team_ranking": _ranking,
    "team_swap_avoid_rematch": _swap,
    "team_rematch_unavoidable": _rematch_unavoidable,
    "team_rematch_allowed": _rematch_allowed,
    "team_bye": _bye,
    "team_italiana": lambda p: (
        _("All'italiana for teams: turno %(turno)s of the %(turni)s of the calendar.") % p
    ),
    "team_home_away": lambda p: (
        _(
            "Match %(match)s: team %(home)s is home, having played fewer matches at home "
            "(%(home_before)s) than team %(away)s (%(away_before)s)."
        )
        % p
    ),
}
