"""Rulesets: the named presets of card values and bonuses a tournament is played with.

A tournament copies a preset ("classic", "reale", "internazionale") when it is created and may
change the few options a director can change (RULES.md sections 2, 4, 5 and 9). The copy is a
frozen ``Ruleset`` that travels as plain JSON (``to_dict`` / ``from_dict``).

This module is pure Python: it never imports Django or any app, and never touches a database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from burraco_tourney.rules.errors import RuleViolation
from burraco_tourney.rules.score_step import is_score

CODES: tuple[str, ...] = (
    "unknown_ruleset",
    "unknown_rule_option",
    "invalid_rule_option",
    "semipulito_not_in_ruleset",
    "burraco_kind_not_in_ruleset",
    "negative_rule_value",
    "rule_value_not_multiple_of_5",
)

# Every burraco kind the software knows, in the order a scorecard lists them.
BURRACO_KINDS: tuple[str, ...] = ("pulito", "semipulito", "sporco", "nobile", "reale")
# Kinds without a matta: what "closing with a clean burraco" accepts.
CLEAN_KINDS: tuple[str, ...] = ("pulito", "nobile", "reale")

END_REASONS_WITHOUT_PENALTY: tuple[str, ...] = ("tempo", "arbitrale")


@dataclass(frozen=True)
class Ruleset:
    """The values a tournament is played with. Build one with ``get_ruleset``."""

    name: str
    pinella_value: int
    jolly_value: int
    has_jolly: bool
    combinations_allowed: bool
    # Ordered (kind, bonus) pairs: the preset's kinds, semipulito included even when switched off
    # so that turning the switch back on restores its value.
    bonuses: tuple[tuple[str, int], ...]
    semipulito: bool
    chiusura_bonus: int = 100
    pozzetto_penalty: int = 100
    closing_needs_pulito: bool = False
    pozzetto_penalty_always: bool = True

    def __post_init__(self) -> None:
        for option in ("has_jolly", "combinations_allowed", "semipulito"):
            _check_bool(option, getattr(self, option))
        for option in ("closing_needs_pulito", "pozzetto_penalty_always"):
            _check_bool(option, getattr(self, option))
        for option in ("pinella_value", "jolly_value", "chiusura_bonus", "pozzetto_penalty"):
            _check_points(option, getattr(self, option))
        kinds = [kind for kind, _ in self.bonuses]
        for kind, value in self.bonuses:
            if kind not in BURRACO_KINDS:
                raise _kind_missing(self.name, kind)
            _check_points(f"bonuses.{kind}", value)
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"a burraco kind is listed twice: {kinds}")
        if self.semipulito and "semipulito" not in kinds:
            raise RuleViolation(
                "semipulito_not_in_ruleset",
                f"The {self.name} rules have no burraco semipulito.",
                ruleset=self.name,
            )

    @property
    def burraco_kinds(self) -> tuple[str, ...]:
        """The kinds of burraco this tournament scores, in scorecard order."""
        return tuple(kind for kind, _ in self.bonuses if kind != "semipulito" or self.semipulito)

    @property
    def entry_kinds(self) -> tuple[str, ...]:
        """The kinds a scorecard records, in scorecard order: every kind of the preset. A burraco
        semipulito is kept as entered while the switch is off (``semipulito_as_sporco``)."""
        return tuple(kind for kind, _ in self.bonuses)

    @property
    def semipulito_as_sporco(self) -> bool:
        """The one statement of RULES.md section 4's switch: with semipulito off, a burraco
        semipulito entered counts as sporco (``outcome.counted_smazzata`` applies it)."""
        return not self.semipulito and self.semipulito_switchable

    @property
    def semipulito_switchable(self) -> bool:
        """The ruleset has the burraco semipulito, so its switch means something (the reale has
        none: the settings page neither offers the switch nor a bonus for it)."""
        return "semipulito" in self.entry_kinds

    @property
    def clean_kinds(self) -> tuple[str, ...]:
        """The kinds that count as a clean burraco (no matta) in this ruleset."""
        return tuple(kind for kind in self.burraco_kinds if kind in CLEAN_KINDS)

    def bonus(self, kind: str) -> int:
        """The bonus of one burraco of ``kind``; an error when the ruleset has no such kind."""
        if kind not in self.burraco_kinds:
            raise _kind_missing(self.name, kind)
        return dict(self.bonuses)[kind]

    def pozzetto_penalty_applies(self, end: str | None) -> bool:
        """Whether a line that did not take its pozzetto loses points, given how the deal ended."""
        return self.pozzetto_penalty_always or end not in END_REASONS_WITHOUT_PENALTY

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-safe values; ``Ruleset.from_dict`` reads them back to an equal ruleset."""
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["bonuses"] = dict(self.bonuses)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Read a stored ruleset; keys left out take the named preset's value."""
        if not isinstance(data, Mapping) or "name" not in data:
            raise RuleViolation(
                "unknown_ruleset", "The stored rules do not name a ruleset.", name=None
            )
        options = {key: value for key, value in data.items() if key != "name"}
        return _build(data["name"], options, _STORED_OPTIONS)


