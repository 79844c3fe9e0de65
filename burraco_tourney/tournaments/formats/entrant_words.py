"""The words of the director's entrants pages, handed out by a kind (``fmt.entrants.words``).

One set of pages registers every kind's entrants (``views/manage/pairs.py`` and its two
siblings); what they call an entrant — a pair, a player — and the names it has are the kind's.
Whole sentences, never a noun pasted into one: Italian changes the article and the agreement
("la coppia è ritirata", "il giocatore è ritirato"). The pairs' words are here, a player's in
``individual/words.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy


@dataclass(frozen=True)
class EntrantWords:
    """Every sentence of the entrants pages that names the entrant. Messages take the entrant
    as ``%(pair)s`` or ``%(player)s`` (both are given; each kind's sentence uses its own)."""

    # The form fields of the entrant's names, in the order of ``fmt.entrants.names``.
    name_fields: tuple[tuple[str, Any], ...]
    entrant_label: Any  # the penalty form's box, the penalty's page
    add_title: Any
    add_button: Any
    added: Any
    saved: Any
    edit_title: Any  # %(number)s
    edit_label: Any  # %(number)s
    back: Any
    empty: Any
    paste_title: Any
    paste_label: Any
    paste_help: Any
    paste_placeholder: str
    paste_empty: Any
    paste_too_many: Any
    import_title: Any
    file_help: Any
    draw_title: Any
    not_drawn: Any
    numbers_drawn: Any
    draw_how: Any
    draw_order: Any  # %(code)s: the Python line, shown as code
    withdrawn_note: Any
    withdraw_note: Any
    played_note: Any
    delete_refused: Any
    withdraw_effect: Any
    reinstate_effect: Any
    delete_effect: Any
    status_titles: dict[str, Any]  # withdraw / reinstate / delete: %(pair)s, %(player)s
    status_buttons: dict[str, Any]
    status_done: dict[str, Any]
    penalty_intro: Any
    penalty_mp_help: Any
    penalty_given: Any  # %(pair)s (the number), %(player)s (the entrant), %(turno)s
    penalty_deleted: Any
    penalty_delete_label: Any
    draw_code: str  # the Python line the draw runs, shown in ``draw_order``
    # Plurals (``ngettext_lazy`` keyed by "count"): ``words.imported % {"count": 3}``.
    imported: Any
    save_rows: Any
    will_add: Any
    draw_count: Any
    # A team's roster, typed on the add form below its name: a box per player (each picks a
    # person from the registry), the first ``roster_min`` required. Empty for pairs and players,
    # whose names are the entrant's own (``name_fields``).
    roster_fields: tuple[tuple[str, Any], ...] = ()
    roster_min: int = 0

    def draw_order_html(self) -> str:
        # The translation is the project's own; only the fixed line of code goes into it.
        return mark_safe(str(self.draw_order) % {"code": self.draw_code})  # noqa: S308


def about(entrant: Any, **more: Any) -> dict[str, Any]:
    """The parameters of a message about ``entrant``, for either kind's sentence (``more``
    adds or replaces some: the penalties' messages name a pair by its number alone)."""
    return {"pair": entrant, "player": entrant, "number": entrant.number, **more}


PAIR_WORDS = EntrantWords(
    name_fields=(("player1", _("First player")), ("player2", _("Second player"))),
    entrant_label=_("Pair"),
    add_title=_("Add a pair"),
    add_button=_("Add the pair"),
    added=_("Pair %(pair)s added."),
    saved=_("Pair %(pair)s saved."),
    edit_title=_("Pair %(number)s"),
    edit_label=_("Edit pair %(number)s"),
    back=_("Back to the pairs"),
    empty=_("No pairs registered yet: add them below."),
    paste_title=_("Paste a list of pairs"),
    paste_label=_("One pair a line"),
    paste_help=_(
        "Write each player surname first (“Rossi Anna”), as on the scorecards and in the "
        "registry. Separate the two players with “ - ”, “/” or a tab; put the club after “;” "
        "or a tab. A number at the start of the line (“7.”) is kept; otherwise the next free "
        "number is given."
    ),
    paste_placeholder="Rossi Anna - Bianchi Bruno; Circolo Aurora\n7. Verdi Carla / Russo Dario",
    paste_empty=_("No pairs found: write one pair a line."),
    paste_too_many=_("At most %(max)s pairs at a time."),
    import_title=_("Import pairs from a file"),
    file_help=_(
        "First sheet; columns named Numero, Giocatore 1, Giocatore 2, Circolo (or Number, "
        "Player 1, Player 2, Club), or with no header row: player, player, club. At most "
        "2 MB."
    ),
    draw_title=_("Draw of the pair numbers"),
    not_drawn=_(
        "The pair numbers have not been drawn: they are in the order the pairs were registered."
    ),
    numbers_drawn=_("The pair numbers have been drawn."),
    draw_how=_(
        "Every pair gets a new number from 1 up, in an order drawn at random. The draw is made "
        "from a seed, a short text that is recorded with the result: the same seed always gives "
        "the same order, so anyone can repeat the draw and check that it was fair."
    ),
    draw_order=_(
        "The pairs are taken in the order of their current numbers and shuffled with Python's "
        "random number generator seeded with the seed, <code>%(code)s</code>; the pair in "
        "position 1 gets number 1, the one in position 2 gets number 2, and so on."
    ),
    withdrawn_note=_(
        "This pair is withdrawn: it is left out of the next draws. Its results so far stay."
    ),
    withdraw_note=_("A withdrawn pair is left out of the next draws; its results so far stay."),
    played_note=_("This pair is already part of a turno, so it cannot be deleted."),
    delete_refused=_(
        "This pair is already part of a turno and cannot be deleted: withdraw it instead."
    ),
    withdraw_effect=_(
        "The pair is left out of the turni drawn from now on. The turni it already played keep "
        "their results."
    ),
    reinstate_effect=_("The pair takes part again in the turni drawn from now on."),
    delete_effect=_("The pair is removed from the tournament. This cannot be undone."),
    status_titles={
        "withdraw": _("Withdraw pair %(pair)s"),
        "reinstate": _("Reinstate pair %(pair)s"),
        "delete": _("Delete pair %(pair)s"),
    },
    status_buttons={
        "withdraw": _("Withdraw the pair"),
        "reinstate": _("Reinstate the pair"),
        "delete": _("Delete the pair"),
    },
    status_done={
        "withdraw": _("Pair %(pair)s withdrawn."),
        "reinstate": _("Pair %(pair)s reinstated."),
        "delete": _("Pair %(pair)s deleted."),
    },
    penalty_intro=_(
        "A penalty takes VP and/or MP away from one pair in one turno; it never gives anything "
        "to the opponent."
    ),
    penalty_mp_help=_(
        "Negative numbers take points away: −1 VP, −100 MP. The MP count in the scarto and in "
        "the MP of the pair."
    ),
    penalty_given=_("Penalty given to pair %(pair)s in turno %(turno)s."),
    penalty_deleted=_("The penalty of pair %(pair)s in turno %(turno)s was deleted."),
    penalty_delete_label=_("Delete the penalty of pair %(pair)s in turno %(turno)s"),
    draw_code="random.Random(seed).shuffle(pairs)",
    imported=ngettext_lazy("%(count)s pair added.", "%(count)s pairs added.", "count"),
    save_rows=ngettext_lazy("Save %(count)s pair", "Save %(count)s pairs", "count"),
    will_add=ngettext_lazy(
        "%(count)s pair will be added. Numbers in grey are given automatically.",
        "%(count)s pairs will be added. Numbers in grey are given automatically.",
        "count",
    ),
    draw_count=ngettext_lazy(
        "The %(count)s pair gets a new number.", "All %(count)s pairs get a new number.", "count"
    ),
)
