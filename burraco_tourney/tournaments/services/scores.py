"""Recording a table's result: per smazzata, turno totals only, a forfeit, or clearing it.

The only code that writes what a director enters from a scorecard. Each function is one
transaction that:

- refuses a draft turno (only published turni accept scores);
- checks every smazzata with the engine (``smazzata_violations``) and refuses the whole scorecard,
  with every error found, before anything is written (``ScorecardInvalid``);
- claims the table's version with a conditional update, so that of two directors saving the same
  table at once the second is refused ("someone else saved this table meanwhile") instead of
  silently overwriting the first;
- replaces the table's smazzate as a whole, lets the engine compute the totals, MP and VP
  (``services.results.apply_table_result``) and records the change with ``audit_record``:
  ``result_enter`` for a first result, ``result_correct`` (a reason is required) for a change,
  ``result_clear`` (with a reason) when the table goes back to "no result".

A refusal due to the state of the table is a ``ValidationError`` with a translated message and
a stable ``code`` (``turno_draft``, ``stale``, ``reason_required``, ``no_result``, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.match import check_points_totals, ko_winner
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from burraco_tourney.rules.scoring import (
    score_turno,
    smazzata_violations,
    with_closer_as_last_move,
)

from ..audit_text import table_subject
from ..models import EntryMode, KoMode, Line, Smazzata, Table, TournamentKind
from ..rules_config import tournament_forfeit_value, tournament_ruleset, tournament_vp_table
from ..selectors.scores import RESULT_CORRECT, smazzate_limit
from .audit import audit_record
from .ko import ko_after_result
from .results import LINE_FIELDS, RESULT_FIELDS, apply_table_result, totals_last_move

RESULT_ENTER = "result_enter"
RESULT_CLEAR = "result_clear"
LINES = ("ns", "eo")


class ScorecardInvalid(Exception):
    """The engine refused one or more smazzate; nothing was saved.

    ``errors`` holds (smazzata number counted from 1, the engine's error), every one found.
    """

    def __init__(self, errors: Sequence[tuple[int, RuleError]]) -> None:
        self.errors = list(errors)
        super().__init__("; ".join(f"smazzata {n}: {e.message}" for n, e in self.errors))


@dataclass(frozen=True)
class SavedResult:
    """What a save did: ``action`` is the audit action, or None when nothing had changed."""

    table: Table
    action: str | None


def ko_tie_violation(ruleset: Ruleset, smazzate: Sequence[SmazzataEntry]) -> RuleError | None:
    """In a KO a tie is settled by the last move of the last smazzata, which must then be
    recorded (RULES.md section 8); None when the smazzate settle the match."""
    ns_mp, eo_mp = score_turno(ruleset, smazzate)
    try:
        ko_winner(ns_mp, eo_mp, smazzate[-1].last_move)
    except RuleError as error:
        return error
    return None


def scorecard_violations(
    ruleset: Ruleset, smazzate: Sequence[SmazzataEntry], *, knockout: bool = False
) -> list[tuple[int, RuleError]]:
    """Every refusal of every smazzata (numbered from 1); an empty list when all can be scored."""
    errors = [
        (number, error)
        for number, smazzata in enumerate(smazzate, start=1)
        for error in smazzata_violations(ruleset, smazzata)
    ]
    if knockout and smazzate and not errors:
        tie = ko_tie_violation(ruleset, smazzate)
        if tie is not None:
            errors.append((len(smazzate), tie))
    return errors


def table_snapshot(
    table: Table, smazzate: Sequence[Smazzata], kinds: Sequence[str]
) -> dict[str, Any] | None:
    """The result as the audit log keeps it (JSON); None for a table without a result."""
    if not table.entry_mode:
        return None
    data: dict[str, Any] = {
        "entry_mode": table.entry_mode,
        "ns_mp": table.ns_mp,
        "eo_mp": table.eo_mp,
    }
    if table.turno.tournament.kind == TournamentKind.KO:
        # A knock-out has no VP: the line that goes on, "" while the match is being played.
        data["winner"] = table.winner
    else:
        data["ns_vp"], data["eo_vp"] = table.ns_vp, table.eo_vp
    if table.entry_mode == EntryMode.FORFEIT:
        data["forfeit_winner"] = table.forfeit_winner
    if totals_last_move(table):
        data["last_move"] = totals_last_move(table)
    if table.entry_mode == EntryMode.SMAZZATE:
        fields = ("cards", *kinds, "chiusura", "pozzetto", "total")
        data["smazzate"] = [
            {
                "number": s.number,
                "end": s.end,
                "last_move": s.last_move,
                **{line: {f: getattr(s, f"{line}_{f}") for f in fields} for line in LINES},
            }
            for s in sorted(smazzate, key=lambda s: s.number)
        ]
    return data


def _current(table: Table) -> Table:
    """The table as stored now, its turno and tournament; refuse a draft turno."""
    current = (
        Table.objects.select_related("turno__tournament", "ns", "eo")
        .prefetch_related("smazzate")
        .get(pk=table.pk)
    )
    if not current.turno.published:
        raise ValidationError(
            _("Turno %(turno)s is a draft: publish it before entering its scores.")
            % {"turno": current.turno.number},
            code="turno_draft",
        )
    return current


def _claim(table: Table, version: int) -> None:
    """Take the table's version, or refuse: someone saved it since the form was loaded."""
    if not Table.objects.filter(pk=table.pk, version=version).update(version=version + 1):
        raise ValidationError(
            _(
                "Someone else saved table %(table)s meanwhile: reload the page to see their "
                "result, then enter yours again if it is still needed."
            )
            % {"table": table.number},
            code="stale",
        )
    table.version = version + 1


def _save(
    table: Table,
    *,
    user,
    version: int,
    reason: str,
    smazzate: list[Smazzata],
    action: str | None = None,
) -> SavedResult:
    """Compute the result of ``table`` (already changed in memory) and store it if it changed.

    ``table`` comes from ``_current``: its prefetched smazzate are still the stored ones.
    """
    tournament = table.turno.tournament
    ruleset = tournament_ruleset(tournament)
    kinds = ruleset.burraco_kinds
    stored = Table.objects.get(pk=table.pk)
    before = table_snapshot(stored, list(table.smazzate.all()), kinds)
    apply_table_result(
        table,
        smazzate,
        ruleset=ruleset,
        vp=tournament_vp_table(tournament),
        forfeit=tournament_forfeit_value(tournament),
    )
    after = table_snapshot(table, smazzate, kinds)
    if before == after:
        return SavedResult(table=stored, action=None)
    _claim(table, version)
    reason = reason.strip()
    if action is None:
        action = RESULT_ENTER if before is None else RESULT_CORRECT
    if action != RESULT_ENTER and not reason:
        raise ValidationError(
            _("Say why the result of table %(table)s changes: the change is recorded.")
            % {"table": table.number},
            code="reason_required",
        )
    Smazzata.objects.filter(table=table).delete()
    Smazzata.objects.bulk_create(smazzate)
    table.save(update_fields=["entry_mode", "forfeit_winner", *RESULT_FIELDS])
    audit_record(
        tournament=tournament,
        user=user,
        action=action,
        subject=table_subject(table),
        reason=reason,
        before=before,
        after=after,
        table=table,
    )
    if tournament.kind == TournamentKind.KO:
        # The bracket follows the result: later matches it contradicts go, ready ones come.
        ko_after_result(table=table, user=user)
    return SavedResult(table=table, action=action)


def _smazzata_row(table: Table, number: int, entry: SmazzataEntry) -> Smazzata:
    row = Smazzata(table=table, number=number, end=entry.end, last_move=entry.last_move or "")
    for line in LINES:
        for field in LINE_FIELDS:
            setattr(row, f"{line}_{field}", getattr(getattr(entry, line), field))
    return row


@transaction.atomic
def table_record_smazzate(
    *,
    table: Table,
    user,
    smazzate: Sequence[SmazzataEntry],
    version: int,
    reason: str = "",
) -> SavedResult:
    """Store the table's result smazzata by smazzata (smazzata 1 first), replacing any other.

    Fewer smazzate than the tournament plays are allowed (the turno ended early). In a KO a
    smazzata ended by chiusura without a last move gets the closer as its last move. Raises
    ``ScorecardInvalid`` with every engine refusal, or ``ValidationError``.
    """
    current = _current(table)
    tournament = current.turno.tournament
    if tournament.kind == TournamentKind.KO:
        smazzate = [with_closer_as_last_move(s) for s in smazzate]
    limit = smazzate_limit(tournament, current.turno.number)
    if not smazzate:
        raise ValidationError(_("Enter at least one smazzata."), code="no_smazzate")
    if limit is not None and len(smazzate) > limit:
        raise ValidationError(
            ngettext(
                "A turno of this tournament has %(limit)s smazzata, not %(count)s.",
                "A turno of this tournament has %(limit)s smazzate, not %(count)s.",
                limit,
            )
            % {"limit": limit, "count": len(smazzate)},
            code="too_many_smazzate",
        )
    errors = scorecard_violations(
        tournament_ruleset(tournament),
        smazzate,
        knockout=tournament.kind == TournamentKind.KO,
    )
    if errors:
        raise ScorecardInvalid(errors)
    current.entry_mode = EntryMode.SMAZZATE
    current.forfeit_winner = ""
    rows = [_smazzata_row(current, n, entry) for n, entry in enumerate(smazzate, start=1)]
    return _save(current, user=user, version=version, reason=reason, smazzate=rows)


def _check_mp(field: str, value: int) -> None:
    if value % 5:
        raise ValidationError(
            {field: _("%(value)s is not a multiple of 5") % {"value": value}},
            code="mp_not_multiple_of_5",
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
) -> SavedResult:
    """Store only the turno totals of the two lines (MP, multiples of 5); VP by the engine.

    In a KO a tie is settled by ``last_move``, the line that made the last move of the last
    smazzata (it loses): required then, ignored otherwise. The table keeps it as the tie's
    decision (``winner``, ``by_last_move``), which the results service reads back.
    """
    current = _current(table)
    _check_mp("ns_mp", ns_mp)
    _check_mp("eo_mp", eo_mp)
    current.entry_mode = EntryMode.TOTALS
    current.forfeit_winner = ""
    current.ns_mp, current.eo_mp = ns_mp, eo_mp
    current.winner, current.by_last_move = "", False
    tournament = current.turno.tournament
    if (
        tournament.kind == TournamentKind.KO
        and tournament.ko_mode == KoMode.PUNTI
        and tournament.ko_target
    ):
        try:
            check_points_totals(ns_mp, eo_mp, target=tournament.ko_target)
        except RuleError as error:
            raise ValidationError(rule_error_message(error), code=error.code) from error
    if tournament.kind == TournamentKind.KO and ns_mp == eo_mp:
        try:
            current.winner, current.by_last_move = ko_winner(ns_mp, eo_mp, last_move or None)
        except RuleError as error:
            raise ValidationError(
                {"last_move": ValidationError(rule_error_message(error), code=error.code)}
            ) from error
    return _save(current, user=user, version=version, reason=reason, smazzate=[])


@transaction.atomic
def table_record_forfeit(
    *, table: Table, user, absent: str, version: int, reason: str = ""
) -> SavedResult:
    """Record that the ``absent`` line ("ns" or "eo") lost by forfeit; the other line gets the
    tournament's forfeit value (RULES.md section 5)."""
    current = _current(table)
    if absent not in LINES:
        raise ValueError(f"absent must be 'ns' or 'eo', not {absent!r}")
    if tournament_forfeit_value(current.turno.tournament) is None:
        raise ValidationError(
            _(
                "This tournament has no value for a forfeit: set the forfeit (or riposo) VP and "
                "MP in the settings first."
            ),
            code="forfeit_value_missing",
        )
    current.entry_mode = EntryMode.FORFEIT
    current.forfeit_winner = Line.EO if absent == "ns" else Line.NS
    return _save(current, user=user, version=version, reason=reason, smazzate=[])


@transaction.atomic
def table_clear_result(*, table: Table, user, version: int, reason: str) -> SavedResult:
    """Take the table back to "no result", with a reason (recorded)."""
    current = _current(table)
    if not current.entry_mode:
        raise ValidationError(
            _("Table %(table)s has no result to clear.") % {"table": current.number},
            code="no_result",
        )
    current.entry_mode = EntryMode.NONE
    current.forfeit_winner = ""
    return _save(
        current, user=user, version=version, reason=reason, smazzate=[], action=RESULT_CLEAR
    )


__all__ = [
    "RESULT_CLEAR",
    "RESULT_CORRECT",
    "RESULT_ENTER",
    "SavedResult",
    "ScorecardInvalid",
    "scorecard_violations",
    "table_clear_result",
    "table_record_forfeit",
    "table_record_smazzate",
    "table_record_totals",
    "table_snapshot",
    "ko_tie_violation",
]
