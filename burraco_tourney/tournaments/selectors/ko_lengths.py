"""The rounds of a KO tournament as people name them, and how long their matches are.

A KO tournament has one match length and may give some rounds their own (``Tournament.ko_rounds``,
read by ``results_bridge.tournament_ko_length``): typically the final a punti after rounds a
smazzate. Every page and printout that names a match length reads it here, so the settings, the
bracket, the scorecards and the tournament's summary never disagree. Reads only.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.ko import round_count
from burraco_tourney.rules.ko_length import KoLength, ko_round_lengths

from ..models import Tournament
from ..results_bridge import tournament_ko_length

# No round is numbered 0: its length is always the tournament's own.
WHOLE_TOURNAMENT = 0


def tournament_default_length(tournament: Tournament) -> KoLength:
    """The length of a match in a round that has none of its own."""
    return tournament_ko_length(tournament, WHOLE_TOURNAMENT)


def bracket_rounds(tournament: Tournament) -> int | None:
    """How many rounds the bracket of the tournament's pairs has; None below two pairs."""
    try:
        return round_count(tournament.entrants.filter(withdrawn=False).count())
    except RuleError:
        return None


def round_name(slots: int) -> str:
    """The name of a round by its number of matches: final, semifinals, quarter-finals..."""
    if slots == 1:
        return _("Final")
    if slots == 2:
        return _("Semifinals")
    if slots == 4:
        return _("Quarter-finals")
    # Each round that has a name of its own gets it: in Italian these are "ottavi di finale",
    # "sedicesimi", ..., never "a round of 16 pairs".
    if slots == 8:
        # Translators: the KO round of 16 pairs, "ottavi di finale".
        return _("Round of 16")
    if slots == 16:
        # Translators: the KO round of 32 pairs, "sedicesimi di finale".
        return _("Round of 32")
    if slots == 32:
        # Translators: the KO round of 64 pairs, "trentaduesimi di finale".
        return _("Round of 64")
    # Translators: a KO round by the number of pairs in it, for brackets of 128 pairs or more.
    return _("Round of %(pairs)s") % {"pairs": 2 * slots}


def round_label(number: int, rounds: int | None) -> str:
    """A round as people call it: "Final", "Semifinals"; "Round 4" when the bracket's size is
    not known or the round lies beyond it."""
    if rounds is not None and 1 <= number <= rounds:
        return round_name(2 ** (rounds - number))
    return _("Round %(number)s") % {"number": number}


def length_text(length: KoLength) -> str:
    """ "Matches of 4 smazzate", "Matches to 2005 points"."""
    if length.mode == "punti":
        return _("Matches to %(target)s points") % {"target": length.target}
    return ngettext(
        "Matches of %(counter)s smazzata", "Matches of %(counter)s smazzate", length.smazzate
    ) % {"counter": length.smazzate}


def round_length_text(length: KoLength) -> str:
    """A round's own length after its name: "to 2005 points", "3 smazzate"."""
    if length.mode == "punti":
        return _("to %(target)s points") % {"target": length.target}
    return ngettext("%(counter)s smazzata", "%(counter)s smazzate", length.smazzate) % {
        "counter": length.smazzate
    }


@dataclass(frozen=True)
class RoundLength:
    number: int
    name: str
    length: KoLength

    @property
    def text(self) -> str:
        # Translators: a KO round with a match length of its own: "Final: to 2005 points".
        return _("%(round)s: %(length)s") % {
            "round": self.name,
            "length": round_length_text(self.length),
        }


def rounds_with_own_length(tournament: Tournament) -> list[RoundLength]:
    """The rounds whose matches differ from the tournament's, in round order."""
    # Asked only for a knock-out (its match lengths' fragment, ``formats/scoring.py``).
    if not tournament.ko_rounds:
        return []
    default = tournament_default_length(tournament)
    rounds = bracket_rounds(tournament)
    own = ko_round_lengths(tournament.ko_rounds)
    return [
        RoundLength(number, round_label(number, rounds), length)
        for number, length in sorted(own.items())
        if length != default
    ]


def ko_lengths_summary(tournament: Tournament) -> list[str]:
    """The match lengths in a few words each: the tournament's, then each round's own."""
    texts = [length_text(tournament_default_length(tournament))]
    return texts + [r.text for r in rounds_with_own_length(tournament)]
