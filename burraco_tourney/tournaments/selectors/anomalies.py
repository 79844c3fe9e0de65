"""The anomalies of a turno as the director's results page lists them: each engine flag
(``rules.anomalies.turno_anomalies``) in words, with its table (named by ``Table.label``) and,
when the director let it stand for the result as it is now, the dismissal and its note; grouped
by match where a match has two tables (a team match's two rooms)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.anomalies import Flag, TableFacts, turno_anomalies
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry

from ..models import AnomalyDismissal, Match, Table, Turno
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
        turno.tables.select_related("ns", "eo", "match")
        .prefetch_related("smazzate", "match__tables__ns", "match__tables__eo")
        .order_by("number")
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
                sentence=rule_error_message(_labelled(flag, by_number)),
                dismissal=dismissals.get((table.pk, flag.code, table.version)),
            )
        )
    return result


def _labelled(flag: Flag, by_number: dict[int, Table]) -> Flag:
    """``flag`` with its tables named as the pages name them ("Sala chiusa 1", "A3", 7)."""
    params = dict(flag.params)
    for name in ("table", "other"):
        if params.get(name) in by_number:
            params[name] = by_number[params[name]].label
    return replace(flag, params=params)


def anomalies_by_match(items: list[Any], anomaly=lambda item: item) -> list[tuple[Any, list]]:
    """``items`` (anomalies, or rows holding one: ``anomaly`` finds it) grouped by the match of
    their table when it has two tables (a team match: "Match 2" over its two rooms), match by
    match, in the order of their tables within one; an anomaly of a one-table match is a group
    of its own with no match (None)."""
    groups: list[tuple[Match | None, list]] = []
    by_match: dict[int, list] = {}
    for item in items:
        table = anomaly(item).table
        match = table.match if table.room else None
        if match is None:
            groups.append((None, [item]))
        elif match.pk in by_match:
            by_match[match.pk].append(item)
        else:
            by_match[match.pk] = [item]
            groups.append((match, by_match[match.pk]))
    # Matches in their order (a team turno numbers every sala aperta first); the others stay.
    return sorted(groups, key=lambda group: group[0].number if group[0] is not None else 0)
