"""A rule change's dry run as the settings page shows it, and why a rule change is refused.

The service (``tournament_results_check``) scores every result under the new rules; this module
turns its list of changes into rows people read ("1250–830 MP, 14–6 VP" → "… 13–7 VP"; in a KO
who goes on). Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from burraco_tourney.core.rule_messages import rule_error_message

from ..formats.scoring import VP_SCORING, VpScoring
from ..models import Tournament
from ..settings_values import DroppedMatch, RecomputeFailed, ResultChange, ResultsCheck


@dataclass(frozen=True)
class DryRunRow:
    turno: int
    table: int
    ns: int
    eo: int
    before: str
    after: str


@dataclass(frozen=True)
class DryRunStanding:
    pair: int
    before: str
    after: str


@dataclass(frozen=True)
class DryRun:
    """How many results the change recomputes (tables with a result only) and which change;
    the standings lines that change; in a KO the later matches that go."""

    counted: int
    rows: tuple[DryRunRow, ...]
    standings: tuple[DryRunStanding, ...] = ()
    dropped: tuple[DroppedMatch, ...] = ()

    @classmethod
    def of(cls, check: ResultsCheck, tournament: Tournament | None) -> DryRun:
        scoring = tournament.fmt.scoring if tournament is not None else VP_SCORING
        return cls(
            counted=check.counted,
            rows=tuple(_row(change, scoring) for change in check.changes),
            standings=tuple(
                DryRunStanding(
                    change.pair, standing_text(change.before), standing_text(change.after)
                )
                for change in check.standings
            ),
            dropped=check.dropped,
        )


def standing_text(values: tuple[int, int, int]) -> str:
    """A pair's line of the standings in words: rank, VP and scarto."""
    rank, vp, scarto = values
    return _("rank %(rank)s, %(vp)s VP, scarto %(scarto)s") % {
        "rank": rank,
        "vp": vp,
        "scarto": f"{scarto:+d}",
    }


def _row(change: ResultChange, scoring: VpScoring) -> DryRunRow:
    return DryRunRow(
        turno=change.turno,
        table=change.table,
        ns=change.ns,
        eo=change.eo,
        before=scoring.result_words(change.before, change),
        after=scoring.result_words(change.after, change),
    )


def recompute_failed_message(error: RecomputeFailed) -> str:
    """Which result the new rules cannot score, and why; nothing was changed."""
    params = {
        "turno": error.turno,
        "table": error.table,
        "smazzata": error.smazzata,
        "reason": rule_error_message(error.error),
    }
    if error.smazzata is not None:
        text = _(
            "The new rules cannot score turno %(turno)s, table %(table)s, smazzata "
            "%(smazzata)s: %(reason)s Nothing was changed."
        )
    else:
        text = _(
            "The new rules cannot score turno %(turno)s, table %(table)s: %(reason)s "
            "Nothing was changed."
        )
    return str(text % params)
