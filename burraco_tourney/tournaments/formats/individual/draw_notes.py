"""The explanation of an individual draw in words: the individual movements' notes
(``rules.pairing.individual_draw.INDIVIDUAL_NOTE_CODES``) as translated sentences.

``draw_notes`` merges these into its own ``SENTENCES``, so an individual turno's notes are shown
by the same ``explain`` as a pairs movement's. It never writes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

WARNING_CODES = frozenset({"repeated_partners", "repeated_opponents"})


def _numbers(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _couples(couples: Iterable[Iterable[int]]) -> str:
    return ", ".join("-".join(str(n) for n in couple) for couple in couples)


def _rotation(p: Mapping[str, Any]) -> str:
    if p["method"] == "factorization":
        return _(
            "Partner rotation (seed %(seed)s): the players are split into lines by a round of a "
            "rotation no earlier turno used, so nobody partners a former partner."
        ) % {"seed": p["seed"]}
    return _(
        "Partner rotation (seed %(seed)s): no round of the rotation was still free, so the "
        "lines were chosen to repeat as few partners as possible."
    ) % {"seed": p["seed"]}


def _swap(p: Mapping[str, Any]) -> str:
    if p["reason"] == "partnered_before":
        return (
            _(
                "Player %(player)s (ranked %(rank)s) partners player %(partner)s instead of player "
                "%(instead_of)s: they have already played together."
            )
            % p
        )
    return (
        _(
            "Player %(player)s (ranked %(rank)s) partners player %(partner)s instead of player "
            "%(instead_of)s, so that the players further down need not repeat a partner."
        )
        % p
    )


def _partners(p: Mapping[str, Any]) -> str:
    if not p["count"]:
        return _("Nobody partners a former partner.")
    text = ngettext(
        "%(count)s line partners again: %(couples)s.",
        "%(count)s lines partner again: %(couples)s.",
        p["count"],
    ) % {"count": p["count"], "couples": _couples(p["couples"])}
    if "minimum" in p:
        text += " " + _("No seating of these players could have fewer than %(minimum)s.") % p
    return text


def _opponents(p: Mapping[str, Any]) -> str:
    if not p["count"]:
        return _("Nobody meets a former opponent.")
    return ngettext(
        "%(count)s couple of opponents meets again: %(couples)s.",
        "%(count)s couples of opponents meet again: %(couples)s.",
        p["count"],
    ) % {"count": p["count"], "couples": _couples(p["couples"])}


def _resting(p: Mapping[str, Any]) -> str:
    reasons = {
        "fewest_byes_highest_number": _("those who rested least, the highest numbers first"),
        "fewest_byes_lowest_ranked": _("those who rested least, the lowest ranked first"),
        "director": _("as the director typed"),
        "schedule": _("as the schedule says"),
    }
    return ngettext(
        "Player %(players)s rests (%(reason)s).",
        "Players %(players)s rest (%(reason)s).",
        len(p["players"]),
    ) % {"players": _numbers(p["players"]), "reason": reasons.get(p["reason"], p["reason"])}


SENTENCES = {
    "individual_schedule": lambda p: (
        _(
            "The published schedule for 8 players, turno %(turno)s of %(turni)s: in 7 turni "
            "everybody partners everybody else once."
        )
        % p
    ),
    "individual_rotation": _rotation,
    "individual_ranking": lambda p: _(
        "Danese individuale: the players are ranked by the standings and seated four by "
        "four, the 1st with the 4th against the 2nd with the 3rd."
    ),
    "partner_swap": _swap,
    "repeated_partners": _partners,
    "repeated_opponents": _opponents,
    "players_resting": _resting,
    "individual_manual": lambda p: _("Seating typed by the director."),
}
