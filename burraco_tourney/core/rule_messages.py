"""Translated sentences for the rules engine's refusals and for the notes of a draw.

The engine (``burraco_tourney.rules``) never imports Django: it raises a ``RuleError`` with a
stable ``code``, plain ``params`` and an English fallback ``message``, and a draw explains its
choices with ``DrawNote(code, params)``. This module is the one place that turns those codes into
sentences in the active language. Every sentence uses only the params that the engine's raise
sites really pass (``rule_sentences``); when one raise site passes fewer params than another,
``VARIANTS`` holds the shorter sentences, tried in order after ``MESSAGES``.

Param values are shown the way a director reads them: lines as NS / EO, VP bands and smazzate
counted from 1 (the engine counts them from 0), lists joined with commas. Nothing here raises:
an unknown code or a missing param falls back to the engine's English sentence.

This module never writes anything and never touches the database.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from burraco_tourney.rules.errors import RuleError

from .rule_sentences import MESSAGES, VARIANTS
from .scores import score_text

# Translators: the line of a table. Italian uses the same abbreviations, NS and EO.
LINE_LABELS: dict[str, Any] = {
    "ns": pgettext_lazy("line", "NS"),
    "eo": pgettext_lazy("line", "EO"),
}

# The same words as the choices of the smazzata form, so the director recognises them.
END_LABELS: dict[str, Any] = {
    "chiusura": _("Chiusura"),
    "tallone": _("Stock run out"),
    "tempo": _("Time out"),
    "arbitrale": _("Stopped by the director"),
}

RULESET_LABELS: dict[str, Any] = {
    "classic": _("Classic (FIBUR)"),
    "reale": _("Burraco reale"),
    "internazionale": _("Internazionale"),
}

MODE_LABELS: dict[str, Any] = {
    "puro": pgettext_lazy("danese mode", "puro"),
    "modificato": pgettext_lazy("danese mode", "modificato"),
    "no_rematch": pgettext_lazy("danese mode", "no rematches"),
}

# What a scorecard box is called, for sentences that name the box (fields of one line).
FIELD_LABELS: dict[str, Any] = {
    "cards": _("card points"),
    "chiusura": _("closed"),
    "pozzetto": _("took the pozzetto"),
    **{kind: f"burraco {kind}" for kind in ("pulito", "semipulito", "sporco", "nobile", "reale")},
}

# Translators: suits named in refusals; Italian uses the suits' own names (cuori, quadri, …).
SUIT_LABELS: dict[str, Any] = {
    "C": _("hearts"),
    "Q": _("diamonds"),
    "F": _("clubs"),
    "P": _("spades"),
}

# Which labels each param goes through (a list param has each item labelled).
_LABELLED_PARAMS: dict[str, Mapping[str, Any]] = {
    "line": LINE_LABELS,
    "closer": LINE_LABELS,
    "last_move": LINE_LABELS,
    "end": END_LABELS,
    "ruleset": RULESET_LABELS,
    "mode": MODE_LABELS,
    "modes": MODE_LABELS,
    "field": FIELD_LABELS,
    "suits": SUIT_LABELS,
}
# Positions the engine counts from 0 (as in an archive path such as vp_table[2]).
_ZERO_BASED_PARAMS: frozenset[str] = frozenset({"band", "smazzata"})


# Scores written side by side ("3000 – (−200)"): a negative one reads in brackets.
_SCORE_PARAMS: frozenset[str] = frozenset({"ns_mp", "eo_mp"})

_LEFTOVER = re.compile(r"%\(\w+\)")


def _shown(name: str, value: Any) -> Any:
    """One param value as a director reads it."""
    labels = _LABELLED_PARAMS.get(name)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = value if isinstance(value, (list, tuple)) else sorted(value, key=str)
        return ", ".join(str(_label(labels, item)) for item in items)
    if name in _ZERO_BASED_PARAMS and isinstance(value, int) and not isinstance(value, bool):
        return value + 1
    if name in _SCORE_PARAMS:
        return score_text(value)
    return _label(labels, value)


def _label(labels: Mapping[str, Any] | None, value: Any) -> Any:
    return labels.get(value, value) if labels is not None and isinstance(value, str) else value


def _fill(templates: tuple[Any, ...], params: Mapping[str, Any]) -> str | None:
    """The first template every placeholder of which has a value; None if there is none."""
    # A None param means "not applicable" (e.g. line=None for a fault of the whole smazzata).
    shown = {name: _shown(name, value) for name, value in params.items() if value is not None}
    for template in templates:
        try:
            text = str(template % shown)
        except (KeyError, TypeError, ValueError):
            continue
        if not _LEFTOVER.search(text):
            return text
    return None


def rule_error_message(error: RuleError) -> str:
    """The translated sentence for an engine refusal; the engine's English one as a fallback."""
    code = getattr(error, "code", None)
    params = getattr(error, "params", None) or {}
    known = isinstance(code, str) and code in MESSAGES
    templates = (MESSAGES[code], *VARIANTS.get(code, ())) if known else ()
    return _fill(templates, params) or str(getattr(error, "message", error))


def rule_error_field(error: RuleError) -> str | None:
    """The form field an error belongs to: ``ns_cards`` from line and field, ``end``, or None."""
    params = getattr(error, "params", None) or {}
    field, line = params.get("field"), params.get("line")
    if not isinstance(field, str) or not field:
        return None
    return f"{line}_{field}" if isinstance(line, str) and line else field
