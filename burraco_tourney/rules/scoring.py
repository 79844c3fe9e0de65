"""Scoring a smazzata (one deal) and a turno (RULES.md section 5, ARCHIVE.md SMAZZATA and LINE).

A line's total is its net card points plus the burraco bonuses, plus the chiusura bonus if it
closed, minus the pozzetto penalty if it never took its pozzetto; ``base`` is the total without
the card points. ``smazzata_violations`` lists every inconsistency of a deal at once, each tagged
with the line and the field it concerns, so a form can show it next to the right box; among them
what the pack cannot hold (``pack.py``: 5,000 card points, 9 burraco reale). A chiusura
is the last move of its smazzata: a last move that names the other line is refused, and
``with_closer_as_last_move`` fills a blank one from the closer (in a KO, where the last move
settles a tie: ``smazzata_as_read``). A scorecard that does not say how a smazzata ended means
``automatic_end``: by chiusura if a line closed, else the stock ran out.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.pack import pack_violations
from burraco_tourney.rules.rulesets import BURRACO_KINDS, Ruleset
from burraco_tourney.rules.score_step import is_score

CODES: tuple[str, ...] = (
    "cards_not_integer",
    "cards_not_multiple_of_5",
    "count_not_integer",
    "negative_count",
    "burraco_kind_not_in_ruleset",
    "flag_not_boolean",
    "both_lines_closed",
    "closing_without_pozzetto",
    "closing_without_burraco",
    "closing_without_clean_burraco",
    "chiusura_end_without_closer",
    "closer_without_chiusura_end",
    "unknown_end",
    "unknown_last_move",
    "last_move_not_closer",
)

END_KINDS: tuple[str, ...] = ("chiusura", "tallone", "tempo", "arbitrale")
LINES: tuple[str, ...] = ("ns", "eo")


@dataclass(frozen=True)
class LineScore:
    """One line's result in one smazzata: card points, bonus part (base) and total."""

    cards: int
    base: int
    total: int


@dataclass(frozen=True)
class LineEntry:
    """What the scorecard says about one line in one smazzata."""

    cards: int
    pulito: int = 0
    semipulito: int = 0
    sporco: int = 0
    nobile: int = 0
    reale: int = 0
    chiusura: bool = False
    pozzetto: bool = True

    def counts(self) -> dict[str, int]:
        """Burraco counts by kind, in scorecard order."""
        return {kind: getattr(self, kind) for kind in BURRACO_KINDS}


@dataclass(frozen=True)
class Smazzata:
    """One deal: both lines' entries, how it ended, and which line made the last move."""

    ns: LineEntry
    eo: LineEntry
    end: str
    last_move: str | None = None


@dataclass(frozen=True)
class SmazzataScore:
    ns: LineScore
    eo: LineScore


def score_line(
    ruleset: Ruleset,
    *,
    cards: int,
    pulito: int = 0,
    semipulito: int = 0,
    sporco: int = 0,
    nobile: int = 0,
    reale: int = 0,
    chiusura: bool = False,
    pozzetto: bool = True,
    end: str | None = None,
) -> LineScore:
    """Score one line; raise the first ``RuleViolation`` its figures break.

    ``end`` (how the smazzata ended) only matters when the ruleset waives the pozzetto penalty
    for a deal stopped by time or by the arbitro.
    """
    entry = LineEntry(cards, pulito, semipulito, sporco, nobile, reale, chiusura, pozzetto)
    problems = _line_violations(ruleset, entry, None)
    if end is not None and end not in END_KINDS:
        problems.append(_unknown_end(end))
    if problems:
        raise problems[0]
    return _score_entry(ruleset, entry, end)


def _score_entry(ruleset: Ruleset, entry: LineEntry, end: str | None) -> LineScore:
    base = sum(count * ruleset.bonus(kind) for kind, count in entry.counts().items() if count)
    if entry.chiusura:
        base += ruleset.chiusura_bonus
    if not entry.pozzetto and ruleset.pozzetto_penalty_applies(end):
        base -= ruleset.pozzetto_penalty
    return LineScore(cards=entry.cards, base=base, total=entry.cards + base)


