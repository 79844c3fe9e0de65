"""Anomalies: entries the rules accept but an arbitro should look at (RULES.md section 5).

What the pack cannot hold is refused (``pack.py``). What it can hold but rarely does is only
flagged: the entry is saved, and a list of ``Flag`` values (a code and its params, like a
``RuleViolation`` but not raised) tells the arbitro where to look — for the anomaly list of the
live pages. A flag has the same ``code`` / ``params`` / ``message`` shape as an engine error, so
``core.rule_messages.rule_error_message`` turns it into a sentence.

Flags:
    closer_negative_cards   the line that closed has negative net card points (it laid every
                            card, so only penalised or unplayed pozzetto cards can make it so)
    margin_beyond_usual     the MP difference of a turno is beyond what a turno of that many
                            smazzate usually gives (house default: 1,000 MP a smazzata; 2,000
                            when the rules have a burraco reale of 1,000)

    table_without_result    a table of the turno has no result yet
    same_total_every_smazzata  both lines have the same total in every smazzata (two or more):
                            one line's figures may have been copied into the other's
    mirrored_result         the table's MP are another table's of the same turno with NS and EO
                            swapped: one scorecard may have been entered twice, once with the
                            lines the wrong way round
    smazzate_count          a table entered by smazzata has another number of smazzate than the
                            turno's

``turno_anomalies`` gives every flag of a turno's tables, each with its ``table``.

Example: a turno of 3 smazzate won 3,400 to 100 gives ``margin_beyond_usual`` with
``margin=3300, smazzate=3, limit=3000``; a closer with ``cards=-20`` gives
``closer_negative_cards`` with ``line="ns", field="cards", value=-20`` (and ``smazzata``, counted
from 0, when it comes from ``turno_flags``).

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.rules.scoring import Smazzata, closing_line, score_smazzata

# The messages of these codes live with the engine's errors in ``core/rule_sentences.py``.
CODES: tuple[str, ...] = (
    "closer_negative_cards",
    "margin_beyond_usual",
    "table_without_result",
    "same_total_every_smazzata",
    "mirrored_result",
    "smazzate_count",
)

USUAL_MARGIN_PER_SMAZZATA = 1000


@dataclass(frozen=True)
class Flag:
    """Something possible but implausible: a code, its params and an English sentence."""

    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def line(self) -> str | None:
        return self.params.get("line")


def usual_margin_per_smazzata(ruleset: Ruleset) -> int:
    """The MP difference a smazzata rarely passes: 1,000, plus a burraco reale's bonus if any."""
    extra = dict(ruleset.bonuses).get("reale", 0) if "reale" in ruleset.burraco_kinds else 0
    return USUAL_MARGIN_PER_SMAZZATA + extra


def smazzata_flags(ruleset: Ruleset, smazzata: Smazzata) -> list[Flag]:
    """The flags of one smazzata that the rules accept (a refused one is not flagged)."""
    closer = closing_line(smazzata)
    if closer is None:
        return []
    cards = getattr(smazzata, closer).cards
    if cards >= 0:
        return []
    return [
        Flag(
            "closer_negative_cards",
            f"{closer.upper()} closed with negative card points ({cards}): check the entry.",
            {"line": closer, "field": "cards", "value": cards},
        )
    ]


def turno_flags(
    ruleset: Ruleset,
    smazzate: Sequence[Smazzata] = (),
    *,
    totals: tuple[int, int] | None = None,
    smazzate_played: int | None = None,
    per_smazzata: int | None = None,
) -> list[Flag]:
    """The flags of a turno: each smazzata's (with its index), then the margin of the turno.

    Give the smazzate, or, for a turno entered as totals only, ``totals`` (NS MP, EO MP) and
    ``smazzate_played``. ``per_smazzata`` overrides the usual margin of one smazzata. The
    smazzate must be legal (``score_smazzata`` raises otherwise).
    """
    flags: list[Flag] = []
    if totals is None:
        ns = eo = 0
        for index, smazzata in enumerate(smazzate):
            score = score_smazzata(ruleset, smazzata)
            ns, eo = ns + score.ns.total, eo + score.eo.total
            flags.extend(
                Flag(flag.code, flag.message, {**flag.params, "smazzata": index})
                for flag in smazzata_flags(ruleset, smazzata)
            )
        totals, played = (ns, eo), len(smazzate)
    else:
        played = smazzate_played if smazzate_played is not None else len(smazzate)
    margin = abs(totals[0] - totals[1])
    limit = (per_smazzata or usual_margin_per_smazzata(ruleset)) * max(played, 1)
    if margin > limit:
        flags.append(
            Flag(
                "margin_beyond_usual",
                f"A margin of {margin} MP over {played} smazzate is beyond the usual "
                f"({limit}): check the entry.",
                {"margin": margin, "smazzate": played, "limit": limit},
            )
        )
    return flags


