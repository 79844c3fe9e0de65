"""Director pages: the arbitro's meld checker (verifica gioco).

The director types the cards of a disputed meld and sees, through the engine's
``evaluate_meld``, whether it is legal and why not, how it was read (sequence or combination,
what the matta stands for), its card points and its burraco. A dispute is often about how the
meld lies: with "in the order they lie" and/or the card the matta stands for, the verdict is
the engine's ``evaluate_laid_meld`` on that arrangement, and the best reading is shown beside
it when the two differ. With a tournament the tournament's
rules are used; without one the director picks a preset. A GET form, so a verdict can be
bookmarked. Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules import cards as cards_module
from burraco_tourney.rules.cards import Card, parse_cards
from burraco_tourney.rules.errors import InvalidMeld
from burraco_tourney.rules.melds import MIN_BURRACO, Meld, evaluate_meld
from burraco_tourney.rules.melds_as_laid import evaluate_laid_meld
from burraco_tourney.rules.rulesets import Ruleset, get_ruleset

from ...access import director_view
from ...forms.tools import MeldCheckForm
from ...models import RulesetName, Tournament
from ...results_bridge import tournament_ruleset

SUIT_SYMBOLS = {"C": "♥", "Q": "♦", "F": "♣", "P": "♠"}
RED_SUITS = frozenset({"C", "Q"})
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}

# Errors about the typing itself belong next to the field; the others are the verdict.
INPUT_CODES = frozenset(cards_module.CODES) - {"jolly_not_in_ruleset"}

EXAMPLES = (
    "3C 4C 5C JK",
    "AC 2C 3C 2P 5C",
    "JK 8C 8Q",
    "5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠",
    "KC AC 2C 3C",
    "7Q 7Q 7F 2C JK",
    "3C 4C 5C 6C 7C 8C 9C 2F JC",
)
# Arrangements as laid: the 2 after the 8 is a matta for the 9, so sporco, not pulito.
LAID_EXAMPLES = ("3C 4C 5C 6C 7C 8C 2C", "3C JK 5C 6C 7C 8C 9C 10C JC")
# A ruleset without jolly (burraco reale): the only matta is a pinella, and only sequences.
NO_JOLLY_EXAMPLES = (
    "3C 4C 5C 2P",
    "AC 2C 3C 2P 5C",
    "5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠",
    "KC AC 2C 3C",
    "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
    "3C 4C 5C 6C 7C 8C 9C 2F JC",
)
NO_JOLLY_LAID_EXAMPLES = ("3C 4C 5C 6C 7C 8C 2C", "3C 2F 5C 6C 7C 8C 9C 10C JC")

BURRACO_LABELS: dict[str, Any] = {
    "pulito": gettext_lazy("burraco pulito"),
    "semipulito": gettext_lazy("burraco semipulito"),
    "sporco": gettext_lazy("burraco sporco"),
    "nobile": gettext_lazy("burraco nobile"),
    "reale": gettext_lazy("burraco reale"),
}


@dataclass(frozen=True)
class CardFace:
    """A card as drawn on the page: rank, suit symbol, colour, and the matta's meaning."""

    rank: str
    suit: str
    red: bool
    jolly: bool
    matta: bool = False
    stands_for: str = ""

    @property
    def label(self) -> str:
        return "JK" if self.jolly else f"{self.rank}{self.suit}"


def card_text(card: Card) -> str:
    """A card with its suit symbol: ``10♦``, ``A♥``, ``JK``."""
    if card.is_jolly:
        return "JK"
    assert card.rank is not None and card.suit is not None
    return f"{RANK_TEXT.get(card.rank, str(card.rank))}{SUIT_SYMBOLS[card.suit]}"


def card_face(card: Card, *, matta: bool = False, stands_for: str = "") -> CardFace:
    if card.is_jolly:
        return CardFace(
            rank="JK", suit="", red=False, jolly=True, matta=matta, stands_for=stands_for
        )
    assert card.rank is not None and card.suit is not None
    return CardFace(
        rank=RANK_TEXT.get(card.rank, str(card.rank)),
        suit=SUIT_SYMBOLS[card.suit],
        red=card.suit in RED_SUITS,
        jolly=False,
        matta=matta,
        stands_for=stands_for,
    )