def smazzata_violations(ruleset: Ruleset, smazzata: Smazzata) -> list[RuleViolation]:
    """Every way the smazzata breaks the rules; an empty list when it can be scored."""
    problems: list[RuleViolation] = []
    for line in LINES:
        problems.extend(_line_violations(ruleset, getattr(smazzata, line), line))
    closers = [line for line in LINES if getattr(smazzata, line).chiusura is True]
    if len(closers) == 2:
        problems.append(
            RuleViolation(
                "both_lines_closed",
                "Only one line can close a smazzata.",
                line=None,
                field="chiusura",
            )
        )
    for line in closers:
        problems.extend(_closer_violations(ruleset, getattr(smazzata, line), line))
    if smazzata.end not in END_KINDS:
        problems.append(_unknown_end(smazzata.end))
    elif smazzata.end == "chiusura" and not closers:
        problems.append(
            RuleViolation(
                "chiusura_end_without_closer",
                "The smazzata is marked as ended by chiusura, but no line closed.",
                line=None,
                field="end",
            )
        )
    elif smazzata.end != "chiusura" and closers:
        problems.append(
            RuleViolation(
                "closer_without_chiusura_end",
                f"A line closed, so the smazzata ended by chiusura, not by {smazzata.end}.",
                line=None,
                field="end",
                end=smazzata.end,
                closer=closers[0],
            )
        )
    if smazzata.last_move not in (None, *LINES):
        problems.append(
            RuleViolation(
                "unknown_last_move",
                f"The last move is made by 'ns' or 'eo', not {smazzata.last_move!r}.",
                line=None,
                field="last_move",
                value=repr(smazzata.last_move),
            )
        )
    elif len(closers) == 1 and smazzata.last_move not in (None, closers[0]):
        # Closing is the last move of a smazzata: nobody plays after the line that closed.
        problems.append(
            RuleViolation(
                "last_move_not_closer",
                f"{closers[0].upper()} closed, so it made the last move, "
                f"not {smazzata.last_move.upper()}.",
                line=None,
                field="last_move",
                closer=closers[0],
                last_move=smazzata.last_move,
            )
        )
    problems.extend(pack_violations(ruleset, smazzata.ns, smazzata.eo))
    return problems


def closing_line(smazzata: Smazzata) -> str | None:
    """The line that closed the smazzata; None when no line, or (an error) both, closed."""
    closers = [line for line in LINES if getattr(smazzata, line).chiusura is True]
    return closers[0] if len(closers) == 1 else None


def with_closer_as_last_move(smazzata: Smazzata) -> Smazzata:
    """The smazzata with its last move filled in from the chiusura when it was left blank.

    A chiusura is the last move, so a scorecard need not say it twice; a last move that is
    given is kept as it is (``smazzata_violations`` refuses one that contradicts the closer).
    """
    closer = closing_line(smazzata)
    if smazzata.last_move is not None or closer is None:
        return smazzata
    return replace(smazzata, last_move=closer)


def smazzata_as_read(smazzata: Smazzata, *, knockout: bool) -> Smazzata:
    """The smazzata as the engine reads it: in a KO, where the last move settles a tie, a blank
    last move is the closer's (``with_closer_as_last_move``); elsewhere as entered."""
    return with_closer_as_last_move(smazzata) if knockout else smazzata


def automatic_end(ns_closed: Any, eo_closed: Any) -> str:
    """How a smazzata ended when the scorecard leaves it blank: by chiusura if a line closed,
    else the stock ran out (``tallone``)."""
    return "chiusura" if ns_closed or eo_closed else "tallone"


def score_smazzata(ruleset: Ruleset, smazzata: Smazzata) -> SmazzataScore:
    """Both lines' scores; raise the first violation if the smazzata breaks the rules."""
    problems = smazzata_violations(ruleset, smazzata)
    if problems:
        raise problems[0]
    return SmazzataScore(
        ns=_score_entry(ruleset, smazzata.ns, smazzata.end),
        eo=_score_entry(ruleset, smazzata.eo, smazzata.end),
    )


