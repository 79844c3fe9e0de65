"""A custom VP table with no riposo value (issue 9, case 10).

Once a Mitchell with an odd field was drawn and published, the public standings answered HTTP
500 for everyone ("Pair 3 rests in turno 1: set the value of a bye"). Now the settings form asks
for the riposo value whenever the table is custom, a draw that makes a pair rest is refused until
it is set, and the standings page says what is missing instead of failing.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import Turno
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import ko_tournament
from tests.tournaments.test_setup_create import CREATE, form_data
from tests.tournaments.test_setup_edit import edit_url, posted
from tests.tournaments.turni_support import draw, form_errors

pytestmark = pytest.mark.django_db

BANDS = [{"max": 100, "vp": [10, 10]}, {"max": 500, "vp": [12, 8]}, {"max": None, "vp": [20, 0]}]
BANDS_TEXT = "100 10 10\n500 12 8\n- 20 0"


@pytest.fixture
def odd(director):
    """Five pairs and a custom VP table whose riposo value was left blank (an older tournament,
    or one whose table was typed before the form asked for it)."""
    tournament = make_tournament(owner=director, vp_table=BANDS)
    make_pairs(tournament, 5)
    return tournament


def test_the_public_standings_say_what_is_missing_instead_of_failing(client, odd):
    make_turno(odd, 1, [(1, 2), (3, 4)], byes=[5], totals=[(900, 700), (800, 800)])
    response = client.get(reverse("tournaments:standings", args=[odd.slug]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "La classifica non si può ancora calcolare." in page
    assert "La coppia 5 riposa nel turno 1" in page
    assert "Il direttore di torneo deve completare le impostazioni." in page
    assert reverse("manage:tournament_edit", args=[odd.slug]) not in page


def test_the_director_is_shown_where_to_set_the_riposo_value(director_client, odd):
    make_turno(odd, 1, [(1, 2), (3, 4)], byes=[5], totals=[(900, 700), (800, 800)])
    page = director_client.get(reverse("tournaments:standings", args=[odd.slug])).content.decode()
    assert "La coppia 5 riposa nel turno 1" in page
    assert reverse("manage:tournament_edit", args=[odd.slug]) + "#field-bye_vp" in page


def test_a_mitchell_that_needs_a_riposo_is_refused_until_its_value_is_set(english, odd):
    response = draw(english, odd, movement="mitchell", step="1")
    assert response.status_code == 200
    errors = str(form_errors(response))
    assert "In this turno pair 3 rests, but the custom VP table has no riposo value" in errors
    assert not Turno.objects.filter(tournament=odd).exists()

    odd.bye_vp, odd.bye_mp = 12, 300
    odd.save()
    assert draw(english, odd, movement="mitchell", step="1").status_code == 302
    assert Turno.objects.filter(tournament=odd).count() == 1


def test_an_even_field_draws_without_a_riposo_value(english, director):
    tournament = make_tournament(owner=director, vp_table=BANDS)
    make_pairs(tournament, 4)
    assert draw(english, tournament, movement="mitchell", step="1").status_code == 302


def test_a_new_custom_table_asks_for_the_riposo_value(english):
    response = english.post(CREATE, form_data(vp_preset="custom", vp_bands=BANDS_TEXT))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors["bye_vp"] == ["A custom VP table has no riposo value: give its VP."]
    assert errors["bye_mp"] == ["A custom VP table has no riposo value: give its MP."]


def test_a_preset_table_needs_no_riposo_value(english):
    response = english.post(CREATE, form_data(vp_preset="fibur-4"))
    assert response.status_code == 302


def test_saving_a_custom_table_without_riposo_asks_for_it(english, odd):
    response = english.post(edit_url(odd), posted(odd, name="Nuovo nome"))
    assert response.status_code == 200
    assert "bye_vp" in response.context["form"].errors
    response = english.post(edit_url(odd), posted(odd, bye_vp="12", bye_mp="300"))
    assert response.status_code == 302
    odd.refresh_from_db()
    assert (odd.bye_vp, odd.bye_mp) == (12, 300)


def test_a_knock_out_from_uncountable_standings_says_why(english, director, odd):
    odd.name = "Qualificazione dispari"
    odd.save()
    make_turno(odd, 1, [(1, 2), (3, 4)], byes=[5], totals=[(900, 700), (800, 800)])
    knockout = ko_tournament(director, pairs=0)
    url = reverse("manage:ko_from_standings", args=[knockout.slug])
    response = english.post(url, {"source": odd.pk, "count": 2})
    assert response.status_code == 200
    assert "Pair 5 rests in turno 1: set the value of a riposo" in response.content.decode()
    assert not knockout.entrants.exists()
