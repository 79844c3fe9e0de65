"""Everything a tournament's rules decide about its results, as one frozen object.

``TournamentRules`` holds the ruleset and its switches, the VP table, the riposo and forfeit
values (and what the forfeiting pair gets), the tie-breaks, the smazzate of a turno and, in a
knock-out, the match length of each round (``ko_length``). ``build_rules`` makes one from the
values a tournament stores and is the one place of their defaults: the VP table is
``vp.DEFAULT_VP_TABLE``, a turno has 3 smazzate, the riposo is the VP table preset's
(``vp.default_bye``), a forfeit win is worth a riposo, the tie-breaks are the kind's (the pairs'
``tiebreaks.DEFAULT_TIEBREAKS`` unless the caller gives its kind's), a KO match lasts the
turno's smazzate. A tournament's kind passes its own answers through its format
(``TournamentFormat.build_rules``): the site's tournaments, the settings page and the archive
reader all get their rules that way. The one function that scores a table with it is
``outcome.table_outcome``.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from burraco_tourney.rules.ko_length import KoLength, ko_length_for_round, ko_round_lengths
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.standings import Value, forfeit_split
from burraco_tourney.rules.tiebreaks import DEFAULT_TIEBREAKS
from burraco_tourney.rules.vp import DEFAULT_VP_TABLE, VpTable, default_bye, vp_table

# The smazzate of a turno when a tournament does not say (the FIBUR table is for 3).
DEFAULT_SMAZZATE = 3

Line = Literal["ns", "eo"]
LINES: tuple[Line, Line] = ("ns", "eo")


@dataclass(frozen=True)
class TournamentRules:
    """What a tournament's rules decide about its results. Build one with ``build_rules``."""

    ruleset: Ruleset
    vp: VpTable
    smazzate_per_turno: int = DEFAULT_SMAZZATE
    bye: Value | None = None
    forfeit: Value | None = None
    # None: the forfeiting pair gets the rest of the band total (the club rule); else this VP.
    forfeit_loser_vp: int | None = None
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    knockout: bool = False
    ko_length: KoLength | None = None
    ko_rounds: tuple[tuple[int, KoLength], ...] = ()
    ko_third_place: bool = False
    # How a match's tables make its outcome (``match_outcome.MATCH_SCORINGS``): one table, or a
    # team match's two (``vp_sum``, ``mp_diff``).
    match_scoring: str = "table"
    # The team VP table a team match's MP difference is converted with (``mp_diff``).
    team_vp: VpTable | None = None

    def round_length(self, round_number: int) -> KoLength | None:
        """The match length of a KO round (its own or the tournament's); None outside KO."""
        if not self.knockout or self.ko_length is None:
            return None
        return ko_length_for_round(self.ko_length, dict(self.ko_rounds), round_number)

    def smazzate_limit(self, round_number: int = 1) -> int | None:
        """How many smazzate a table may have; None for a KO match played to a target."""
        length = self.round_length(round_number)
        if length is None:
            return self.smazzate_per_turno
        return length.smazzate if length.mode == "smazzate" else None

    def forfeit_vp(self, winner: Line) -> tuple[int, int]:
        """The VP of a forfeit won by ``winner``, NS first (checked by ``table_outcome``)."""
        assert self.forfeit is not None
        split = forfeit_split(self.forfeit, self.vp.total, winner).vp
        if self.forfeit_loser_vp is None:
            return split
        if winner == "ns":
            return split[0], self.forfeit_loser_vp
        return self.forfeit_loser_vp, split[1]


def _value(vp: int | None, mp: int | None) -> Value | None:
    return Value(vp=vp, mp=mp) if vp is not None and mp is not None else None


def build_rules(
    *,
    ruleset: Ruleset,
    vp_table_spec: Any = None,
    smazzate_per_turno: int | None = None,
    bye_vp: int | None = None,
    bye_mp: int | None = None,
    forfeit_vp: int | None = None,
    forfeit_mp: int | None = None,
    forfeit_loser_vp: int | None = None,
    tiebreaks: Iterable[str] | None = None,
    default_tiebreaks: Iterable[str] = DEFAULT_TIEBREAKS,
    knockout: bool = False,
    ko_mode: str = "",
    ko_smazzate: int | None = None,
    ko_target: int | None = None,
    ko_rounds: Iterable[Mapping[str, Any]] = (),
    ko_third_place: bool = False,
    match_scoring: str = "table",
    team_vp_table_spec: Any = None,
) -> TournamentRules:
    """The rules object from stored settings; the one place of their defaults: no VP table is
    ``DEFAULT_VP_TABLE``, no smazzate per turno is 3, the riposo is the VP table preset's
    (``vp.default_bye``), a forfeit win is worth a riposo, no tie-breaks are
    ``default_tiebreaks`` (the kind's), a KO match lasts the turno's smazzate."""
    table = vp_table(DEFAULT_VP_TABLE if vp_table_spec is None else vp_table_spec)
    smazzate_per_turno = smazzate_per_turno or DEFAULT_SMAZZATE
    team_vp = None if team_vp_table_spec is None else vp_table(team_vp_table_spec)
    bye = _value(bye_vp, bye_mp)
    if bye is None:
        # The default riposo is the one of the table that scores a match: a team VP table's
        # (MP difference) has none, so the director sets it.
        default = default_bye(table) if team_vp is None else None
        bye = Value(vp=default[0], mp=default[1]) if default else None
    forfeit = _value(forfeit_vp, forfeit_mp) or bye
    length = None
    rounds: tuple[tuple[int, KoLength], ...] = ()
    if knockout:
        if ko_mode == "punti" and ko_target:
            length = KoLength("punti", target=ko_target)
        else:
            length = KoLength("smazzate", smazzate=ko_smazzate or smazzate_per_turno)
        rounds = tuple(sorted(ko_round_lengths(ko_rounds or ()).items()))
    return TournamentRules(
        ruleset=ruleset,
        vp=table,
        smazzate_per_turno=smazzate_per_turno,
        bye=bye,
        forfeit=forfeit,
        forfeit_loser_vp=forfeit_loser_vp,
        tiebreaks=tuple(tiebreaks) if tiebreaks else tuple(default_tiebreaks),
        knockout=knockout,
        ko_length=length,
        ko_rounds=rounds,
        ko_third_place=ko_third_place,
        match_scoring=match_scoring,
        team_vp=team_vp,
    )
