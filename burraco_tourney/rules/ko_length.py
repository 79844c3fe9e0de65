"""How long a KO match is, round by round.

A KO tournament has one match length (``a smazzate``: a fixed number of smazzate, or ``a punti``:
up to a target score, RULES.md section 8) and may give some rounds another one: the final is often
played a punti after rounds a smazzate (ARCHIVE.md version 2, ``ko.rounds``). A round is the turno
number of the bracket, 1 for the first round.

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.score_step import is_score

Mode = Literal["smazzate", "punti"]
MODES: tuple[Mode, Mode] = ("smazzate", "punti")

CODES: tuple[str, ...] = ("bad_ko_round",)


@dataclass(frozen=True)
class KoLength:
    """One match length: ``smazzate`` for a match a smazzate, ``target`` for one a punti."""

    mode: Mode
    smazzate: int | None = None
    target: int | None = None

    def to_json(self, round_number: int) -> dict[str, Any]:
        value = self.smazzate if self.mode == "smazzate" else self.target
        key = "smazzate" if self.mode == "smazzate" else "target"
        return {"round": round_number, "mode": self.mode, key: value}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def ko_round_lengths(rounds: Iterable[Mapping[str, Any]]) -> dict[int, KoLength]:
    """The per-round lengths as stored (``[{"round": 3, "mode": "punti", "target": 2005}]``),
    checked: each round once, a known mode, a whole number of smazzate (1 or more) or a target
    (a positive multiple of 5). Raises ``RuleViolation("bad_ko_round", round=…)``."""
    lengths: dict[int, KoLength] = {}
    for item in rounds:
        number = item.get("round") if isinstance(item, Mapping) else None
        mode = item.get("mode") if isinstance(item, Mapping) else None
        if not _whole(number) or number in lengths or mode not in MODES:
            raise RuleViolation(
                "bad_ko_round", f"A KO round's match length is not valid: {item!r}.", round=number
            )
        if mode == "smazzate":
            smazzate = item.get("smazzate")
            if not _whole(smazzate) or "target" in item:
                raise RuleViolation(
                    "bad_ko_round", f"Round {number}: give a number of smazzate.", round=number
                )
            lengths[number] = KoLength("smazzate", smazzate=smazzate)
        else:
            target = item.get("target")
            if not _whole(target) or not is_score(target) or "smazzate" in item:
                raise RuleViolation(
                    "bad_ko_round",
                    f"Round {number}: give a target score, a multiple of 5.",
                    round=number,
                )
            lengths[number] = KoLength("punti", target=target)
    return lengths


def ko_length_for_round(
    default: KoLength, rounds: Mapping[int, KoLength], round_number: int
) -> KoLength:
    """The length of the matches of ``round_number``: its own, or the tournament's."""
    return rounds.get(round_number, default)
