"""The values a tournament's settings change carries: the settings themselves, the dry run of a
rule change (which tables change, from what to what) and the two refusals of a change.

Plain values shared by the settings form (which builds ``TournamentSettings`` and shows the dry
run) and the services (which take them): so that the form never imports a service. Nothing here
reads or writes the database.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.tiebreaks import DEFAULT_TIEBREAKS
from burraco_tourney.rules.vp import DEFAULT_VP_TABLE


@dataclass(frozen=True)
class TournamentSettings:
    """Everything the director sets on a tournament, validated (see ``forms.setup``)."""

    name: str
    date: datetime.date
    venue: str = ""
    kind: str = "pairs"
    ruleset_name: str = "classic"
    rules: dict[str, Any] = field(default_factory=dict)
    smazzate_per_turno: int = 3
    vp_table: str | list[dict[str, Any]] = DEFAULT_VP_TABLE
    bye_vp: int | None = None
    bye_mp: int | None = None
    forfeit_vp: int | None = None
    forfeit_mp: int | None = None
    forfeit_loser_vp: int | None = None
    tiebreaks: list[str] = field(default_factory=lambda: list(DEFAULT_TIEBREAKS))
    planned_turni: int | None = None
    ko_mode: str = ""
    ko_smazzate: int | None = None
    ko_target: int | None = None
    # Rounds with a match length of their own (``Tournament.ko_rounds``).
    ko_rounds: list[dict[str, Any]] = field(default_factory=list)
    # A team match's result (``Tournament.team_scoring``) and the team VP table's bands.
    team_scoring: str = "vp_sum"
    team_vp_table: list[dict[str, Any]] = field(default_factory=list)
    # The players enter their tables from their phones (``Tournament.players_enter``).
    players_enter: bool = False
    players_auto_accept: bool = True
    # How long every turno lasts (None: no clock) and the "last smazzata" warning; a turno may
    # change its own minutes on its results page (``Turno.clock_minutes``).
    turno_minutes: int | None = None
    last_smazzata_minutes: int = 15
    # The class the federation report gives (``Tournament.federation_class``).
    federation_class: str = "circolo"
    # How the gironi rank (RULES.md section 12; ``Tournament.gironi_standings``/``_overall``).
    gironi_standings: str = "since_turno_1"
    gironi_overall: str = "by_girone"


@dataclass(frozen=True)
class MissedChoice:
    """How the turni a late pair missed count: ``how`` is a ``MissedTurni`` value; ``vp`` and
    ``mp`` only with ``MissedTurni.VALUE`` (the pairs form builds it, ``services.late_pairs``
    checks it)."""

    how: str
    vp: int | None = None
    mp: int | None = None


@dataclass(frozen=True)
class ResultChange:
    """One table whose result a rule change changes: its values before and after (MP, VP, the
    KO winner; see ``results_bridge.outcome_summary``)."""

    turno: int
    table: int
    ns: int
    eo: int
    before: dict[str, Any]
    after: dict[str, Any]


@dataclass(frozen=True)
class StandingChange:
    """One pair whose line of the standings a rule change changes: (rank, VP, scarto) now and
    with the new rules (a forfeit's or a riposo's MP moves the scarto of no table)."""

    pair: int
    before: tuple[int, int, int]
    after: tuple[int, int, int]


@dataclass(frozen=True)
class DroppedMatch:
    """A KO match drawn from a result the rule change re-decides: it goes (it has no result)."""

    turno: int
    table: int
    ns: int
    eo: int


@dataclass(frozen=True)
class ResultsCheck:
    """The dry run of a rule change: how many tables have a result (all of them are scored
    again), those whose result changes, the standings lines that change, and in a KO the
    later matches that go."""

    counted: int
    changes: tuple[ResultChange, ...] = ()
    standings: tuple[StandingChange, ...] = ()
    dropped: tuple[DroppedMatch, ...] = ()


class RulesChangeNeedsConfirmation(Exception):
    """Results exist and the rules would change: the director has not confirmed the recompute.

    ``check`` is the dry run to show with the confirmation."""

    def __init__(self, fields: list[str], check: ResultsCheck | None = None) -> None:
        self.fields = fields
        self.check = check or ResultsCheck(counted=0)
        super().__init__(f"rule change needs confirmation: {', '.join(fields)}")


class RecomputeFailed(Exception):
    """An entered result cannot be scored under the new rules: nothing was changed."""

    def __init__(self, *, turno: int, table: int, smazzata: int | None, error: RuleError) -> None:
        self.turno = turno
        self.table = table
        self.smazzata = smazzata
        self.error = error
        super().__init__(f"turno {turno}, table {table}, smazzata {smazzata}: {error}")
