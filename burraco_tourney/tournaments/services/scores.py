"""The director's scorecard page saves: per smazzata, turno totals only, a forfeit, or clearing
the result.

Each save is one transaction: it makes the director's ``Submission`` of what he entered and
hands it, with the engine's entry it holds, to
``services.submissions.submission_accept``, the one code that writes a table's result (the
engine asked once, the version claimed, the change recorded). A refusal is raised as
``ScorecardInvalid`` (the engine's, for a scorecard) or a ``ValidationError`` with a translated
message and a stable ``code`` (``turno_draft``, ``stale``, ``reason_required``, ``no_result``,
...).

The path of one save, function by function, is in docs/submissions.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from burraco_tourney.rules.outcome import ForfeitEntry, SmazzateEntry, TableEntry, TotalsEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry

from ..models import Line, Submission, SubmissionSource, Table
from ..selectors.scores import RESULT_CORRECT, RESULT_CORRECT_CLOSED
from .player_lines import line_drafts_clear
from .submissions import (
    LINES,
    RESULT_CLEAR,
    RESULT_ENTER,
    SavedResult,
    ScorecardInvalid,
    refusal_validation_error,
    submission_accept,
    table_snapshot,
)


def _director_accept(table: Table, user, entry: TableEntry | None, **sent) -> SavedResult:
    """Accept what the director sent from the scorecard page: his submission, not stored yet
    (``submission_accept`` stores it, with ``entry`` as its data, if it changes the result)."""
    submission = Submission(
        table=table,
        source=SubmissionSource.DIRECTOR,
        author=user if getattr(user, "is_authenticated", False) else None,
        entered_at=timezone.now(),
    )
    return submission_accept(submission=submission, entry=entry, user=user, **sent)


@transaction.atomic
def table_record_smazzate(
    *,
    table: Table,
    user,
    smazzate: Sequence[SmazzataEntry],
    version: int,
    reason: str = "",
    rules_seen: str = "",
) -> SavedResult:
    """Store the table's result smazzata by smazzata (smazzata 1 first), replacing any other.

    Fewer smazzate than the tournament plays are allowed (the turno ended early). Raises
    ``ScorecardInvalid`` with every engine refusal, or ``ValidationError``.
    """
    entry = SmazzateEntry(tuple(smazzate))
    return _director_accept(
        table, user, entry, version=version, reason=reason, rules_seen=rules_seen
    )


@transaction.atomic
def table_record_totals(
    *,
    table: Table,
    user,
    ns_mp: int,
    eo_mp: int,
    version: int,
    reason: str = "",
    last_move: str | None = None,
    rules_seen: str = "",
) -> SavedResult:
    """Store only the turno totals of the two lines (MP, multiples of 5); VP by the engine.

    In a KO a tie is settled by ``last_move``, the line that made the last move of the last
    smazzata (it loses): required then, ignored otherwise. The table keeps it as the tie's
    decision (``winner``, ``by_last_move``), which the bridge reads back.
    """
    entry = TotalsEntry(ns_mp, eo_mp, last_move or None)
    return _director_accept(
        table, user, entry, version=version, reason=reason, rules_seen=rules_seen
    )


@transaction.atomic
def table_record_forfeit(
    *, table: Table, user, absent: str, version: int, reason: str = "", rules_seen: str = ""
) -> SavedResult:
    """Record that the ``absent`` line ("ns" or "eo") lost by forfeit; the other line gets the
    tournament's forfeit value (RULES.md section 5)."""
    if absent not in LINES:
        raise ValueError(f"absent must be 'ns' or 'eo', not {absent!r}")
    winner = str(Line.EO if absent == "ns" else Line.NS)
    entry = ForfeitEntry(winner)
    return _director_accept(
        table, user, entry, version=version, reason=reason, rules_seen=rules_seen
    )


@transaction.atomic
def table_clear_result(*, table: Table, user, version: int, reason: str) -> SavedResult:
    """Take the table back to "no result", with a reason (recorded). The lines' phone drafts
    go with it (``line_drafts_clear``): both lines start again."""
    saved = _director_accept(table, user, None, version=version, reason=reason)
    line_drafts_clear(saved.table, user)
    return saved


__all__ = [
    "RESULT_CLEAR",
    "RESULT_CORRECT",
    "RESULT_CORRECT_CLOSED",
    "RESULT_ENTER",
    "SavedResult",
    "ScorecardInvalid",
    # Its refusals: callers catch them from here.
    "ValidationError",
    "submission_accept",
    "table_clear_result",
    "table_record_forfeit",
    "table_record_smazzate",
    "table_record_totals",
    "table_snapshot",
    "refusal_validation_error",
]
