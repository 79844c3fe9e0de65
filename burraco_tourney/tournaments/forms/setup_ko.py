"""The knock-out boxes of the tournament settings form: how a match is decided, and per round.

A KO match lasts a number of smazzate or goes to a target score (RULES.md section 8); any round
may have a length of its own (typically the final a punti 2005 after rounds a smazzate). Each
round has a row of two boxes: how its matches are decided ("as the other rounds", a smazzate, a
punti) and the number (of smazzate, or the target score). The rows are the rounds of the bracket
of the pairs registered so far, named ("Final"); before the pairs are known, the first
``UNKNOWN_ROUNDS`` rounds by number. What is stored is ``Tournament.ko_rounds``, checked by the
engine (``ko_round_lengths``). This module only reads.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.ko_length import ko_round_lengths
from burraco_tourney.rules.score_step import check_score

from ..formats import format_for_choice
from ..models import KoMode, Tournament
from ..selectors.ko_lengths import bracket_rounds, round_label

# Rounds offered before any pair is registered: a bracket of up to 64 pairs.
UNKNOWN_ROUNDS = 6
MAX_SMAZZATE = 20
MAX_TARGET = 100000


def mode_field(number: int) -> str:
    return f"ko_round_{number}_mode"


def length_field(number: int) -> str:
    return f"ko_round_{number}_length"


def round_numbers(tournament: Tournament | None) -> list[int]:
    """The rounds that get a row: the bracket's, or the first few; never fewer than stored."""
    count = bracket_rounds(tournament) if tournament is not None else None
    stored = [item.get("round") for item in (tournament.ko_rounds if tournament else None) or ()]
    stored = [n for n in stored if isinstance(n, int)]
    return list(range(1, max([count or UNKNOWN_ROUNDS, *stored]) + 1))


def add_round_fields(fields: dict[str, forms.Field], tournament: Tournament | None) -> list[int]:
    """Add the per-round boxes to a form's fields; returns the round numbers."""
    numbers = round_numbers(tournament)
    rounds = bracket_rounds(tournament) if tournament is not None else None
    for number in numbers:
        name = round_label(number, rounds)
        fields[mode_field(number)] = forms.ChoiceField(
            # Translators: the label of a KO round's match length: "Final: matches decided".
            label=_("%(round)s: matches decided") % {"round": name},
            choices=[("", _("as the other rounds")), *KoMode.choices],
            required=False,
        )
        fields[length_field(number)] = forms.IntegerField(
            label=_("%(round)s: smazzate or target score") % {"round": name},
            required=False,
            min_value=1,
            max_value=MAX_TARGET,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )
    return numbers


def round_field_names(numbers: list[int]) -> tuple[str, ...]:
    return tuple(name for n in numbers for name in (mode_field(n), length_field(n)))


def round_initial(tournament: Tournament) -> dict[str, Any]:
    """The per-round boxes of a stored tournament."""
    initial: dict[str, Any] = {}
    for item in tournament.ko_rounds or ():
        number = item.get("round")
        initial[mode_field(number)] = item.get("mode", "")
        initial[length_field(number)] = item.get("smazzate") or item.get("target")
    return initial


def clean_ko(form: forms.Form, data: dict[str, Any], numbers: list[int]) -> None:
    """Check the KO boxes and put ``ko_mode``, ``ko_smazzate``, ``ko_target`` and ``ko_rounds``
    in ``data``, each refusal next to its box. A pairs tournament has none of them."""
    if "ko_mode" in format_for_choice(data.get("kind")).ignored_setup_fields:
        data["ko_mode"], data["ko_smazzate"], data["ko_target"] = "", None, None
        data["ko_rounds"] = []
        return
    mode = data.get("ko_mode")
    if not mode:
        form.add_error("ko_mode", _("Choose how a KO match is decided."))
    elif mode == KoMode.SMAZZATE:
        data["ko_target"] = None
        if data.get("ko_smazzate") is None:
            form.add_error("ko_smazzate", _("How many smazzate does a KO match have?"))
    else:
        data["ko_smazzate"] = None
        if data.get("ko_target") is None:
            form.add_error("ko_target", _("Which score ends a KO match (e.g. 2005)?"))
    data["ko_rounds"] = _clean_rounds(form, data, numbers)


def _refusal(target: int) -> str:
    """The engine's refusal of a target score that is not a score ("" when it is one)."""
    try:
        check_score(target, code="ko_target_not_multiple_of_5")
    except RuleError as err:
        return rule_error_message(err)
    return ""


def _clean_rounds(form: forms.Form, data: dict[str, Any], numbers: list[int]) -> list[dict]:
    rounds: list[dict[str, Any]] = []
    for number in numbers:
        mode, value = data.get(mode_field(number)), data.get(length_field(number))
        where = length_field(number)
        if not mode:
            if value is not None:
                form.add_error(
                    mode_field(number),
                    _("Choose how this round's matches are decided, or empty the number."),
                )
            continue
        if value is None:
            form.add_error(
                where,
                _("How many smazzate?")
                if mode == KoMode.SMAZZATE
                else _("Which score ends the match (e.g. 2005)?"),
            )
        elif mode == KoMode.SMAZZATE and value > MAX_SMAZZATE:
            form.add_error(where, _("At most %(max)s smazzate in a match.") % {"max": MAX_SMAZZATE})
        elif mode == KoMode.PUNTI and (refusal := _refusal(value)):
            form.add_error(where, refusal)
        else:
            key = "smazzate" if mode == KoMode.SMAZZATE else "target"
            rounds.append({"round": number, "mode": mode, key: value})
    try:
        ko_round_lengths(rounds)  # the engine's own check of what is stored
    except RuleError as err:
        form.add_error(None, rule_error_message(err))
    return rounds
