"""The explanation of a draw in words: each stored note (engine code + parameters) as a sentence.

``Turno.draw_notes`` holds the pairing engine's ``DrawNote``s (``rules.pairing.NOTE_CODES``) and
the draw manager's own (``draw_manager.MANAGER_NOTE_CODES``) as JSON. This module is the one place
that turns them into translated sentences, in the language of the request, together with the
words of the Mitchell steps offered by the draw form (``step_choices``). It never writes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_tourney.rules.pairing import MitchellOption

from .formats.individual.draw_notes import SENTENCES as INDIVIDUAL_SENTENCES
from .formats.individual.draw_notes import WARNING_CODES as INDIVIDUAL_WARNINGS
from .formats.teams.draw_notes import SENTENCES as TEAM_SENTENCES
from .formats.teams.draw_notes import WARNING_CODES as TEAM_WARNINGS

# Notes that call for the director's attention.
WARNING_CODES = frozenset(
    {"rematch_unavoidable", "mitchell_repeat", "mitchell_rematches", "rematch", "bye_again"}
)


@dataclass(frozen=True)
class Explanation:
    code: str
    text: str
    warning: bool


def _pairs(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def mode_label(mode: str) -> str:
    labels = {
        "puro": _("puro: 1 v 2, 3 v 4, … even if two pairs met before"),
        "modificato": _(
            "modificato: no rematch with the previous turno's opponent, except in the last turno"
        ),
        "no_rematch": _("no rematch at all while one can be avoided"),
    }
    return labels.get(mode, mode)


def _ranking(p: Mapping[str, Any]) -> str:
    text = _(
        "Danese, %(mode)s. The pairs are ranked by the standings and paired 1 v 2, 3 v 4, …"
    ) % {"mode": mode_label(p.get("mode", ""))}
    if p.get("last_turno"):
        text += " " + _("This is the last turno.")
    return text


def _swap(p: Mapping[str, Any]) -> str:
    sentences = {
        "met_previous_turno": _(
            "Pair %(pair)s (ranked %(rank)s) meets pair %(opponent)s instead of pair "
            "%(instead_of)s: they met in the previous turno."
        ),
        "met_before": _(
            "Pair %(pair)s (ranked %(rank)s) meets pair %(opponent)s instead of pair "
            "%(instead_of)s: they met in an earlier turno."
        ),
        "opponent_taken": _(
            "Pair %(pair)s (ranked %(rank)s) meets pair %(opponent)s instead of pair "
            "%(instead_of)s, who is already seated at a higher table."
        ),
        "keeps_draw_possible": _(
            "Pair %(pair)s (ranked %(rank)s) meets pair %(opponent)s instead of pair "
            "%(instead_of)s: otherwise pairs further down would have to meet again."
        ),
    }
    return sentences.get(p.get("reason"), sentences["met_before"]) % p


def _rematch_unavoidable(p: Mapping[str, Any]) -> str:
    if p.get("reason") == "met_previous_turno":
        text = _("Pair %(pair)s meets pair %(opponent)s again, as in the previous turno.")
    else:
        text = _("Pair %(pair)s meets pair %(opponent)s again: they met in an earlier turno.")
    return text % p + " " + _("No draw avoids it: this one has as few rematches as possible.")


def _rematch_allowed(p: Mapping[str, Any]) -> str:
    if p.get("reason") == "last_turno":
        text = _(
            "Pair %(pair)s meets pair %(opponent)s again, as in the previous turno: "
            "allowed in the last turno."
        )
    else:
        text = _("Pair %(pair)s meets pair %(opponent)s again: Danese puro allows it.")
    return text % p


def _bye(p: Mapping[str, Any]) -> str:
    sentences = {
        "phantom_opponent": _(
            "Pair %(pair)s rests (riposo): at table %(table)s it would have had no opponent."
        ),
        "fewest_byes": _(
            "Pair %(pair)s rests instead of pair %(instead_of)s, who has rested more often."
        ),
        "lowest_ranked": _(
            "Pair %(pair)s rests: the lowest-ranked pair among those that have rested least."
        ),
        "avoids_rematch": _(
            "Pair %(pair)s rests instead of pair %(instead_of)s, so that nobody has to meet again."
        ),
        "calendar": _("Pair %(pair)s rests, as the calendar says."),
        "director": _("Pair %(pair)s rests, as the director chose."),
    }
    text = sentences.get(p.get("reason"), _("Pair %(pair)s rests.")) % p
    before = p.get("byes_before")
    if before:
        text += " " + ngettext(
            "It has rested %(count)s time before.", "It has rested %(count)s times before.", before
        ) % {"count": before}
    return text


def _mitchell(p: Mapping[str, Any]) -> str:
    text = (
        ngettext(
            "Mitchell, round %(turno)s of the movement: NS pairs stay, EO pairs move %(step)s "
            "table each turno.",
            "Mitchell, round %(turno)s of the movement: NS pairs stay, EO pairs move %(step)s "
            "tables each turno.",
            p["step"],
        )
        % p
    )
    if p.get("phantom"):
        # The movement counts the missing table too: the pair sent there rests.
        text += " " + _(
            "The movement runs on %(tables)s tables, one of them missing: the pair sent there "
            "rests."
        ) % {"tables": p["tables"]}
    free = p["rematch_free_turni"]
    return (
        text
        + " "
        + ngettext(
            "With this step %(count)s turno is played without a rematch.",
            "With this step %(count)s turni are played without a rematch.",
            free,
        )
        % {"count": free}
    )


SENTENCES = {
    "ranking": _ranking,
    "swap_avoid_rematch": _swap,
    "rematch_unavoidable": _rematch_unavoidable,
    "rematch_allowed": _rematch_allowed,
    "bye": _bye,
    "bye_moved": lambda p: (
        _(
            "Pair %(pair)s moves from table %(from_table)s to table %(table)s to play pair "
            "%(opponent)s."
        )
        % p
    ),
    "mitchell": _mitchell,
    "mitchell_repeat": lambda p: (
        _(
            "Round %(turno)s of the movement goes beyond the %(rematch_free_turni)s turni "
            "without a rematch: pairs meet again."
        )
        % p
    ),
    "mitchell_rematches": lambda p: (
        ngettext(
            "%(rematches)s of the %(tables)s tables repeats a meeting already played in this "
            "tournament.",
            "%(rematches)s of the %(tables)s tables repeat a meeting already played in this "
            "tournament.",
            p["rematches"],
        )
        % p
    ),
    "italiana": lambda p: _("All'italiana: round %(turno)s of the %(turni)s of the calendar.") % p,
    "manual": lambda p: (
        ngettext(
            "Seated by hand: %(tables)s table.", "Seated by hand: %(tables)s tables.", p["tables"]
        )
        % p
    ),
    "rematch": lambda p: (
        _("Pair %(pair)s and pair %(opponent)s already met in turno %(turni)s.")
        % {**p, "turni": _pairs(p["turni"])}
    ),
    "pair_joins": lambda p: (
        ngettext(
            "Pair %(pairs)s joins in this turno.",
            "Pairs %(pairs)s join in this turno.",
            len(p["pairs"]),
        )
        % {"pairs": _pairs(p["pairs"])}
    ),
    "bye_again": lambda p: (
        _(
            "Pair %(pair)s rests again (it has rested %(byes_before)s times) while other "
            "pairs have rested %(fewest)s times."
        )
        % p
    ),
}


SENTENCES.update(INDIVIDUAL_SENTENCES)
SENTENCES.update(TEAM_SENTENCES)
WARNING_CODES = WARNING_CODES | INDIVIDUAL_WARNINGS | TEAM_WARNINGS


def note_sentence(note: Mapping[str, Any]) -> str:
    """One stored note as a sentence; an unknown code (a newer engine) is shown as it is."""
    code = note.get("code", "")
    params = note.get("params", {})
    render = SENTENCES.get(code)
    if render is None:
        return f"{code} {params}"
    try:
        return render(params)
    except (KeyError, TypeError, ValueError):
        return f"{code} {params}"


def explain(notes: Iterable[Mapping[str, Any]]) -> list[Explanation]:
    """Every note of a draw as an Explanation, in the order the engine gave them."""
    return [
        Explanation(
            code=n.get("code", ""), text=note_sentence(n), warning=n.get("code") in WARNING_CODES
        )
        for n in notes
    ]


@dataclass(frozen=True)
class StepChoice:
    """A Mitchell step as the draw form offers it: the option's label and a sentence about it."""

    step: int
    label: str
    outlook: str


def step_choices(options: Iterable[MitchellOption]) -> list[StepChoice]:
    """The steps weighed by the engine, in words: rematches in this turno, else the turni without
    a rematch from this turno on; the best step is marked."""
    choices = []
    for option in options:
        if option.rematches:
            count = option.rematches
            label = ngettext(
                "%(step)s (%(count)s table meets again in this turno)",
                "%(step)s (%(count)s tables meet again in this turno)",
                count,
            )
            outlook = ngettext(
                "With this step %(count)s table of this turno repeats a meeting already played.",
                "With this step %(count)s tables of this turno repeat a meeting already played.",
                count,
            )
        else:
            count = option.rematch_free_turni
            label = ngettext(
                "%(step)s (%(count)s turno without a rematch)",
                "%(step)s (%(count)s turni without a rematch)",
                count,
            )
            outlook = _("Turni without a rematch with this step: %(count)s.")
        label %= {"step": option.step, "count": count}
        outlook %= {"count": count}
        if option.best:
            label = _("%(choice)s, recommended") % {"choice": label}
            outlook += " " + _("Recommended: no other step avoids rematches better.")
        choices.append(StepChoice(option.step, label, outlook))
    return choices
