"""Which boxes of the tournament settings form mean something for which kind of tournament.

A pairs tournament ranks its pairs by VP over a planned number of turni: it needs the smazzate
of a turno, the VP table, the riposo and forfeit values and the tie-breaks. A knock-out has none
of these (RULES.md section 8): a match has its own length (the KO boxes), a bye in the bracket
simply goes through, a forfeit only names the winner, and there are no standings to break ties
in. The form ignores what a director posts in the boxes of the other kind, and keeps instead what
the tournament already has (a new one: the model's defaults). This module only reads.
"""

from __future__ import annotations

from typing import Any

from burraco_tourney.rules.tiebreaks import DEFAULT_TIEBREAKS

from ..formats import TournamentFormat, format_for_choice
from ..models import Tournament

# The stored settings behind the pairs-only boxes.
PAIRS_ONLY_SETTINGS: tuple[str, ...] = (
    "planned_turni",
    "smazzate_per_turno",
    "vp_table",
    "bye_vp",
    "bye_mp",
    "forfeit_vp",
    "forfeit_mp",
    "forfeit_loser_vp",
    "tiebreaks",
)


def ignored_fields(kind: Any) -> tuple[str, ...]:
    """The boxes whose posted values do not count for a tournament of ``kind``."""
    return format_for_choice(kind).ignored_setup_fields


def kept_pairs_settings(tournament: Tournament | None) -> dict[str, Any]:
    """The pairs-only settings a knock-out keeps: its stored ones, else the model's defaults."""
    if tournament is not None:
        return {name: getattr(tournament, name) for name in PAIRS_ONLY_SETTINGS}
    return {name: Tournament._meta.get_field(name).get_default() for name in PAIRS_ONLY_SETTINGS}


def untouched_default_swapped(
    fmt: TournamentFormat, posted: list[Any], offered: list[Any]
) -> list[str] | None:
    """The kind's own tie-breaks when the boxes post the pairs' default exactly as the form
    offered it, and the kind refuses part of it (an individual: no head-to-head); else None.

    A director who changed the kind and left the tie-breaks alone meant "the usual ones", not
    head-to-head; one who picks head-to-head on purpose is still refused by the form.
    """
    posted_keys = tuple(value or "" for value in posted)
    offered_keys = tuple(value or "" for value in offered)
    if posted_keys != DEFAULT_TIEBREAKS or offered_keys != DEFAULT_TIEBREAKS:
        return None
    if not set(DEFAULT_TIEBREAKS) & set(fmt.refused_tiebreaks):
        return None
    return list(fmt.default_tiebreaks)
