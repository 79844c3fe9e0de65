"""The bridge from a stored tournament to the rules engine's plain values.

Reads the rules a tournament was created with (ruleset, VP table, riposo and forfeit values,
tie-breaks) and hands them to the engine as its own frozen types, and names a VP table the way
people read it. It never writes.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from burraco_tourney.rules.ko_length import KoLength, ko_length_for_round, ko_round_lengths
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.standings import Value
from burraco_tourney.rules.vp import VpTable, default_bye, vp_table

from .models import Tournament

DEFAULT_TIEBREAKS = ("scarto", "head_to_head", "mp")

# The one place that names the VP presets for people: printouts, the workbook and the settings
# say these words after "VP table", never the preset's code ("fibur-3").
VP_PRESET_LABELS = {
    "fibur-3": _("FIBUR, 3 smazzate"),
    "fibur-4": _("FIBUR, 4 smazzate"),
}


def tournament_ruleset(tournament: Tournament) -> Ruleset:
    return Ruleset.from_dict(tournament.rules)


def tournament_vp_table(tournament: Tournament) -> VpTable:
    return vp_table(tournament.vp_table)


def vp_table_label(table: VpTable) -> str:
    """The VP table as people read it: the preset's name, or "Custom bands" for bands the
    director typed (a preset whose bands were changed included)."""
    if table.name is not None and table.to_json() == table.name:
        return str(VP_PRESET_LABELS.get(table.name, table.name))
    return str(_("Custom bands"))


def tournament_bye_value(tournament: Tournament) -> Value | None:
    """The riposo value: the tournament's own, or the preset's default for its VP table."""
    if tournament.bye_vp is not None and tournament.bye_mp is not None:
        return Value(vp=tournament.bye_vp, mp=tournament.bye_mp)
    default = default_bye(tournament_vp_table(tournament))
    return Value(vp=default[0], mp=default[1]) if default else None


def tournament_forfeit_value(tournament: Tournament) -> Value | None:
    """The value of a forfeit win: the tournament's own, or the riposo value (ARCHIVE.md)."""
    if tournament.forfeit_vp is not None and tournament.forfeit_mp is not None:
        return Value(vp=tournament.forfeit_vp, mp=tournament.forfeit_mp)
    return tournament_bye_value(tournament)


def tournament_tiebreaks(tournament: Tournament) -> tuple[str, ...]:
    return tuple(tournament.tiebreaks) if tournament.tiebreaks else DEFAULT_TIEBREAKS


def tournament_ko_length(tournament: Tournament, round_number: int) -> KoLength:
    """The match length of one KO round: the round's own (``ko_rounds``) or the tournament's."""
    if tournament.ko_mode == "punti" and tournament.ko_target:
        default = KoLength("punti", target=tournament.ko_target)
    else:
        default = KoLength(
            "smazzate", smazzate=tournament.ko_smazzate or tournament.smazzate_per_turno
        )
    return ko_length_for_round(default, ko_round_lengths(tournament.ko_rounds or ()), round_number)