def _matta_index(meld: Meld) -> int | None:
    """Where the matta sits in ``meld.cards`` (None without a matta)."""
    if meld.matta is None:
        return None
    if meld.kind == "sequence":
        if meld.matta_position is None or meld.low is None:
            return None
        return meld.matta_position - meld.low
    return len(meld.cards) - 1  # a combination lists its natural cards first


def meld_faces(meld: Meld) -> list[CardFace]:
    index = _matta_index(meld)
    stands_for = _matta_meaning(meld)
    return [
        card_face(card, matta=i == index, stands_for=stands_for if i == index else "")
        for i, card in enumerate(meld.cards)
    ]


def _matta_meaning(meld: Meld) -> str:
    if meld.matta is None:
        return ""
    if meld.matta_as is not None:
        return card_text(meld.matta_as)
    if meld.rank is not None:
        return RANK_TEXT.get(meld.rank, str(meld.rank))
    return ""


def meld_facts(meld: Meld) -> list[tuple[str, str]]:
    """The verdict of a legal meld as (label, sentence) lines."""
    facts: list[tuple[str, str]] = []
    if meld.kind == "sequence":
        assert meld.suit is not None and meld.low is not None and meld.high is not None
        facts.append(
            (
                _("Kind"),
                _("Sequence (scala) of %(suit)s from %(low)s to %(high)s, %(size)s cards")
                % {
                    "suit": SUIT_SYMBOLS[meld.suit],
                    "low": RANK_TEXT.get(meld.low, str(meld.low)),
                    "high": RANK_TEXT.get(meld.high, str(meld.high)),
                    "size": meld.size,
                },
            )
        )
    else:
        assert meld.rank is not None
        facts.append(
            (
                _("Kind"),
                _("Combination of %(rank)s, %(size)s cards")
                % {"rank": RANK_TEXT.get(meld.rank, str(meld.rank)), "size": meld.size},
            )
        )
    facts.append((_("Card points"), str(meld.points)))
    if meld.burraco:
        facts.append(
            (
                _("Burraco"),
                _("%(kind)s: +%(bonus)s")
                % {"kind": BURRACO_LABELS.get(meld.burraco, meld.burraco), "bonus": meld.bonus},
            )
        )
    else:
        facts.append(
            (
                _("Burraco"),
                _("No: %(size)s cards, a burraco needs %(needed)s.")
                % {"size": meld.size, "needed": MIN_BURRACO},
            )
        )
    facts.append((_("Matta"), _matta_sentence(meld)))
    return facts


def _matta_sentence(meld: Meld) -> str:
    if meld.matta is None:
        if meld.natural_pinella:
            return _("None: the 2 of %(suit)s is in its natural place, so it is not a matta.") % {
                "suit": SUIT_SYMBOLS[meld.suit or "C"]
            }
        return _("None.")
    matta = card_text(meld.matta)
    if meld.kind == "combination":
        return _("%(matta)s is the matta: it takes the rank %(rank)s.") % {
            "matta": matta,
            "rank": _matta_meaning(meld),
        }
    words = _("%(matta)s stands for %(card)s.") % {"matta": matta, "card": _matta_meaning(meld)}
    if meld.natural_pinella:
        words += " " + _("The 2 of %(suit)s is in its natural place: it is not a matta.") % {
            "suit": SUIT_SYMBOLS[meld.suit or "C"]
        }
    if meld.matta_at_end:
        words += " " + _(
            "It is at one end, so when the sequence is extended it may move to the other end."
        )
    else:
        words += " " + _("It fills a gap: only the card it stands for may replace it.")
    return words


