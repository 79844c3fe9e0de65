"""The meld checker as laid (issue 9, cases 5 and 6): the arrangement on the table is judged,
and the best reading is shown beside it when the two differ."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def check(client, cards: str, **options):
    query = {"cards": cards, **options}
    response = client.get(reverse("manage:meld_checker") + "?" + urlencode(query))
    assert response.status_code == 200
    return response


def facts(verdict) -> dict[str, str]:
    return {str(label): text for label, text in verdict.facts}


def test_the_2_laid_after_the_8_is_sporco_and_the_best_reading_pulito(english):
    response = check(english, "3C 4C 5C 6C 7C 8C 2C", as_laid="on")
    verdict = response.context["verdict"]
    assert verdict.legal and verdict.as_laid
    assert facts(verdict)["Burraco"] == "burraco sporco: +100"
    assert facts(verdict)["Matta"].startswith("2♥ stands for 9♥.")
    assert facts(verdict.best)["Burraco"] == "burraco pulito: +200"
    assert facts(verdict.best)["Matta"].startswith("None: the 2 of ♥ is in its natural place")
    html = response.content.decode()
    assert "As laid:" in html and "Best reading for the line:" in html
    assert html.index("burraco sporco: +100") < html.index("burraco pulito: +200")


def test_the_card_the_matta_stands_for_chooses_the_reading(english):
    response = check(english, "3C 4C 5C 6C 7C 8C 2C", matta_as="9c")
    verdict = response.context["verdict"]
    assert facts(verdict)["Burraco"] == "burraco sporco: +100"
    assert facts(verdict.best)["Burraco"] == "burraco pulito: +200"
    # Any order was allowed: the heading names the stand-in, not the order.
    html = response.content.decode()
    assert "With the matta as 9C:" in html and "As laid:" not in html


def test_when_the_arrangement_is_the_best_nothing_is_shown_beside_it(english):
    response = check(english, "2C 3C 4C 5C 6C 7C 8C", as_laid="on")
    verdict = response.context["verdict"]
    assert facts(verdict)["Burraco"] == "burraco pulito: +200"
    assert verdict.best is None
    assert "Best reading for the line:" not in response.content.decode()


@pytest.mark.parametrize(
    ("cards", "as_laid", "burraco"),
    [
        # Issue 9, case 5: the matta in a gap, seven natural cards on one side.
        ("3C 4C 5C 6C 7C 8C 9C 2F JC", "", "burraco semipulito: +150"),
        ("3C JK 5C 6C 7C 8C 9C 10C JC", "on", "burraco semipulito: +150"),
        ("3C 4C 5C 6C JK 8C 9C 10C JC", "on", "burraco sporco: +100"),
    ],
)
def test_semipulito_wherever_the_matta_sits(english, cards, as_laid, burraco):
    verdict = check(english, cards, as_laid=as_laid).context["verdict"]
    assert facts(verdict)["Burraco"] == burraco


def test_an_arrangement_that_is_not_legal_says_why_and_shows_the_best(english):
    response = check(english, "3C 5C 4C 6C", as_laid="on")
    verdict = response.context["verdict"]
    assert not verdict.legal
    assert verdict.reason == (
        "As laid, the cards are not in sequence order: 5C cannot come next to 3C."
    )
    assert facts(verdict.best)["Kind"] == "Sequence (scala) of ♥ from 3 to 6, 4 cards"
    html = response.content.decode()
    assert "Not a legal meld" in html and "Best reading for the line:" in html


def test_a_matta_that_cannot_stand_for_the_card_given_is_refused(english):
    verdict = check(english, "3C 4C 5C 6C 7C 8C 2C", as_laid="on", matta_as="10C").context[
        "verdict"
    ]
    assert verdict.reason == "As laid, 2C stands for 9C, not 10C."


def test_a_bad_stand_in_is_shown_next_to_its_box(english):
    response = check(english, "3C 4C 5C JK", matta_as="XY")
    assert response.context["verdict"] is None
    errors = response.context["form"].errors
    assert list(errors) == ["matta_as"]
    assert "“XY” is not a card a matta can stand for" in errors["matta_as"][0]


def test_the_page_speaks_italian(director_client, director):
    tournament = make_tournament(owner=director)
    url = reverse("manage:meld_checker", args=[tournament.slug])
    query = urlencode({"cards": "3C 4C 5C 6C 7C 8C 2C", "as_laid": "on"})
    html = director_client.get(f"{url}?{query}").content.decode()
    assert "Così come è calato:" in html and "Lettura migliore per la linea:" in html
    assert "ordine in cui sono sul tavolo" in html and "La matta sostituisce" in html
    refused = director_client.get(f"{url}?{urlencode({'cards': '5C 6C 7Q'})}")
    assert "dello stesso seme (qui cuori, quadri)" in refused.content.decode()