def _check_bool(option: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise RuleViolation(
            "invalid_rule_option",
            f"The rule option {option!r} must be true or false, not {value!r}.",
            option=option,
            value=repr(value),
        )


def _check_points(option: str, value: Any) -> None:
    # bool is an int in Python; a checkbox value here is a bug in the caller, so refuse it.
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleViolation(
            "invalid_rule_option",
            f"The rule option {option!r} must be a whole number of points, not {value!r}.",
            option=option,
            value=repr(value),
        )
    if value < 0:
        raise RuleViolation(
            "negative_rule_value",
            f"The rule option {option!r} cannot be negative ({value}).",
            option=option,
            value=value,
        )
    # Every card is worth a multiple of 5, so every score is one too (RULES.md section 2);
    # a bonus that broke this would break the VP bands built on it.
    if not is_score(value):
        raise RuleViolation(
            "rule_value_not_multiple_of_5",
            f"The rule option {option!r} must be a multiple of 5 ({value}).",
            option=option,
            value=value,
        )


def _kind_missing(ruleset_name: str, kind: str) -> RuleViolation:
    return RuleViolation(
        "burraco_kind_not_in_ruleset",
        f"The {ruleset_name} rules have no burraco {kind}.",
        kind=kind,
        ruleset=ruleset_name,
    )


_CLASSIC = Ruleset(
    name="classic",
    pinella_value=20,
    jolly_value=30,
    has_jolly=True,
    combinations_allowed=True,
    bonuses=(("pulito", 200), ("semipulito", 150), ("sporco", 100)),
    semipulito=True,
)

PRESETS: dict[str, Ruleset] = {
    "classic": _CLASSIC,
    "reale": Ruleset(
        name="reale",
        pinella_value=10,
        jolly_value=30,
        has_jolly=False,
        combinations_allowed=False,
        bonuses=(("pulito", 200), ("sporco", 100), ("nobile", 500), ("reale", 1000)),
        semipulito=False,
        closing_needs_pulito=True,
    ),
    "internazionale": replace(_CLASSIC, name="internazionale", closing_needs_pulito=True),
}

RULESET_NAMES: tuple[str, ...] = tuple(PRESETS)

# What a director may change before play starts.
OVERRIDE_OPTIONS: frozenset[str] = frozenset(
    {
        "semipulito",
        "chiusura_bonus",
        "pozzetto_penalty",
        "closing_needs_pulito",
        "pozzetto_penalty_always",
        "bonuses",
    }
)
# A stored ruleset also carries the card values it was played with.
_STORED_OPTIONS: frozenset[str] = frozenset(f.name for f in fields(Ruleset)) - {"name"}


def get_ruleset(name: str, **overrides: Any) -> Ruleset:
    """A frozen copy of the preset ``name`` with the director's ``overrides`` applied.

    ``bonuses`` is a partial mapping, e.g. ``{"pulito": 250}``; the other kinds keep the preset's.
    """
    return _build(name, overrides, OVERRIDE_OPTIONS)


def _build(name: Any, options: Mapping[str, Any], allowed: frozenset[str]) -> Ruleset:
    preset = PRESETS.get(name) if isinstance(name, str) else None
    if preset is None:
        raise RuleViolation(
            "unknown_ruleset",
            f"There is no ruleset called {name!r}; choose one of {', '.join(RULESET_NAMES)}.",
            name=name if isinstance(name, str) else repr(name),
        )
    for option in options:
        if option not in allowed:
            raise RuleViolation(
                "unknown_rule_option",
                f"{option!r} is not a rule option that can be set.",
                option=option,
            )
    changes = dict(options)
    if "bonuses" in changes:
        changes["bonuses"] = _merge_bonuses(preset, changes["bonuses"])
    return replace(preset, **changes)


def _merge_bonuses(preset: Ruleset, new: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(new, Mapping):
        raise RuleViolation(
            "invalid_rule_option",
            "The rule option 'bonuses' must map burraco kinds to points.",
            option="bonuses",
            value=repr(new),
        )
    known = dict(preset.bonuses)
    for kind in new:
        if kind not in known:
            raise _kind_missing(preset.name, str(kind))
    return tuple((kind, new.get(kind, value)) for kind, value in known.items())
