"""Reads of the score entry: the table being entered, how many smazzate it may have, the turno's
progress (which tables are missing, entered or corrected, and what a forfeit is worth) and the
next table to enter.

A fixed number of queries per page whatever the size of the turno. Reads only: nothing here
writes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from django.shortcuts import get_object_or_404

from burraco_tourney.rules.standings import Value, forfeit_split

from ..models import AuditEntry, EntryMode, Table, Tournament, Turno
from ..results_bridge import tournament_rules

# The audit action of a correction: a table with one is shown as "corrected".
RESULT_CORRECT = "result_correct"
# A correction made after the turno was closed (the public pages mark the table "corrected").
RESULT_CORRECT_CLOSED = "result_correct_closed"

# A KO match "a punti" has no fixed number of smazzate: the form offers this many rows.
OPEN_MATCH_ROWS = 6


def scoring_turno(*, tournament: Tournament, number: int) -> Turno:
    """A turno of the tournament by number, drafts included (the view refuses them politely)."""
    turno = get_object_or_404(Turno, tournament=tournament, number=number)
    turno.tournament = tournament  # one tournament instance, so one rules object, per request
    return turno


def scoring_table(*, turno: Turno, number: int) -> Table:
    """A table of the turno with its pairs and its stored smazzate."""
    queryset = Table.objects.select_related("ns", "eo", "match").prefetch_related("smazzate")
    table = get_object_or_404(queryset, turno=turno, number=number)
    table.turno = turno
    return table


def smazzate_limit(tournament: Tournament, round_number: int = 1) -> int | None:
    """How many smazzate a table of turno (KO round) ``round_number`` may have; None for a KO
    match played to a target score. The rules object decides (a KO round's own length)."""
    return tournament_rules(tournament).smazzate_limit(round_number)


# The rows the page of a match to a target score may add one by one (a bound, not a rule).
MAX_OPEN_MATCH_ROWS = 40
_ROW_BOX = re.compile(r"^s(\d+)_")


def posted_rows(data: Mapping[str, object] | None) -> int:
    """The highest smazzata a posted scorecard has boxes of (0 without data)."""
    numbers = [int(m.group(1)) for m in map(_ROW_BOX.match, data or {}) if m]
    return min(max(numbers, default=0), MAX_OPEN_MATCH_ROWS)


def smazzate_rows(
    tournament: Tournament, stored: int, round_number: int = 1, *, posted: int = 0
) -> int:
    """How many smazzate the score form shows: the limit, never fewer than those stored. A
    match to a target score shows one row more than those stored (at least
    ``OPEN_MATCH_ROWS``), and every row the page posted (it adds the next row as soon as the
    last one is filled and the match is not over)."""
    limit = smazzate_limit(tournament, round_number)
    if limit is None:
        return max(OPEN_MATCH_ROWS, stored + 1, posted)
    return max(limit, stored)


def forfeit_scarto(table: Table, forfeit: Value | None) -> tuple[int, int] | None:
    """What a forfeit puts in the two lines' scarto, (NS, EO), as the standings count it (see
    ``forfeit_split``: the forfeit's MP, whatever the VP; a team match's VP come only once its
    other room has a result). None for a table not won by forfeit, or when the tournament has no
    forfeit value."""
    if table.entry_mode != EntryMode.FORFEIT or forfeit is None:
        return None
    return forfeit_split(forfeit, 0, table.forfeit_winner).scarto


@dataclass(frozen=True)
class TableProgress:
    """One table of a turno on the progress page; ``forfeit_scarto`` as ``forfeit_scarto()``."""

    table: Table
    corrected: bool
    forfeit_scarto: tuple[int, int] | None = None

    @property
    def state(self) -> str:
        """``missing``, ``entered`` or ``corrected``."""
        if not self.table.has_result:
            return "missing"
        return "corrected" if self.corrected else "entered"


@dataclass(frozen=True)
class TurnoProgress:
    turno: Turno
    tables: list[TableProgress]

    @property
    def entered(self) -> int:
        return sum(1 for t in self.tables if t.table.has_result)

    @property
    def total(self) -> int:
        return len(self.tables)

    @property
    def missing(self) -> list[Table]:
        return [t.table for t in self.tables if not t.table.has_result]

    @property
    def complete(self) -> bool:
        return bool(self.tables) and not self.missing


def turno_progress(*, turno: Turno) -> TurnoProgress:
    """Every table of the turno with its pairs, result, whether it was ever corrected, and for a
    forfeit the scarto it gives."""
    tables = list(turno.tables.select_related("ns", "eo", "match").order_by("number"))
    corrected = set(
        AuditEntry.objects.filter(
            table__turno=turno, action__in=(RESULT_CORRECT, RESULT_CORRECT_CLOSED)
        ).values_list("table_id", flat=True)
    )
    forfeit = None
    # A knock-out forfeit only says who goes through: no scarto.
    has_forfeit = any(t.entry_mode == EntryMode.FORFEIT for t in tables)
    if has_forfeit:
        forfeit = turno.tournament.fmt.scoring.forfeit_value(turno.tournament)
    return TurnoProgress(
        turno=turno,
        tables=[
            TableProgress(
                table=t,
                corrected=t.pk in corrected,
                forfeit_scarto=forfeit_scarto(t, forfeit),
            )
            for t in tables
        ],
    )


def next_missing_table(*, turno: Turno, after: int) -> Table | None:
    """The next table after number ``after`` still without a result, wrapping round to table 1;
    None when every table has one."""
    missing = turno.tables.filter(entry_mode=EntryMode.NONE).order_by("number")
    return missing.filter(number__gt=after).first() or missing.filter(number__lt=after).first()


def later_closed_turno(*, turno: Turno) -> int | None:
    """The number of the last turno after ``turno`` that is closed (``turno`` cannot be
    reopened before it is), or None."""
    return (
        Turno.objects.filter(
            tournament=turno.tournament_id, number__gt=turno.number, closed_at__isnull=False
        )
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
