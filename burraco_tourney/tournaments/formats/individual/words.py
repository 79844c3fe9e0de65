"""A player's words: on the director's entrants pages (``formats.entrant_words``) and the
individual kind's own (``formats.kind_words``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy

from ..entrant_words import EntrantWords
from ..kind_words import KindWords

PLAYER_WORDS = EntrantWords(
    name_fields=(("name", _("Player")),),
    entrant_label=_("Player"),
    add_title=_("Add a player"),
    add_button=_("Add the player"),
    added=_("%(player)s added."),
    saved=_("%(player)s saved."),
    edit_title=_("Player %(number)s"),
    edit_label=_("Edit player %(number)s"),
    back=_("Back to the players"),
    empty=_("No player has been registered yet."),
    paste_title=_("Paste a list of players"),
    paste_label=_("One player per line"),
    paste_help=_(
        "For example: “Rossi Anna; Circolo Aurora”. Surname first, as on the scorecards and in "
        "the registry; the club after “;” is optional."
    ),
    paste_placeholder="Rossi Anna; Circolo Aurora\n7. Verdi Carla",
    paste_empty=_("The list is empty."),
    paste_too_many=_("At most %(max)s players at a time."),
    import_title=_("Import players from a file"),
    file_help=_(
        "First sheet; columns named Numero, Nome, Circolo (or Number, Name, Club), or with "
        "no header row: name, club. At most 2 MB."
    ),
    draw_title=_("Draw of the player numbers"),
    not_drawn=_(
        "The player numbers have not been drawn: they are in the order the players were registered."
    ),
    numbers_drawn=_("The player numbers have been drawn."),
    draw_how=_(
        "Every player gets a new number from 1 up, in an order drawn at random. The draw is "
        "made from a seed, a short text that is recorded with the result: the same seed always "
        "gives the same order, so anyone can repeat the draw and check that it was fair."
    ),
    draw_order=_(
        "The players are taken in the order of their current numbers and shuffled with "
        "Python's random number generator seeded with the seed, <code>%(code)s</code>; the "
        "player in position 1 gets number 1, the one in position 2 gets number 2, and so on."
    ),
    withdrawn_note=_(
        "This player is withdrawn and left out of the next draws. The results so far stay."
    ),
    withdraw_note=_("A withdrawn player is left out of the next draws; the results so far stay."),
    played_note=_("This player is already part of a turno and cannot be deleted."),
    delete_refused=_(
        "This player is already part of a turno and cannot be deleted: withdraw instead."
    ),
    withdraw_effect=_(
        "The player is left out of the turni drawn from now on. The turni already played keep "
        "their results."
    ),
    reinstate_effect=_("The player takes part again in the turni drawn from now on."),
    delete_effect=_("The player is removed from the tournament. This cannot be undone."),
    status_titles={
        "withdraw": _("Withdraw %(player)s"),
        "reinstate": _("Reinstate %(player)s"),
        "delete": _("Delete %(player)s"),
    },
    status_buttons={
        "withdraw": _("Withdraw the player"),
        "reinstate": _("Reinstate the player"),
        "delete": _("Delete the player"),
    },
    status_done={
        "withdraw": _("%(player)s withdrawn."),
        "reinstate": _("%(player)s reinstated."),
        "delete": _("%(player)s deleted."),
    },
    penalty_intro=_(
        "A penalty takes VP and/or MP away from one player in one turno; it gives nothing to "
        "the opponents, nor to the partner."
    ),
    penalty_mp_help=_(
        "Negative numbers take points away: −1 VP, −100 MP. The MP count in the scarto and in "
        "the MP of the player."
    ),
    penalty_given=_("Penalty given to %(player)s."),
    penalty_deleted=_("The penalty of %(player)s in turno %(turno)s was deleted."),
    penalty_delete_label=_("Delete the penalty of %(player)s in turno %(turno)s"),
    draw_code="random.Random(seed).shuffle(players)",
    imported=ngettext_lazy("%(count)s player added.", "%(count)s players added.", "count"),
    save_rows=ngettext_lazy("Save %(count)s player", "Save %(count)s players", "count"),
    will_add=ngettext_lazy(
        "%(count)s player will be added. Numbers in grey are given automatically.",
        "%(count)s players will be added. Numbers in grey are given automatically.",
        "count",
    ),
    draw_count=ngettext_lazy(
        "The %(count)s player gets a new number.",
        "All %(count)s players get a new number.",
        "count",
    ),
)


class IndividualWords(KindWords):
    """Players register singly; a line is two of them."""

    entrants_label = _("Players")
    entrants_noun = _("players")
    entrant_column = _("No.")
    entrant_names_column = _("Player")
    prize_missing_fact = _("Player %(number)s has no %(fact)s, which “%(name)s” needs.")
    prize_missing_facts = _("Players %(numbers)s have no %(fact)s, which “%(name)s” needs.")
    entry_fee_label = _("Entry fee per player (euro)")
    number_taken_message = _("Number %(number)s is already taken by %(player)s.")
    played_refusal = _(
        "%(player)s is already part of a turno and cannot be deleted: withdraw instead."
    )
    numbers_draw_too_late = _(
        "The player numbers can be drawn only before the first turno is drawn."
    )
    numbers_draw_too_few = _("Register at least two players before drawing their numbers.")
    register_prompt = _("Register the players: at least four are needed to draw a turno.")
    register_action = _("Register players")
    register_step = _("Register the players")
    created_message = _("Tournament created. Next: register the players.")
    bye_value_warning = _(
        "The number of players is not a multiple of four, so someone rests every turno, and the "
        "custom VP table has no default riposo value."
    )
    forfeit_loser_label = _("Forfeit: the VP of each player of the absent line")
    forfeit_absent_label = _("Which line was absent?")
    forfeit_help = _(
        "Forfeit: each player of the present line wins the turno with %(vp)s VP and +%(mp)s MP "
        "of scarto; each player of the absent line gets %(rest)s VP and −%(mp)s MP of scarto. "
        "The MP of the table stay 0 – 0."
    )

    def entrants_count(self, count: int) -> str:
        return ngettext("%(count)s player", "%(count)s players", count) % {"count": count}

    def entrants_registered(self, count: int) -> str:
        return ngettext(
            "%(count)s player registered. Draw the first turno when everyone is there.",
            "%(count)s players registered. Draw the first turno when everyone is there.",
            count,
        ) % {"count": count}

    def line_title(self, line) -> str:
        # The two players of the line, by name: their line changes every turno.
        return line.players


INDIVIDUAL_KIND_WORDS = IndividualWords()