def score_turno(ruleset: Ruleset, smazzate: Iterable[Smazzata]) -> tuple[int, int]:
    """The two lines' MP for a turno: the sums of their smazzata totals (NS, EO)."""
    ns = eo = 0
    for smazzata in smazzate:
        score = score_smazzata(ruleset, smazzata)
        ns += score.ns.total
        eo += score.eo.total
    return ns, eo


def _is_int(value: Any) -> bool:
    # bool is an int in Python, but a checkbox value in a number box is an entry error.
    return isinstance(value, int) and not isinstance(value, bool)


def _line_violations(ruleset: Ruleset, entry: LineEntry, line: str | None) -> list[RuleViolation]:
    problems: list[RuleViolation] = []
    where = f"{line.upper()}: " if line else ""
    if not _is_int(entry.cards):
        problems.append(
            RuleViolation(
                "cards_not_integer",
                f"{where}card points must be a whole number, not {entry.cards!r}.",
                line=line,
                field="cards",
                value=repr(entry.cards),
            )
        )
    elif not is_score(entry.cards):
        problems.append(
            RuleViolation(
                "cards_not_multiple_of_5",
                f"{where}card points must be a multiple of 5; {entry.cards} is not.",
                line=line,
                field="cards",
                value=entry.cards,
            )
        )
    for kind, count in entry.counts().items():
        if not _is_int(count):
            problems.append(
                RuleViolation(
                    "count_not_integer",
                    f"{where}the number of burraco {kind} must be a whole number, not {count!r}.",
                    line=line,
                    field=kind,
                    value=repr(count),
                )
            )
        elif count < 0:
            problems.append(
                RuleViolation(
                    "negative_count",
                    f"{where}the number of burraco {kind} cannot be negative ({count}).",
                    line=line,
                    field=kind,
                    value=count,
                )
            )
        elif count > 0 and kind not in ruleset.burraco_kinds:
            problems.append(
                RuleViolation(
                    "burraco_kind_not_in_ruleset",
                    f"{where}the {ruleset.name} rules of this tournament have no burraco {kind}.",
                    line=line,
                    field=kind,
                    kind=kind,
                    value=count,
                )
            )
    for flag in ("chiusura", "pozzetto"):
        value = getattr(entry, flag)
        if not isinstance(value, bool):
            problems.append(
                RuleViolation(
                    "flag_not_boolean",
                    f"{where}{flag} must be yes or no, not {value!r}.",
                    line=line,
                    field=flag,
                    value=repr(value),
                )
            )
    return problems


def _closer_violations(ruleset: Ruleset, entry: LineEntry, line: str) -> list[RuleViolation]:
    problems: list[RuleViolation] = []
    where = line.upper()
    if entry.pozzetto is False:
        problems.append(
            RuleViolation(
                "closing_without_pozzetto",
                f"{where} closed without taking its pozzetto: a line must take it to close.",
                line=line,
                field="pozzetto",
            )
        )
    counts = {kind: n for kind, n in entry.counts().items() if _is_int(n) and n > 0}
    if not counts:
        problems.append(
            RuleViolation(
                "closing_without_burraco",
                f"{where} closed without a burraco: closing needs at least one.",
                line=line,
                field="chiusura",
            )
        )
    elif ruleset.closing_needs_pulito and not set(counts) & set(ruleset.clean_kinds):
        clean = ", ".join(ruleset.clean_kinds)
        problems.append(
            RuleViolation(
                "closing_without_clean_burraco",
                f"{where} closed without a clean burraco: the {ruleset.name} rules need at "
                f"least one ({clean}).",
                line=line,
                field="chiusura",
                kinds=clean,
            )
        )
    return problems


def _unknown_end(end: Any) -> RuleViolation:
    return RuleViolation(
        "unknown_end",
        f"A smazzata ends by {', '.join(END_KINDS)}; {end!r} is not one of them.",
        line=None,
        field="end",
        value=repr(end),
    )
