"""Computing table results: smazzata totals, MP and VP, through the rules engine.

The stored MP/VP columns of a table and the totals of its smazzate are derived data: these
services are the only code that writes them, always from the entered scores and the tournament's
rules, so a change of rules can recompute everything.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import LineEntry, score_smazzata
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.rules.standings import Value, forfeit_result
from burraco_tourney.rules.vp import VpTable, vp_split

from ..models import EntryMode, Smazzata, Table, Tournament
from ..rules_config import tournament_forfeit_value, tournament_ruleset, tournament_vp_table

LINE_FIELDS = ("cards", "pulito", "semipulito", "sporco", "nobile", "reale", "chiusura", "pozzetto")
SMAZZATA_ROW_FIELDS = tuple(f"{line}_{field}" for line in ("ns", "eo") for field in LINE_FIELDS)


def smazzata_entry(smazzata: Smazzata) -> SmazzataEntry:
    """The engine's view of a stored smazzata."""

    def line(prefix: str) -> LineEntry:
        return LineEntry(**{f: getattr(smazzata, f"{prefix}_{f}") for f in LINE_FIELDS})

    return SmazzataEntry(
        ns=line("ns"), eo=line("eo"), end=smazzata.end, last_move=smazzata.last_move or None
    )


def apply_table_result(
    table: Table,
    smazzate: Iterable[Smazzata],
    *,
    ruleset: Ruleset,
    vp: VpTable,
    forfeit: Value | None,
) -> list[Smazzata]:
    """Set the table's MP/VP (and its smazzate's totals) in memory; return changed smazzate.

    Raises the engine's RuleViolation when a smazzata breaks the rules. Nothing is saved here.
    """
    changed: list[Smazzata] = []
    if table.entry_mode == EntryMode.SMAZZATE:
        ns_mp = eo_mp = 0
        for smazzata in smazzate:
            score = score_smazzata(ruleset, smazzata_entry(smazzata))
            if (smazzata.ns_total, smazzata.eo_total) != (score.ns.total, score.eo.total):
                smazzata.ns_total, smazzata.eo_total = score.ns.total, score.eo.total
                changed.append(smazzata)
            ns_mp += score.ns.total
            eo_mp += score.eo.total
        table.ns_mp, table.eo_mp = ns_mp, eo_mp
        table.ns_vp, table.eo_vp = vp_split(ns_mp, eo_mp, vp)
    elif table.entry_mode == EntryMode.TOTALS:
        table.ns_vp, table.eo_vp = vp_split(table.ns_mp, table.eo_mp, vp)
    elif table.entry_mode == EntryMode.FORFEIT:
        if forfeit is None:
            raise ValueError("a forfeit needs the tournament's forfeit value")
        result = forfeit_result(
            turno=0,
            table=table.number,
            ns=table.ns_id,
            eo=table.eo_id,
            winner=table.forfeit_winner,
            forfeit=forfeit,
            vp_table=vp,
        )
        table.ns_mp, table.eo_mp = result.ns_mp, result.eo_mp
        table.ns_vp, table.eo_vp = result.ns_vp, result.eo_vp
    else:
        table.ns_mp = table.eo_mp = table.ns_vp = table.eo_vp = None
    return changed


@transaction.atomic
def tournament_recompute_results(*, tournament: Tournament) -> int:
    """Recompute every table's MP and VP from its entered scores; return the tables changed.

    Used after an import and after the rules of a tournament change.
    """
    ruleset = tournament_ruleset(tournament)
    vp = tournament_vp_table(tournament)
    forfeit = tournament_forfeit_value(tournament)
    tables = list(Table.objects.filter(turno__tournament=tournament).prefetch_related("smazzate"))
    changed_smazzate: list[Smazzata] = []
    for table in tables:
        changed_smazzate += apply_table_result(
            table, table.smazzate.all(), ruleset=ruleset, vp=vp, forfeit=forfeit
        )
    Smazzata.objects.bulk_update(changed_smazzate, ["ns_total", "eo_total"], batch_size=500)
    Table.objects.bulk_update(tables, ["ns_mp", "eo_mp", "ns_vp", "eo_vp"], batch_size=500)
    return len(tables)


@transaction.atomic
def table_recompute_result(*, table: Table) -> Table:
    """Recompute and save one table's MP/VP and its smazzate's totals from its entered scores."""
    tournament = table.turno.tournament
    smazzate = list(table.smazzate.all())
    changed = apply_table_result(
        table,
        smazzate,
        ruleset=tournament_ruleset(tournament),
        vp=tournament_vp_table(tournament),
        forfeit=tournament_forfeit_value(tournament),
    )
    Smazzata.objects.bulk_update(changed, ["ns_total", "eo_total"])
    table.save(update_fields=["ns_mp", "eo_mp", "ns_vp", "eo_vp"])
    return table
