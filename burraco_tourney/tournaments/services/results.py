"""Computing table results: smazzata totals, MP and VP, through the rules engine.

The stored MP/VP columns of a table and the totals of its smazzate are derived data: these
services are the only code that writes them, always from the entered scores and the tournament's
rules, so a change of rules can recompute everything.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.match import (
    MatchResult,
    SmazzataTotals,
    ko_winner,
    match_by_points,
    match_by_smazzate,
)
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import LineEntry, score_smazzata
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.rules.standings import Value, forfeit_result
from burraco_tourney.rules.vp import VpTable, vp_split

from ..models import EntryMode, KoMode, Smazzata, Table, Tournament, TournamentKind
from ..rules_config import tournament_forfeit_value, tournament_ruleset, tournament_vp_table

LINE_FIELDS = ("cards", "pulito", "semipulito", "sporco", "nobile", "reale", "chiusura", "pozzetto")
# The table columns the results service writes.
RESULT_FIELDS = ["ns_mp", "eo_mp", "ns_vp", "eo_vp", "winner", "by_last_move"]
LINES = ("ns", "eo")
SMAZZATA_ROW_FIELDS = tuple(f"{line}_{field}" for line in ("ns", "eo") for field in LINE_FIELDS)


def smazzata_entry(smazzata: Smazzata) -> SmazzataEntry:
    """The engine's view of a stored smazzata."""

    def line(prefix: str) -> LineEntry:
        return LineEntry(**{f: getattr(smazzata, f"{prefix}_{f}") for f in LINE_FIELDS})

    return SmazzataEntry(
        ns=line("ns"), eo=line("eo"), end=smazzata.end, last_move=smazzata.last_move or None
    )


SEMIPULITO_FIELDS = ("ns_semipulito", "ns_sporco", "eo_semipulito", "eo_sporco")


def fold_semipulito(smazzata: Smazzata) -> bool:
    """Count the stored row's burraco semipulito as sporco, in memory; True when it had any.

    RULES.md section 4: when a tournament does not admit semipulito, such a burraco counts as
    sporco. Used when the rules change after results were entered with semipulito on.
    """
    moved = False
    for line in ("ns", "eo"):
        count = getattr(smazzata, f"{line}_semipulito")
        if count:
            setattr(smazzata, f"{line}_sporco", getattr(smazzata, f"{line}_sporco") + count)
            setattr(smazzata, f"{line}_semipulito", 0)
            moved = True
    return moved


def totals_last_move(table: Table) -> str | None:
    """The last move of a KO match entered as turno totals only.

    Only a tie needs it, and the table keeps it as the tie's stored decision (no smazzata row
    holds it): ``by_last_move`` set and ``winner`` the line that did not make the last move.
    """
    if table.entry_mode == EntryMode.TOTALS and table.by_last_move and table.winner in LINES:
        return "eo" if table.winner == "ns" else "ns"
    return None


def ko_match_result(
    tournament: Tournament, table: Table, smazzate: Iterable[Smazzata]
) -> MatchResult | None:
    """Where the KO match held by ``table`` stands (``match.py``), from its stored result.

    ``smazzate`` must carry their totals. None while the table has no result. Raises the
    engine's RuleError for a result the match rules refuse (smazzate after a punti match ended,
    a tie without the last move).
    """
    if table.entry_mode == EntryMode.FORFEIT:
        return MatchResult(0, 0, table.forfeit_winner, False, 0, True)
    if table.entry_mode == EntryMode.TOTALS:
        winner, by_last_move = ko_winner(table.ns_mp, table.eo_mp, totals_last_move(table))
        return MatchResult(table.ns_mp, table.eo_mp, winner, by_last_move, 0, True)
    if table.entry_mode != EntryMode.SMAZZATE:
        return None
    totals = [SmazzataTotals(s.ns_total, s.eo_total, s.last_move or None) for s in smazzate]
    if tournament.ko_mode == KoMode.PUNTI and tournament.ko_target:
        return match_by_points(totals, target=tournament.ko_target, knockout=True)
    to_play = tournament.ko_smazzate or tournament.smazzate_per_turno
    return match_by_smazzate(totals, smazzate_to_play=to_play, knockout=True)


def _apply_ko_winner(table: Table, smazzate: list[Smazzata], *, strict: bool) -> None:
    tournament = table.turno.tournament
    result = None
    if tournament.kind == TournamentKind.KO:
        # Read before the winner is cleared: a tie entered as totals keeps its last move there.
        try:
            result = ko_match_result(tournament, table, smazzate)
        except RuleError:
            table.winner, table.by_last_move = "", False
            if strict:
                raise
            # A recompute after the match rules changed: the match waits for a correction.
            return
    table.winner, table.by_last_move = "", False
    if result is not None and result.winner is not None:
        table.winner, table.by_last_move = result.winner, result.by_last_move


def apply_table_result(
    table: Table,
    smazzate: Iterable[Smazzata],
    *,
    ruleset: Ruleset,
    vp: VpTable,
    forfeit: Value | None,
    strict: bool = True,
) -> list[Smazzata]:
    """Set the table's MP/VP (and its smazzate's totals) in memory; return changed smazzate.

    In a KO tournament also the match's winner (``winner``, ``by_last_move``) by the match
    rules: a tie goes against the line that made the last move of the last smazzata.
    Raises the engine's RuleViolation when a smazzata breaks the rules, or (``strict``) when the
    KO match rules refuse the result. Nothing is saved here.
    """
    changed: list[Smazzata] = []
    smazzate = list(smazzate)
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
    _apply_ko_winner(table, smazzate, strict=strict)
    return changed


@transaction.atomic
def tournament_recompute_results(*, tournament: Tournament) -> int:
    """Recompute every table's MP and VP from its entered scores; return the tables changed.

    Used after an import and after the rules of a tournament change.
    """
    ruleset = tournament_ruleset(tournament)
    vp = tournament_vp_table(tournament)
    forfeit = tournament_forfeit_value(tournament)
    tables = list(
        Table.objects.filter(turno__tournament=tournament)
        .select_related("turno")
        .prefetch_related("smazzate")
    )
    changed_smazzate: list[Smazzata] = []
    folded: list[Smazzata] = []
    for table in tables:
        table.turno.tournament = tournament
        if not ruleset.semipulito:
            folded += [s for s in table.smazzate.all() if fold_semipulito(s)]
        changed_smazzate += apply_table_result(
            table, table.smazzate.all(), ruleset=ruleset, vp=vp, forfeit=forfeit, strict=False
        )
    Smazzata.objects.bulk_update(folded, SEMIPULITO_FIELDS, batch_size=500)
    Smazzata.objects.bulk_update(changed_smazzate, ["ns_total", "eo_total"], batch_size=500)
    Table.objects.bulk_update(tables, RESULT_FIELDS, batch_size=500)
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
    table.save(update_fields=RESULT_FIELDS)
    return table
