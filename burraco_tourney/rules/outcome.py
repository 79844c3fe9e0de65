"""One table's outcome: the single entry point from what a scorecard says to what it is worth.

Vocabulary:

- ``TournamentRules`` (``rules/tournament_rules.py``): everything a tournament's rules decide,
  frozen; ``build_rules`` makes one from the stored settings and is the one place of their
  defaults.
- an entry (``SmazzateEntry``, ``TotalsEntry``, ``ForfeitEntry``): what was entered for a table.
- ``Outcome``: what the entry is worth under the rules (per-smazzata totals, MP, VP, winner and
  how it was decided).
- ``EntryRefused``: every refusal of the entry at once, each a ``Refusal`` with its place (the
  smazzata counted from 1, the line and the box) and the engine's ``RuleError``.

``table_outcome`` is the one function every entry path calls (the scorecard, the totals and
forfeit forms, the services, a rule change's dry run, the archive reader, a live preview). Every
refusal of RULES.md section 5 (scoring) and section 8 (matches) is raised from here, through the
functions underneath (``scoring.smazzata_violations``, ``match``, ``vp``, ``standings``).

Entered values are never rewritten: a burraco semipulito entered while the switch was on counts
as sporco while it is off (RULES.md section 4) and counts again as semipulito when it is back on.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from burraco_tourney.rules.errors import RuleError, RuleViolation
from burraco_tourney.rules.match import (
    MatchResult,
    SmazzataTotals,
    check_points_totals,
    ko_winner,
    match_by_points,
    match_by_smazzate,
)
from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.score_step import is_score
from burraco_tourney.rules.scoring import (
    LineEntry,
    Smazzata,
    SmazzataScore,
    score_smazzata,
    smazzata_as_read,
    smazzata_violations,
)
from burraco_tourney.rules.standings import forfeit_split
from burraco_tourney.rules.tournament_rules import LINES, Line, TournamentRules

CODES: tuple[str, ...] = (
    "no_smazzate",
    "turno_too_many_smazzate",
    "mp_not_multiple_of_5",
    "forfeit_loser_vp_out_of_range",
    "ko_later_match",
)

# How an outcome was decided: by the points, by the last move on a KO tie, by a forfeit; "" for
# a draw (a tie outside KO) and for a KO match not over yet.
DECIDED_BY_POINTS = "points"
DECIDED_BY_LAST_MOVE = "last_move"
DECIDED_BY_FORFEIT = "forfeit"


# -- entries, outcomes, refusals ---------------------------------------------------------------


@dataclass(frozen=True)
class SmazzateEntry:
    """A table entered smazzata by smazzata, smazzata 1 first."""

    smazzate: tuple[Smazzata, ...]


@dataclass(frozen=True)
class TotalsEntry:
    """Only the turno totals; in a KO the last move of the last smazzata settles a tie."""

    ns_mp: int
    eo_mp: int
    last_move: Line | None = None


@dataclass(frozen=True)
class ForfeitEntry:
    """A forfeit: ``winner`` is the line that was present."""

    winner: Line


TableEntry = SmazzateEntry | TotalsEntry | ForfeitEntry


@dataclass(frozen=True)
class Outcome:
    """What an entry is worth. ``ns_vp``/``eo_vp`` are None in a KO (no VP there); ``winner``
    is None for a draw and for a KO match not over; ``smazzate`` holds each smazzata's scores
    as counted under the rules in force; ``forfeit_scarto`` what a forfeit adds to the scarto."""

    mode: str
    ns_mp: int
    eo_mp: int
    ns_vp: int | None
    eo_vp: int | None
    winner: Line | None
    decided_by: str
    finished: bool = True
    smazzate: tuple[SmazzataScore, ...] = ()
    forfeit_scarto: tuple[int, int] | None = None

    @property
    def by_last_move(self) -> bool:
        return self.decided_by == DECIDED_BY_LAST_MOVE


@dataclass(frozen=True)
class Refusal:
    """One refusal with its place: ``smazzata`` counted from 1 (None: the whole table)."""

    smazzata: int | None
    error: RuleError

    @property
    def code(self) -> str:
        return self.error.code

    @property
    def line(self) -> str | None:
        return self.error.params.get("line")

    @property
    def field(self) -> str | None:
        return self.error.params.get("field")


class EntryRefused(RuleError):
    """The entry cannot be scored; ``refusals`` holds every refusal found."""

    def __init__(self, refusals: Sequence[Refusal]) -> None:
        self.refusals = tuple(refusals)
        first = self.refusals[0].error
        super().__init__(first.code, first.message, **first.params)


def counted_smazzata(ruleset: Ruleset, smazzata: Smazzata) -> Smazzata:
    """The smazzata as the rules in force count it: with the semipulito switch off, a burraco
    semipulito of a ruleset that has the kind counts as sporco (RULES.md section 4)."""
    if not ruleset.semipulito_as_sporco:
        return smazzata

    def fold(line: LineEntry) -> LineEntry:
        if not isinstance(line.semipulito, int) or not line.semipulito:
            return line
        if not isinstance(line.sporco, int) or isinstance(line.sporco, bool):
            return line
        return replace(line, sporco=line.sporco + line.semipulito, semipulito=0)

    return replace(smazzata, ns=fold(smazzata.ns), eo=fold(smazzata.eo))


def smazzata_score(rules: TournamentRules, smazzata: Smazzata, *, number: int = 1) -> SmazzataScore:
    """One smazzata's two line totals as the rules in force count it, or ``EntryRefused`` with
    its refusals (numbered ``number``): the live totals of a scorecard still being filled in.
    The turno's MP, VP and winner come from ``table_outcome`` alone."""
    counted = counted_smazzata(rules.ruleset, smazzata)
    refusals = [Refusal(number, e) for e in smazzata_violations(rules.ruleset, counted)]
    if refusals:
        raise EntryRefused(refusals)
    return score_smazzata(rules.ruleset, counted)


