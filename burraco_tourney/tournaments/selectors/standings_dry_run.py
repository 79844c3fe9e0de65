"""The standings a rule change would give, beside the standings now: its dry run's lines.

A forfeit's or a riposo's value moves no table's MP, only the scarto and VP the standings give
those pairs; a new tie-break order moves only ranks. So the dry run compares the standings
themselves, as the engine computes them from every table's new values. Reads only.
"""

from __future__ import annotations

from burraco_tourney.rules.errors import RuleError

from ..models import Tournament
from ..settings_values import StandingChange
from .standings import Outcomes, standings


def standings_changes(candidate: Tournament, outcomes: Outcomes) -> tuple[StandingChange, ...]:
    """The pairs whose rank, VP or scarto differ between the stored standings and those of
    ``candidate`` (an unsaved copy carrying the new rules) with ``outcomes`` as its tables'
    values. Nothing for a tournament without VP standings of pairs, or standings either set
    of rules cannot compute yet (a riposo without a value: the standings page says so)."""
    return candidate.fmt.standings.changes(candidate, outcomes)


def pair_standings_changes(candidate: Tournament, outcomes: Outcomes) -> tuple[StandingChange, ...]:
    """``standings_changes`` of a pairs tournament (``formats.standings.PairStandings``)."""
    stored = Tournament.objects.get(pk=candidate.pk)
    try:
        now = {s.row.pair: s.row for s in standings(tournament=stored)}
        new = {s.row.pair: s.row for s in standings(tournament=candidate, outcomes=outcomes)}
    except RuleError:
        return ()
    changes = []
    for pair, row in new.items():
        before = now.get(pair)
        after = (row.rank, row.vp, row.scarto)
        if before is not None and (before.rank, before.vp, before.scarto) != after:
            changes.append(StandingChange(pair, (before.rank, before.vp, before.scarto), after))
    return tuple(sorted(changes, key=lambda change: change.after[0]))
