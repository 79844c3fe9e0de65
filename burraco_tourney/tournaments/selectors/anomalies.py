"""The anomalies of a turno as the director's results page lists them: each engine flag
(``rules.anomalies.turno_anomalies``) in words, with its table and, when the director let it
stand for the result as it is now, the dismissal and its note."""

from __future__ import annotations

from dataclasses import dataclass

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.anomalies import Flag, TableFacts, turno_anomalies
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry

from ..models import AnomalyDismissal, Table, Turno
from ..results_bridge import smazzata_entry, tournament_ruleset
from .scores import smazzate_limit


@dataclass(frozen=True)
class Anomaly:
    table: Table
    flag: Flag
    sentence: str
    dismissal: AnomalyDismissal | None

    @property
    def code(self) -> str:
        return self.flag.code

    @property
    def awaits_result(self) -> bool:
        """The table has no result yet: there is nothing to call right, only one to enter."""
        return self.flag.code == "table_without_result"


def _facts(table: Table) -> TableFacts:
    rows = sorted(table.smazzate.all(), key=lambda s: s.number)
    entries: tuple[SmazzataEntry, ...] = tuple(smazzata_entry(s) for s in rows)
    return TableFacts(
        table=table.number,
        mode=table.entry_mode,
        ns_mp=table.ns_mp,
        eo_mp=table.eo_mp,
        smazzate=entries,
        smazzata_totals=tuple((s.ns_total, s.eo_total) for s in rows),
    )


def turno_anomaly_list(*, turno: Turno) -> list[Anomaly]:
    """Every anomaly of the turno's tables, table by table; those dismissed for the current
    result carry their dismissal."""
    tournament = turno.tournament
    tables = list(
        turno.tables.select_related("ns", "eo").prefetch_related("smazzate").order_by("number")
    )
    flags = turno_anomalies(
        tournament_ruleset(tournament),
        [_facts(t) for t in tables],
        smazzate_per_turno=smazzate_limit(tournament, turno.number),
    )
    by_number = {t.number: t for t in tables}
    dismissals: dict[tuple[int, str, int], AnomalyDismissal] = {}
    for d in AnomalyDismissal.objects.filter(table__turno=turno).select_related("created_by"):
        dismissals.setdefault((d.table_id, d.code, d.table_version), d)
    result = []
    for flag in flags:
        table = by_number[flag.params["table"]]
        result.append(
            Anomaly(
                table=table,
                flag=flag,
                sentence=rule_error_message(flag),
                dismissal=dismissals.get((table.pk, flag.code, table.version)),
            )
        )
    return result