def table_outcome(rules: TournamentRules, entry: TableEntry, *, round_number: int = 1) -> Outcome:
    """The outcome of one table's entry, or ``EntryRefused`` with every refusal.

    ``round_number`` is the turno (in a KO, the round) the table plays in.
    """
    if isinstance(entry, ForfeitEntry):
        return _forfeit(rules, entry)
    if isinstance(entry, TotalsEntry):
        return _totals(rules, entry, round_number)
    return _smazzate(rules, entry, round_number)


def _refuse(smazzata: int | None, error: RuleError) -> EntryRefused:
    return EntryRefused([Refusal(smazzata, error)])


def _pairs_winner(ns_mp: int, eo_mp: int) -> tuple[Line | None, str]:
    if ns_mp == eo_mp:
        return None, ""
    return ("ns" if ns_mp > eo_mp else "eo"), DECIDED_BY_POINTS


def _vp(rules: TournamentRules, ns_mp: int, eo_mp: int) -> tuple[int, int]:
    try:
        return rules.vp.split(ns_mp, eo_mp)
    except RuleError as error:
        raise _refuse(None, error) from None


def _decision(result: MatchResult) -> str:
    if result.winner is None:
        return ""
    return DECIDED_BY_LAST_MOVE if result.by_last_move else DECIDED_BY_POINTS


def _smazzate(rules: TournamentRules, entry: SmazzateEntry, round_number: int) -> Outcome:
    smazzate = [
        smazzata_as_read(counted_smazzata(rules.ruleset, s), knockout=rules.knockout)
        for s in entry.smazzate
    ]
    if not smazzate:
        raise _refuse(None, RuleViolation("no_smazzate", "Enter at least one smazzata."))
    refusals: list[Refusal] = []
    limit = rules.smazzate_limit(round_number)
    if limit is not None and len(smazzate) > limit:
        code = "too_many_smazzate" if rules.knockout else "turno_too_many_smazzate"
        refusals.append(
            Refusal(
                limit + 1,
                RuleViolation(
                    code,
                    f"A turno has {limit} smazzate, not {len(smazzate)}.",
                    planned=limit,
                    entered=len(smazzate),
                ),
            )
        )
    for number, smazzata in enumerate(smazzate, start=1):
        refusals += [Refusal(number, e) for e in smazzata_violations(rules.ruleset, smazzata)]
    if refusals:
        raise EntryRefused(refusals)
    scores = tuple(score_smazzata(rules.ruleset, s) for s in smazzate)
    ns_mp = sum(score.ns.total for score in scores)
    eo_mp = sum(score.eo.total for score in scores)
    if not rules.knockout:
        winner, decided = _pairs_winner(ns_mp, eo_mp)
        ns_vp, eo_vp = _vp(rules, ns_mp, eo_mp)
        return Outcome("smazzate", ns_mp, eo_mp, ns_vp, eo_vp, winner, decided, True, scores)
    totals = [
        SmazzataTotals(score.ns.total, score.eo.total, s.last_move)
        for score, s in zip(scores, smazzate, strict=True)
    ]
    length = rules.round_length(round_number)
    assert length is not None
    try:
        if length.mode == "punti":
            assert length.target is not None
            result = match_by_points(totals, target=length.target, knockout=True)
        else:
            assert length.smazzate is not None
            result = match_by_smazzate(totals, smazzate_to_play=length.smazzate, knockout=True)
    except RuleError as error:
        if error.code == "smazzate_after_match_end":
            raise _refuse(error.params["smazzata"] + 2, error) from None
        raise _refuse(len(totals), _on_last_move(error)) from None
    return Outcome(
        "smazzate",
        ns_mp,
        eo_mp,
        None,
        None,
        result.winner,
        _decision(result),
        result.finished,
        scores,
    )


