"""The tournament's data: rules in use, entrants (pairs, players or teams), turni, tables,
smazzate, line-ups, riposi and penalties.

Models hold data and database invariants only. Scores are computed by the rules engine through
the services (``services.py``); no business logic lives in ``save()`` or in signals.
"""

from .audit import AuditEntry
from .federation import FederationReport
from .individual import TableSeat
from .members import Member
from .play import (
    Bye,
    EntryMode,
    Line,
    Match,
    Movement,
    Penalty,
    Room,
    Smazzata,
    SmazzataEnd,
    Table,
    Turno,
)
from .prizes import FundRound, PrizeCategory, PrizeList, PrizePlace
from .room import AnomalyDismissal
from .submission import Submission, SubmissionSource, SubmissionState
from .table_access import TableAccess, TableProblem
from .teams import Lineup
from .tournament import (
    Entrant,
    FederationClass,
    GironiOverall,
    GironiStandings,
    KoMode,
    MissedTurni,
    RulesetName,
    TeamScoring,
    Tournament,
    TournamentKind,
    default_vp_table,
)

__all__ = [
    "AnomalyDismissal",
    "AuditEntry",
    "Bye",
    "Entrant",
    "EntryMode",
    "FederationClass",
    "FederationReport",
    "FundRound",
    "GironiOverall",
    "GironiStandings",
    "KoMode",
    "Line",
    "Lineup",
    "Match",
    "Member",
    "MissedTurni",
    "Movement",
    "Penalty",
    "PrizeCategory",
    "PrizeList",
    "PrizePlace",
    "TableProblem",
    "Room",
    "RulesetName",
    "Smazzata",
    "SmazzataEnd",
    "Submission",
    "SubmissionSource",
    "SubmissionState",
    "Table",
    "TableAccess",
    "TableSeat",
    "TeamScoring",
    "Tournament",
    "TournamentKind",
    "Turno",
    "default_vp_table",
]