@dataclass(frozen=True)
class Verdict:
    """What the page shows: legal or not, the cards, the facts or the reason.

    ``as_laid`` says the verdict is on the order given, ``matta_as`` on the matta standing for
    that card; ``best`` is then the best reading of the same cards when it differs from the
    verdict (None when they agree).
    """

    legal: bool
    faces: list[CardFace]
    facts: list[tuple[str, str]]
    reason: str = ""
    as_laid: bool = False
    matta_as: str = ""
    best: Verdict | None = None


def _typed_faces(cards: Iterable[Card]) -> list[CardFace]:
    return [card_face(card) for card in cards]


def check_meld(
    text: str, ruleset: Ruleset, *, as_laid: bool = False, matta_as: str = ""
) -> Verdict:
    """The engine's verdict on a meld, ready to show. Raises ``InvalidMeld`` for bad typing.

    With ``as_laid`` or ``matta_as`` the verdict is on that arrangement, and carries the best
    reading beside it when the two differ.
    """
    typed = parse_cards(text)  # bad_card and empty_meld go back to the field
    try:
        meld = evaluate_meld(typed, ruleset)
    except InvalidMeld as error:
        if error.code in INPUT_CODES:
            raise
        return Verdict(
            legal=False, faces=_typed_faces(typed), facts=[], reason=rule_error_message(error)
        )
    best = Verdict(legal=True, faces=meld_faces(meld), facts=meld_facts(meld))
    if not as_laid and not matta_as:
        return best
    try:
        laid = evaluate_laid_meld(typed, ruleset, in_order=as_laid, matta_as=matta_as or None)
    except InvalidMeld as error:
        reason = rule_error_message(error)
        return Verdict(False, _typed_faces(typed), [], reason, as_laid, matta_as, best)
    shown = Verdict(True, meld_faces(laid), meld_facts(laid), as_laid=as_laid, matta_as=matta_as)
    return shown if laid == meld else replace(shown, best=best)


def _meld_page(request: HttpRequest, tournament: Tournament | None) -> HttpResponse:
    bound = "cards" in request.GET
    form = MeldCheckForm(request.GET if bound else None, with_ruleset=tournament is None)
    verdict = None
    if tournament is not None:
        ruleset = tournament_ruleset(tournament)
    else:
        chosen = form.cleaned_data.get("ruleset") if bound and form.is_valid() else None
        ruleset = get_ruleset(chosen or "classic")
    if bound and form.is_valid():
        data = form.cleaned_data
        try:
            verdict = check_meld(
                data["cards"], ruleset, as_laid=data["as_laid"], matta_as=data["matta_as"]
            )
        except InvalidMeld as error:
            form.add_error("cards", rule_error_message(error))
    examples = EXAMPLES if ruleset.has_jolly else NO_JOLLY_EXAMPLES
    form.fields["cards"].widget.attrs["placeholder"] = examples[0]
    return render(
        request,
        "manage/meld_checker.html",
        {
            "tournament": tournament,
            "section": "meld_checker",
            "base_template": "manage/base.html" if tournament else "base.html",
            "form": form,
            "verdict": verdict,
            "ruleset_label": dict(RulesetName.choices).get(ruleset.name, ruleset.name),
            # A tournament may switch semipulito off: such a burraco then counts as sporco.
            "semipulito_off": ruleset.semipulito_as_sporco,
            "examples": examples,
            "laid_examples": LAID_EXAMPLES if ruleset.has_jolly else NO_JOLLY_LAID_EXAMPLES,
            "has_jolly": ruleset.has_jolly,
            "pinella_value": ruleset.pinella_value,
            "suits": [
                (letter, SUIT_SYMBOLS[letter], letter in RED_SUITS) for letter in cards_module.SUITS
            ],
        },
    )


@login_required
def meld_checker(request: HttpRequest) -> HttpResponse:
    return _meld_page(request, None)


@director_view
def meld_checker_tournament(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _meld_page(request, tournament)


urlpatterns = [
    path("gestione/verifica-gioco/", meld_checker, name="meld_checker"),
    path("t/<slug:slug>/gestione/verifica-gioco/", meld_checker_tournament, name="meld_checker"),
]
