"""The prize editor for a director who never read its syntax: the examples box, and the helper
that writes a common category's line into the list (not saved until the list is)."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import PrizeList
from burraco_tourney.tournaments.selectors.prizes import prize_list_of, prize_rules
from tests.factories import make_pairs, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(director):
    tournament = make_tournament(owner=director, planned_turni=1)
    make_pairs(tournament, 4)
    return tournament


def _add(client, tournament, categories="", **helper):
    data = {"round": "euro", "categories": categories, "add_category": "1"}
    data.update({f"add-{k}": v for k, v in helper.items()})
    return client.post(reverse("manage:prizes", args=[tournament.slug]), data)


def _textarea(response) -> str:
    return response.context["form"].initial["categories"]


def test_the_page_explains_the_lines_with_examples_in_italian(director_client, evening):
    page = director_client.get(reverse("manage:prizes", args=[evening.slug])).content.decode()
    assert 'id="prize-syntax"' in page and "Coppie miste | sesso=misto | 80,00; 5%; Coppa" in page
    assert "Come scrivere la riga di una categoria: esempi" in page
    assert "Aggiungi questa categoria" in page


def test_a_common_category_is_written_at_the_end_of_the_list_and_not_saved(english, evening):
    response = _add(
        english, evening, "Assoluta | | 100.00", common="mixed", places="80.00; 5%; Coppa"
    )
    assert response.status_code == 200
    assert _textarea(response) == "Assoluta | | 100.00\nMixed | sex=mixed | 80.00; 5%; Coppa"
    assert "Category added at the end of the list" in response.content.decode()
    assert not PrizeList.objects.exists()


@pytest.mark.parametrize(
    ("common", "value", "line"),
    [
        ("overall", "", "Overall |  | 100.00; Coppa"),
        ("women", "", "Women | sex=F | 100.00; Coppa"),
        ("men", "", "Men | sex=M | 100.00; Coppa"),
        ("over", "70", "Over 70 | over=70 | 100.00; Coppa"),
        ("club", "Circolo Aurora", "Circolo Aurora | club=Circolo_Aurora | 100.00; Coppa"),
        ("category", "terza", "terza | category=terza | 100.00; Coppa"),
        ("last", "", "Last place | last | 100.00; Coppa"),
        ("girone", "B", "Girone B | girone=B | 100.00; Coppa"),
    ],
)
def test_every_common_category_writes_a_line_the_list_saves(english, evening, common, value, line):
    response = _add(english, evening, common=common, value=value, places="100.00; Coppa")
    assert _textarea(response) == line
    saved = english.post(
        reverse("manage:prizes", args=[evening.slug]),
        {"round": "euro", "categories": line},
        follow=True,
    )
    assert "Prize list saved." in saved.content.decode()
    [category] = prize_rules(prize_list_of(type(evening).objects.get(pk=evening.pk))).categories
    assert category.places[1].object == "Coppa" and category.places[0].amount == 10000


def test_a_name_of_its_own(english, evening):
    response = _add(english, evening, common="women", name="Coppie femminili", places="50")
    assert _textarea(response) == "Coppie femminili | sex=F | 50.00"


@pytest.mark.parametrize(
    ("helper", "message"),
    [
        ({"common": "over", "value": "settanta", "places": "10"}, "Type the age in years, as 70."),
        ({"common": "girone", "places": "10"}, "This category needs it"),
        ({"common": "club", "value": "A|B", "places": "10"}, "“|” separates the parts"),
        ({"common": "overall", "places": "10;;5"}, "place 2 is empty"),
    ],
)
def test_a_helper_mistake_is_said_and_the_list_stays_as_it_was(english, evening, helper, message):
    response = _add(english, evening, "Assoluta | | 100.00", **helper)
    assert message in html.unescape(response.content.decode())
    assert _textarea(response) == "Assoluta | | 100.00"
    assert not PrizeList.objects.exists()
