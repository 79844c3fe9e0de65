"""A kind's words, handed out whole by its format (``tournament.fmt.words``): the labels and
messages that name its entrants, its points and its steps, on the pages, in the services'
refusals and in the forms. Whole sentences, never a noun pasted into one (Italian changes the
article and the agreement). Pages print them; nothing decides on them.

The pairs' words are here (a knock-out's differ only in its points); a player's in
``individual/words.py``. The words of the director's entrants pages are the entrants'
(``fmt.entrants.words``, ``entrant_words.py``).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy


class KindWords:
    """A pairs tournament's words; a kind's own subclass overrides what differs."""

    # The entrants in the menus and on the overview and dashboard ("Pairs", "pairs").
    entrants_label = _("Pairs")
    entrants_noun = _("pairs")
    # The standings' columns of the entrant's number and names (projector, numbers draw).
    entrant_column = _("Pair")
    entrant_names_column = _("Players")
    # The entrants' services' refusals (``services.entrants``): a number already taken
    # (``%(number)s``, ``%(pair)s``/``%(player)s``), deleting an entrant already part of a
    # turno, drawing the numbers after a turno or with fewer than two.
    number_taken_message = _("Number %(number)s is already taken by pair %(pair)s.")
    played_refusal = _(
        "Pair %(pair)s is already part of a turno and cannot be deleted: withdraw it instead."
    )
    numbers_draw_too_late = _("The pair numbers can be drawn only before the first turno is drawn.")
    numbers_draw_too_few = _("Register at least two pairs before drawing their numbers.")
    # A line's table points on the results pages ("MP", or "Points" in a KO), the lower-case
    # word beside the live totals, and a result entered as totals only on the public turno page.
    points_label = pgettext_lazy("match points", "MP")
    points_word = pgettext_lazy("match points", "MP")
    totals_only_label = _("Turno totals only")
    # The dashboard's sentences about registering the entrants and a riposo worth nothing, and
    # the message after a tournament of this kind is created.
    register_prompt = _("Register the pairs: at least two are needed to draw a turno.")
    register_action = _("Register pairs")
    register_step = _("Register the pairs")
    created_message = _("Tournament created. Next: register the pairs.")
    # After the riposo's house default on the settings page: what differs for this kind.
    riposo_note = ""
    # The prize fund's fee box: the fund counts one fee per entrant (``rules.prizes``).
    entry_fee_label = _("Entry fee per pair (euro)")
    bye_value_warning = _(
        "The number of pairs is odd, so a pair rests every turno, and the custom VP table has "
        "no default riposo value."
    )
    # The settings form's question on the VP of a forfeit's absent side, the forfeit form's
    # question and its sentence on what a forfeit gives (``%(vp)s``, ``%(mp)s``, ``%(rest)s``).
    forfeit_loser_label = _("Forfeit: the absent pair's VP")
    # The settings' choices that name what a kind's entrants share: the forfeit's usual answer
    # (the rest of what a table, or a team match, is worth) and the head-to-head tie-break.
    forfeit_complement_label = _("The rest of the table's VP (6 when the winner gets 14 of 20)")
    head_to_head_label = _("Head-to-head (two tied pairs that met)")
    forfeit_absent_label = _("Which pair was absent?")
    forfeit_help = _(
        "Forfeit: the present pair wins the turno with %(vp)s VP and +%(mp)s MP of scarto; the "
        "absent pair gets %(rest)s VP and −%(mp)s MP of scarto. The MP of the table stay 0 – 0."
    )

    # The prize list's warning about a person whose sex, birth year or category a category
    # needs and the registry does not know (``%(number)s``, ``%(fact)s``, ``%(name)s``).
    prize_missing_fact = _("Pair %(number)s: a person has no %(fact)s, which “%(name)s” needs.")
    # The same for several entrants of one category at once (``%(numbers)s``: "1, 4, 7").
    prize_missing_facts = _("Pairs %(numbers)s: a person has no %(fact)s, which “%(name)s” needs.")

    def entrants_count(self, count: int) -> str:
        """ "3 pairs", with the plural right (ngettext)."""
        return ngettext("%(count)s pair", "%(count)s pairs", count) % {"count": count}

    def entrants_registered(self, count: int) -> str:
        """The dashboard's sentence about the registered entrants."""
        return ngettext(
            "%(count)s pair registered. Draw the first turno when everyone is there.",
            "%(count)s pairs registered. Draw the first turno when everyone is there.",
            count,
        ) % {"count": count}

    def line_title(self, line) -> str:
        """Who sits in a line of a table (``ns_line``/``eo_line``: a pair, or a ``SeatedLine``),
        as a button or a heading names it: the players' phone page, the room board."""
        return pgettext("a line of a table", "pair %(number)s") % {"number": line.number}


class KoWords(KindWords):
    """A knock-out's points: a match's, not MP over a turno."""

    points_label = pgettext_lazy("a KO match's points", "Points")
    points_word = pgettext_lazy("a KO match's points", "points")
    totals_only_label = _("Match totals only")


PAIRS_KIND_WORDS = KindWords()
KO_KIND_WORDS = KoWords()
