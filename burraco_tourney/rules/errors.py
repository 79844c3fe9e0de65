"""Errors the rules engine raises for input a director can fix.

Every error carries a stable ``code`` and its parameters. The engine gives an English sentence
as a fallback; the web layer turns the code into a translated sentence in one place
(``burraco_tourney/core/rule_messages.py``). Bugs stay plain exceptions.

This module must never import Django or any app.
"""

from __future__ import annotations

from typing import Any


class RuleError(ValueError):
    """Base of every refusal the engine gives: a code, parameters and a readable message."""

    def __init__(self, code: str, message: str | None = None, **params: Any) -> None:
        self.code = code
        self.params = params
        self.message = message or code.replace("_", " ")
        super().__init__(self.message)

    @property
    def line(self) -> str | None:
        """The line ("ns" or "eo") the error concerns, when it concerns one."""
        return self.params.get("line")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.params!r})"


class InvalidMeld(RuleError):
    """A card or a meld that the rules do not allow."""


class RuleViolation(RuleError):
    """A score, a smazzata, a VP table or a setting that breaks the rules."""
