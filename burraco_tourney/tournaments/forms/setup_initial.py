"""The settings form's boxes for a stored tournament, and for a new one.

A rule equal to its preset's shows as blank ("as the ruleset"), a VP preset by its name and any
other table as its bands, the forfeiting pair's VP as one of its choices. Reads only.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.vp import DEFAULT_VP_TABLE, VP_PRESETS, vp_table

from ..models import Tournament
from ..results_bridge import tournament_tiebreaks
from . import setup_ko
from . import setup_rules as rules
from .setup_kind import COMPLEMENT, tiebreak_boxes
from .setup_teams import team_initial
from .setup_vp import format_bands

CUSTOM = "custom"
# What the pair that forfeits gets (Tournament.forfeit_loser_vp None or 0; "kept": another value
# an archive brought, kept as it is).
ZERO, KEPT = "zero", "kept"
FORFEIT_LOSER_CHOICES = [
    (COMPLEMENT, _("The rest of the table's VP (6 when the winner gets 14 of 20)")),
    (ZERO, _("Nothing (0 VP)")),
]


def initial_for(tournament: Tournament) -> dict[str, Any]:
    """The form's boxes for a stored tournament; a rule equal to its preset's shows as blank."""
    initial: dict[str, Any] = {
        field: getattr(tournament, field)
        for field in (
            "name", "date", "venue", "kind", "ruleset_name", "smazzate_per_turno",
            "bye_vp", "bye_mp", "forfeit_vp", "forfeit_mp", "planned_turni",
            "ko_mode", "ko_smazzate", "ko_target", "players_enter",
            "turno_minutes", "last_smazzata_minutes", "federation_class",
            "gironi_standings", "gironi_overall",
        )
    }  # fmt: skip
    initial["players_director_accepts"] = not tournament.players_auto_accept
    initial.update(rules.ruleset_initial(tournament.ruleset_name, tournament.rules or {}))
    initial.update(setup_ko.round_initial(tournament))
    initial.update(team_initial(tournament))
    spec = tournament.vp_table
    if isinstance(spec, str) and spec in VP_PRESETS:
        initial["vp_preset"] = spec
    else:
        initial["vp_preset"] = CUSTOM
    try:
        initial["vp_bands"] = format_bands(vp_table(spec))
    except RuleError:
        initial["vp_bands"] = ""
    loser = tournament.forfeit_loser_vp
    initial["forfeit_loser"] = {None: COMPLEMENT, 0: ZERO}.get(loser, KEPT)
    try:
        keys = tournament_tiebreaks(tournament)
    except RuleError:
        keys = tournament.tiebreaks  # rules the engine cannot build: the boxes show what is stored
    initial.update(tiebreak_boxes(keys))
    return initial


def create_initial() -> dict[str, Any]:
    """A new tournament: classic, 3 smazzate, the FIBUR table for 3 with its bands shown."""
    return {"vp_bands": format_bands(vp_table(DEFAULT_VP_TABLE))}
