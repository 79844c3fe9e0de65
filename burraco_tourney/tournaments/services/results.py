"""Recomputing stored results: smazzata totals, MP, VP and KO winners, through the results bridge.

The stored MP of a table, its match's VP and KO winner and the totals of its smazzate are derived
data: these services and the score services are the only code that writes them, always from the
entered scores and the tournament's rules (``results_bridge`` → ``rules.outcome``), so a change
of rules can recompute everything. What was entered is never rewritten: a rule change changes how
it counts, and changing the rule back gives the old result back.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ..models import EntryMode, Match, Smazzata, Table, Tournament
from ..results_bridge import (
    MATCH_FIELDS,
    RESULT_FIELDS,
    apply_outcome,
    stored_entry,
    table_outcome_for,
    tournament_rules,
)
from .audit import tournament_touch


@transaction.atomic
def tournament_recompute_results(*, tournament: Tournament, mark_corrected: bool = False) -> int:
    """Recompute every table with a result from its entered scores; return how many.

    Used after an import and after the rules of a tournament change (whose dry run,
    ``tournament_results_check``, has made sure that the rules score every result): a result
    the rules refuse raises the engine's ``EntryRefused``. With ``mark_corrected`` (a rule
    change) a table of a closed turno whose MP, VP or winner change is marked corrected, as a
    result changed by hand after the close is, so the public pages say its standings moved.
    """
    rules = tournament_rules(tournament)
    tables = list(
        Table.objects.filter(turno__tournament=tournament)
        .exclude(entry_mode=EntryMode.NONE)
        .select_related("turno", "match")
        .prefetch_related("smazzate")
    )
    changed_smazzate: list[Smazzata] = []
    now = timezone.now()
    for table in tables:
        table.turno.tournament = tournament
        smazzate = list(table.smazzate.all())
        entry = stored_entry(table, smazzate)
        assert entry is not None
        outcome = table_outcome_for(tournament, table, entry, rules)
        before = _result(table)
        changed_smazzate += apply_outcome(table, smazzate, outcome)
        if mark_corrected and table.turno.closed_at is not None and _result(table) != before:
            table.corrected_at = now
    Smazzata.objects.bulk_update(changed_smazzate, ["ns_total", "eo_total"], batch_size=500)
    fields = [*RESULT_FIELDS, "corrected_at"] if mark_corrected else RESULT_FIELDS
    Table.objects.bulk_update(tables, fields, batch_size=500)
    Match.objects.bulk_update([t.match for t in tables], MATCH_FIELDS, batch_size=500)
    # Its callers record the change in the log too; raised here as well so that no recompute,
    # whoever calls it, leaves the public pages' cache behind.
    tournament_touch(tournament=tournament)
    return len(tables)


def _result(table: Table) -> tuple:
    """What the standings take from a table: its MP and its match's VP and winner."""
    return (
        *(getattr(table, name) for name in RESULT_FIELDS),
        *(getattr(table.match, name) for name in MATCH_FIELDS),
    )