@dataclass(frozen=True)
class TableFacts:
    """What the anomaly checks read of one table: its number, how its result was entered
    (``smazzate``, ``totals``, ``forfeit``, or empty: no result), its MP, and for an entry by
    smazzata the smazzate as entered with each one's stored totals (NS, EO)."""

    table: int
    mode: str = ""
    ns_mp: int | None = None
    eo_mp: int | None = None
    smazzate: tuple[Smazzata, ...] = ()
    smazzata_totals: tuple[tuple[int, int], ...] = ()


def _flag(code: str, message: str, table: int, **params: Any) -> Flag:
    return Flag(code, message, {"table": table, **params})


def turno_anomalies(
    ruleset: Ruleset,
    tables: Sequence[TableFacts],
    *,
    smazzate_per_turno: int | None,
    per_smazzata: int | None = None,
) -> list[Flag]:
    """Every flag of a turno's tables, table by table, each with its ``table`` number.

    Reads the stored totals (never scores a smazzata again), so it lists a turno whatever the
    rules did with its entries. ``smazzate_per_turno`` None: no count to compare with.
    """
    flags: list[Flag] = []
    by_mp: dict[tuple[int, int], list[int]] = {}
    for facts in tables:
        if facts.mode in ("smazzate", "totals") and facts.ns_mp is not None:
            by_mp.setdefault((facts.ns_mp, facts.eo_mp or 0), []).append(facts.table)
    for facts in tables:
        number = facts.table
        if not facts.mode:
            flags.append(
                _flag("table_without_result", f"Table {number} has no result yet.", number)
            )
            continue
        if facts.mode not in ("smazzate", "totals") or facts.ns_mp is None:
            continue
        ns, eo = facts.ns_mp, facts.eo_mp or 0
        played = smazzate_per_turno
        if facts.mode == "smazzate":
            played = len(facts.smazzata_totals)
            for index, smazzata in enumerate(facts.smazzate):
                flags.extend(
                    _flag(f.code, f.message, number, **f.params, smazzata=index)
                    for f in smazzata_flags(ruleset, smazzata)
                )
            totals = facts.smazzata_totals
            if len(totals) >= 2 and all(a == b for a, b in totals):
                flags.append(
                    _flag(
                        "same_total_every_smazzata",
                        f"Table {number}: both lines have the same total in every smazzata.",
                        number,
                        smazzate=len(totals),
                    )
                )
            if smazzate_per_turno is not None and played != smazzate_per_turno:
                flags.append(
                    _flag(
                        "smazzate_count",
                        f"Table {number} has {played} smazzate; the turno has "
                        f"{smazzate_per_turno}.",
                        number,
                        count=played,
                        expected=smazzate_per_turno,
                    )
                )
        flags.extend(
            _flag(f.code, f.message, number, **f.params)
            for f in turno_flags(
                ruleset, totals=(ns, eo), smazzate_played=played or 1, per_smazzata=per_smazzata
            )
        )
        others = [t for t in by_mp.get((eo, ns), []) if t != number]
        if ns != eo and others:
            flags.append(
                _flag(
                    "mirrored_result",
                    f"Table {number}: {ns} - {eo} is table {others[0]}'s result with the "
                    "lines swapped.",
                    number,
                    other=others[0],
                    ns_mp=ns,
                    eo_mp=eo,
                )
            )
    return flags
