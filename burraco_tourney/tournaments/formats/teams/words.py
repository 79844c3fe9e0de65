"""A team's words on the director's entrants pages (``formats.entrant_words``): a team has a
name of its own and a roster of 4 to 8 people, typed below it (each box picks a person from the
registry)."""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from ..entrant_words import EntrantWords

# A team's roster: 4 to 8 players (the ones past the line-ups' four are reserves).
ROSTER_MIN = 4
ROSTER_MAX = 8


def _player_label(position: int) -> str:
    return gettext("Player %(number)s") % {"number": position}


_roster_label = lazy(_player_label, str)

TEAM_WORDS = EntrantWords(
    name_fields=(("name", _("Team")),),
    roster_fields=tuple((f"roster_{i}", _roster_label(i)) for i in range(1, ROSTER_MAX + 1)),
    roster_min=ROSTER_MIN,
    entrant_label=_("Team"),
    add_title=_("Add a team"),
    add_button=_("Add the team"),
    added=_("Team %(player)s added."),
    saved=_("Team %(player)s saved."),
    edit_title=_("Team %(number)s"),
    edit_label=_("Edit team %(number)s"),
    back=_("Back to the teams"),
    empty=_("No team has been registered yet."),
    paste_title=_("Paste a list of teams"),
    paste_label=_("One team per line"),
    paste_help=_(
        "For example: “Aurora Uno: Rossi Anna, Bianchi Bruno, Verdi Carla, Neri Dario; "
        "Circolo Aurora”. The team's name before “:”, its 4 to 8 players separated by commas, "
        "each surname first, the club after “;” (optional). A person plays for one team only."
    ),
    paste_placeholder=(
        "Aurora Uno: Rossi Anna, Bianchi Bruno, Verdi Carla, Neri Dario; Circolo Aurora"
    ),
    paste_empty=_("The list is empty."),
    paste_too_many=_("At most %(max)s teams at a time."),
    import_title=_("Import teams from a file"),
    file_help=_(
        "A row per player: the team's name, the player's name and, optionally, the club "
        "(columns “Squadra”, “Giocatore”, “Circolo”, or in this order without a header row). "
        "The rows with the same team's name make one team of 4 to 8 players."
    ),
    draw_title=_("Draw of the team numbers"),
    not_drawn=_(
        "The team numbers have not been drawn: they are in the order the teams were registered."
    ),
    numbers_drawn=_("The team numbers have been drawn."),
    draw_how=_(
        "Every team gets a new number from 1 up, in an order drawn at random. The draw is "
        "made from a seed, a short text that is recorded with the result: the same seed always "
        "gives the same order, so anyone can repeat the draw and check that it was fair."
    ),
    draw_order=_(
        "The teams are taken in the order of their current numbers and shuffled with "
        "Python's random number generator seeded with the seed, <code>%(code)s</code>; the "
        "team in position 1 gets number 1, the one in position 2 gets number 2, and so on."
    ),
    withdrawn_note=_(
        "This team is withdrawn and left out of the next draws. The results so far stay."
    ),
    withdraw_note=_("A withdrawn team is left out of the next draws; the results so far stay."),
    played_note=_("This team is already part of a turno and cannot be deleted."),
    delete_refused=_(
        "This team is already part of a turno and cannot be deleted: withdraw it instead."
    ),
    withdraw_effect=_(
        "The team is left out of the turni drawn from now on. The turni already played keep "
        "their results."
    ),
    reinstate_effect=_("The team takes part again in the turni drawn from now on."),
    delete_effect=_("The team is removed from the tournament. This cannot be undone."),
    status_titles={
        "withdraw": _("Withdraw team %(player)s"),
        "reinstate": _("Reinstate team %(player)s"),
        "delete": _("Delete team %(player)s"),
    },
    status_buttons={
        "withdraw": _("Withdraw the team"),
        "reinstate": _("Reinstate the team"),
        "delete": _("Delete the team"),
    },
    status_done={
        "withdraw": _("Team %(player)s withdrawn."),
        "reinstate": _("Team %(player)s reinstated."),
        "delete": _("Team %(player)s deleted."),
    },
    penalty_intro=_(
        "A penalty takes VP and/or MP away from one team in one turno; it gives nothing to the "
        "opponents."
    ),
    penalty_mp_help=_(
        "Negative numbers take points away: −1 VP, −100 MP. The MP count in the scarto and in "
        "the MP of the team."
    ),
    penalty_given=_("Penalty given to team %(player)s."),
    penalty_deleted=_("The penalty of team %(player)s in turno %(turno)s was deleted."),
    penalty_delete_label=_("Delete the penalty of team %(player)s in turno %(turno)s"),
    draw_code="random.Random(seed).shuffle(teams)",
    imported=ngettext_lazy("%(count)s team added.", "%(count)s teams added.", "count"),
    save_rows=ngettext_lazy("Save %(count)s team", "Save %(count)s teams", "count"),
    will_add=ngettext_lazy(
        "%(count)s team will be added. Numbers in grey are given automatically.",
        "%(count)s teams will be added. Numbers in grey are given automatically.",
        "count",
    ),
    draw_count=ngettext_lazy(
        "The %(count)s team gets a new number.",
        "All %(count)s teams get a new number.",
        "count",
    ),
)
