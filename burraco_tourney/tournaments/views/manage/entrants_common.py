"""What every entrants page shares (``pairs.py``, ``pairs_import.py``): the kind's words, the
page's address and context, and the question a late pair brings with it (how its missed turni
count), asked beside a form adding one pair or a whole list.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

from burraco_tourney.rules.errors import RuleError

from ...formats.entrant_words import EntrantWords
from ...forms.pairs import LatePairForm
from ...models import Tournament
from ...results_bridge import tournament_bye_value
from ...services.late_pairs import MissedChoice, late_join_turno


def words_of(tournament: Tournament) -> EntrantWords:
    """The kind's names of an entrant and the sentences naming it."""
    return tournament.fmt.entrants.words


def entrants_url(tournament: Tournament) -> str:
    """The kind's entrants page: ``coppie/`` or ``giocatori/``."""
    return tournament.pages.entrants


def page_context(tournament: Tournament, **more) -> dict:
    """What every entrants page has: the tournament, its menu section, the kind's words."""
    words = words_of(tournament)
    return {
        "tournament": tournament,
        "section": "pairs",
        "words": words,
        "entrants_url": entrants_url(tournament),
        **more,
    }


def late_form_for(tournament: Tournament, data=None) -> LatePairForm | None:
    """The question a pair added after a published turno brings; None before any."""
    joined = late_join_turno(tournament=tournament)
    if joined is None:
        return None
    try:
        bye = tournament_bye_value(tournament)
    except RuleError:
        bye = None
    return LatePairForm(data, joined_turno=joined, bye=bye)


def late_choice(late_form: LatePairForm | None) -> MissedChoice | None:
    return late_form.choice() if late_form is not None else None


def add_errors(err: ValidationError, form, late_form: LatePairForm | None) -> None:
    """A service's refusal next to its box, in whichever of the two forms has it."""
    if not hasattr(err, "error_dict"):
        form.add_error(None, err)
        return
    for field, errors in err.error_dict.items():
        target = late_form if late_form is not None and field in late_form.fields else form
        target.add_error(field if field in target.fields else None, errors)


def late_context(tournament: Tournament, late_form: LatePairForm | None) -> dict:
    draft = tournament.turni.filter(published=False).order_by("-number").first()
    return {"late_form": late_form, "draft_turno": draft}