def _on_last_move(error: RuleError) -> RuleError:
    """A tie without the last move: the refusal points at the last move's box."""
    if error.code == "tie_needs_last_move" and "field" not in error.params:
        return RuleViolation(error.code, error.message, **error.params, field="last_move")
    return error


def _totals(rules: TournamentRules, entry: TotalsEntry, round_number: int) -> Outcome:
    refusals: list[Refusal] = []
    for line, value in (("ns", entry.ns_mp), ("eo", entry.eo_mp)):
        if not is_score(value):
            error = RuleViolation(
                "mp_not_multiple_of_5",
                f"{value} is not a multiple of 5.",
                line=line,
                field="mp",
                value=value,
            )
            refusals.append(Refusal(None, error))
    if refusals:
        raise EntryRefused(refusals)
    ns_mp, eo_mp = entry.ns_mp, entry.eo_mp
    if not rules.knockout:
        winner, decided = _pairs_winner(ns_mp, eo_mp)
        ns_vp, eo_vp = _vp(rules, ns_mp, eo_mp)
        return Outcome("totals", ns_mp, eo_mp, ns_vp, eo_vp, winner, decided)
    length = rules.round_length(round_number)
    try:
        if length is not None and length.mode == "punti" and length.target:
            check_points_totals(ns_mp, eo_mp, target=length.target)
        ko_line, by_last_move = ko_winner(ns_mp, eo_mp, entry.last_move)
    except RuleError as error:
        raise _refuse(None, _on_last_move(error)) from None
    decided = DECIDED_BY_LAST_MOVE if by_last_move else DECIDED_BY_POINTS
    return Outcome("totals", ns_mp, eo_mp, None, None, ko_line, decided)


def _forfeit(rules: TournamentRules, entry: ForfeitEntry) -> Outcome:
    if entry.winner not in LINES:
        raise _refuse(
            None,
            RuleViolation(
                "bad_forfeit_line",
                'The forfeit winner must be "ns" or "eo".',
                turno=None,
                table=None,
                value=repr(entry.winner),
            ),
        )
    if rules.knockout:
        return Outcome("forfeit", 0, 0, None, None, entry.winner, DECIDED_BY_FORFEIT)
    if rules.forfeit is None:
        raise _refuse(
            None,
            RuleViolation(
                "forfeit_value_missing",
                "A table was won by forfeit: set the value of a forfeit (or of a riposo).",
            ),
        )
    total = rules.vp.total
    if not rules.vp.holds(rules.forfeit.vp):
        raise _refuse(
            None,
            RuleViolation(
                "forfeit_vp_out_of_range",
                f"A forfeit win of {rules.forfeit.vp} VP does not fit a VP table of total {total}.",
                value=rules.forfeit.vp,
                total=total,
            ),
        )
    loser = rules.forfeit_loser_vp
    if loser is not None and not 0 <= loser <= total - rules.forfeit.vp:
        raise _refuse(
            None,
            RuleViolation(
                "forfeit_loser_vp_out_of_range",
                f"The forfeiting pair cannot get {loser} VP when the winner gets "
                f"{rules.forfeit.vp} of {total}.",
                value=loser,
                total=total,
                winner=rules.forfeit.vp,
            ),
        )
    ns_vp, eo_vp = rules.forfeit_vp(entry.winner)
    scarto = forfeit_split(rules.forfeit, total, entry.winner).scarto
    return Outcome(
        "forfeit", 0, 0, ns_vp, eo_vp, entry.winner, DECIDED_BY_FORFEIT, forfeit_scarto=scarto
    )


def later_match_conflict(*, round_number: int, table: int, ns: int, eo: int) -> RuleViolation:
    """A new KO outcome would change who went on, but the later match drawn from the old one
    (round ``round_number``, ``table``, pairs ``ns`` and ``eo``) already has a result."""
    return RuleViolation(
        "ko_later_match",
        f"Round {round_number}, table {table} (pair {ns} v pair {eo}) was drawn from the old "
        "result and already has its own.",
        round=round_number,
        table=table,
        ns=ns,
        eo=eo,
    )
