"""The arbitro's meld checker: the verdict on a typed meld, its reasons, the tournament's rules."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from burraco_tourney.rules.rulesets import get_ruleset
from tests.factories import make_director, make_tournament

pytestmark = pytest.mark.django_db


def check(client, cards: str, ruleset: str | None = None, tournament=None):
    args = [tournament.slug] if tournament else []
    query = {"cards": cards, **({"ruleset": ruleset} if ruleset else {})}
    response = client.get(reverse("manage:meld_checker", args=args) + "?" + urlencode(query))
    assert response.status_code == 200
    return response


def facts(response) -> dict[str, str]:
    verdict = response.context["verdict"]
    return {str(label): text for label, text in verdict.facts}


@pytest.mark.parametrize(
    ("cards", "kind", "points", "burraco", "matta"),
    [
        (
            "3C 4C 5C JK",
            "Sequence (scala) of ♥ from 2 to 5, 4 cards",
            "45",
            "No: 4 cards",
            "JK stands for 2♥. It is at one end",
        ),
        (
            "AC 2C 3C 2P 5C",
            "Sequence (scala) of ♥ from A to 5, 5 cards",
            "65",
            "No:",
            "2♠ stands for 4♥. The 2 of ♥ is in its natural place",
        ),
        (
            "jk 8c 8♦",
            "Combination of 8, 3 cards",
            "50",
            "No:",
            "JK is the matta: it takes the rank 8.",
        ),
        (
            "5P 6P 7P 8P 9P 10P JP",
            "Sequence (scala) of ♠ from 5 to J, 7 cards",
            "55",
            "burraco pulito: +200",
            "None.",
        ),
        (
            "5P 6P 7P 8P 9P 10P JP 2C",
            "Sequence (scala) of ♠ from 4 to J, 8 cards",
            "75",
            "burraco semipulito: +150",
            "2♥ stands for 4♠. It is at one end",
        ),
        (
            "5P 6P 7P 9P 10P JP QP 2C",
            "Sequence (scala) of ♠ from 5 to Q, 8 cards",
            "75",
            "burraco sporco: +100",
            "2♥ stands for 8♠. It fills a gap",
        ),
        (
            "3C 4C 2C",
            "Sequence (scala) of ♥ from 2 to 4, 3 cards",
            "30",
            "No:",
            "None: the 2 of ♥ is in its natural place",
        ),
    ],
)
def test_a_legal_meld_is_explained(english, cards, kind, points, burraco, matta):
    response = check(english, cards)
    verdict = response.context["verdict"]
    assert verdict.legal
    shown = facts(response)
    assert shown["Kind"] == kind
    assert shown["Card points"] == points
    assert shown["Burraco"].startswith(burraco)
    assert shown["Matta"].startswith(matta)
    html = response.content.decode()
    assert "Legal meld" in html and kind in html


@pytest.mark.parametrize(
    ("cards", "ruleset", "reason"),
    [
        ("KC AC 2C 3C", "classic", "K-A-2 is not a sequence"),
        ("7Q 7Q 7F 2C JK", "classic", "only one matta"),
        ("3C 4P 5C", "classic", "of one suit"),
        ("3C 4C 6C", "classic", "consecutive"),
        ("2C 2Q JK", "classic", "matte alone"),
        ("8C 8Q", "classic", "at least 3 cards"),
        ("JK 8C 8Q", "reale", "plays without the jolly"),
        ("8C 8Q 8F", "reale", "no combinations"),
    ],
)
def test_an_illegal_meld_says_why(english, cards, ruleset, reason):
    response = check(english, cards, ruleset)
    verdict = response.context["verdict"]
    assert not verdict.legal
    assert reason in verdict.reason
    html = response.content.decode()
    assert "Not a legal meld" in html and reason in html
    # The cards are still drawn, as typed.
    assert len(verdict.faces) == len(cards.split())


def test_a_card_that_is_not_a_card_is_shown_next_to_the_field(english):
    response = check(english, "3C XX 5C")
    assert response.context["verdict"] is None
    assert "“XX” is not a card" in " ".join(response.context["form"].errors["cards"])


def test_empty_input_is_refused(english):
    response = check(english, "  ")
    assert response.context["verdict"] is None
    assert "cards" in response.context["form"].errors


def test_the_page_without_cards_shows_the_form_and_the_notation(english):
    response = english.get(reverse("manage:meld_checker"))
    html = response.content.decode()
    assert response.context["verdict"] is None
    assert 'name="cards"' in html and 'name="ruleset"' in html
    assert "How to write the cards" in html and "JK" in html


def test_cards_are_drawn_with_suit_symbols_and_colours(english):
    response = check(english, "AC 2C 3C 2P 5C")
    faces = response.context["verdict"].faces
    assert [face.label for face in faces] == ["A♥", "2♥", "3♥", "2♠", "5♥"]
    assert [face.red for face in faces] == [True, True, True, False, True]
    assert [face.matta for face in faces] == [False, False, False, True, False]
    html = response.content.decode()
    assert 'class="playing-card red"' in html and "playing-card matta" in html


def test_the_tournament_rules_are_used(english, director):
    reale = make_tournament(owner=director, ruleset="reale")
    response = check(english, "JK 8C 8Q", tournament=reale)
    assert not response.context["verdict"].legal
    assert "ruleset" not in response.context["form"].fields
    # The ruleset parameter cannot override the tournament's rules.
    response = check(english, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "classic", reale)
    assert facts(response)["Burraco"] == "burraco nobile: +500"
    assert response.context["section"] == "meld_checker"


def test_a_tournament_without_semipulito_counts_it_as_sporco(english, director):
    rules = get_ruleset("classic", semipulito=False).to_dict()
    tournament = make_tournament(owner=director, rules=rules)
    response = check(english, "5P 6P 7P 8P 9P 10P JP 2C", tournament=tournament)
    assert facts(response)["Burraco"] == "burraco sporco: +100"
    assert "Semipulito is off" in response.content.decode()


def test_same_meld_in_another_ruleset(english):
    meld = "5P 6P 7P 8P 9P 10P JP 2C"
    assert facts(check(english, meld, "classic"))["Card points"] == "75"
    assert facts(check(english, meld, "reale"))["Card points"] == "65"  # pinella 10 in reale
    assert facts(check(english, meld, "reale"))["Burraco"] == "burraco sporco: +100"


def test_access(client, director):
    tournament = make_tournament(owner=director)
    general = reverse("manage:meld_checker")
    inside = reverse("manage:meld_checker", args=[tournament.slug])
    assert client.get(general).status_code == 302  # to the login page
    assert client.get(inside).status_code == 302
    client.force_login(make_director("altro"))
    assert client.get(general).status_code == 200
    assert client.get(inside).status_code == 404


def test_a_reale_tournament_shows_examples_it_can_play(english, director):
    """No jolly in burraco reale: its examples, its placeholder and its notation have none, and
    the page says the pinella is worth 10. Every example link gives a verdict, not a typing
    error."""
    reale = make_tournament(owner=director, ruleset="reale")
    page = english.get(reverse("manage:meld_checker", args=[reale.slug]))
    html = page.content.decode()
    notation = html.split('class="card notation"')[1]
    assert "JK" not in notation and 'placeholder="3C 4C 5C 2P"' in html
    assert "This ruleset has no jolly: the only matta is a pinella (a 2), worth 10 points." in html
    for example in (*page.context["examples"], *page.context["laid_examples"]):
        assert "JK" not in example
        response = check(english, example, tournament=reale)
        assert response.context["verdict"] is not None, example
    classic = english.get(reverse("manage:meld_checker")).content.decode()
    assert "<code>3C 4C 5C JK</code>" in classic and "has no jolly" not in classic
