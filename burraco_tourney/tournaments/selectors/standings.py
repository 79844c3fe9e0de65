"""The classifica: standings of a pairs tournament after any turno, computed by the engine.

Only published turni count: a draft's riposo or penalty must not move the public standings.

A fixed number of queries whatever the size of the tournament: the stored table results, the
riposi, the penalties and the pairs, each fetched once as plain values.
"""

from __future__ import annotations

from dataclasses import dataclass

from burraco_tourney.rules.standings import (
    Bye,
    Penalty,
    StandingRow,
    TableResult,
    compute_standings,
)

from ..models import Bye as ByeRow
from ..models import Pair, Table, Tournament
from ..models import Penalty as PenaltyRow
from ..rules_config import tournament_bye_value, tournament_forfeit_value, tournament_tiebreaks


@dataclass(frozen=True)
class Standing:
    """One line of the classifica: the engine's row with the pair it speaks of."""

    row: StandingRow
    pair: Pair

    def __getattr__(self, name: str):
        return getattr(self.row, name)


def table_results(*, tournament: Tournament, after_turno: int | None = None) -> list[TableResult]:
    """Every table with a result, as the engine's TableResult, keyed by pair numbers."""
    rows = Table.objects.filter(turno__tournament=tournament, turno__published=True).exclude(
        entry_mode=""
    )
    if after_turno is not None:
        rows = rows.filter(turno__number__lte=after_turno)
    return [
        TableResult(
            turno=r["turno__number"],
            table=r["number"],
            ns=r["ns__number"],
            eo=r["eo__number"],
            ns_mp=r["ns_mp"],
            eo_mp=r["eo_mp"],
            ns_vp=r["ns_vp"],
            eo_vp=r["eo_vp"],
            forfeit=r["forfeit_winner"] or None,
        )
        for r in rows.values(
            "turno__number",
            "number",
            "ns__number",
            "eo__number",
            "ns_mp",
            "eo_mp",
            "ns_vp",
            "eo_vp",
            "forfeit_winner",
        )
    ]


def standings(*, tournament: Tournament, after_turno: int | None = None) -> list[Standing]:
    """The standings after ``after_turno`` (all turni when None), best first."""
    pairs = {p.number: p for p in Pair.objects.filter(tournament=tournament)}
    byes = [
        Bye(turno=t, pair=p)
        for t, p in ByeRow.objects.filter(
            turno__tournament=tournament, turno__published=True
        ).values_list(
            "turno__number", "pair__number"
        )
    ]
    penalties = [
        Penalty(turno=t, pair=p, vp=vp, mp=mp, reason=reason)
        for t, p, vp, mp, reason in PenaltyRow.objects.filter(
            turno__tournament=tournament, turno__published=True
        ).values_list("turno__number", "pair__number", "vp", "mp", "reason")
    ]
    rows = compute_standings(
        pairs=pairs.keys(),
        tables=table_results(tournament=tournament, after_turno=after_turno),
        byes=byes,
        penalties=penalties,
        bye=tournament_bye_value(tournament),
        forfeit=tournament_forfeit_value(tournament),
        tiebreaks=tournament_tiebreaks(tournament),
        after_turno=after_turno,
    )
    return [Standing(row=row, pair=pairs[row.pair]) for row in rows]
