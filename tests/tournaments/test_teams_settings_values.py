"""A team's riposo and forfeit are a match's (RULES.md section 11): the settings form takes
them up to the VP a match shares (the engine's ``match_vp_total``: 40 with the two tables' VP
added, the team VP table's total with the MP difference), never one table's 20; with the MP
difference an odd number of teams needs a riposo value before a turno is drawn."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.services import turni
from tests.tournaments.test_setup_create import CREATE, form_data

from .teams_support import make_teams

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]

BANDS = "10 10 10\n300 12 8\n700 15 5\n- 18 2"  # a match shares 20 VP


def test_a_team_riposo_of_28_is_taken_and_one_above_the_match_total_refused(english):
    data = form_data(kind="teams", team_scoring="vp_sum", bye_vp="28", bye_mp="710")
    assert english.post(CREATE, data).status_code == 302
    assert Tournament.objects.get().bye_vp == 28
    refused = english.post(CREATE, {**data, "name": "Altro", "bye_vp": "41"})
    assert "At most 40: the two teams of a match share 40 VP." in refused.content.decode()
    pairs = english.post(CREATE, form_data(name="Coppie", bye_vp="28", bye_mp="700"))
    assert "At most 20: the two lines of a table share 20 VP." in pairs.content.decode()
    assert Tournament.objects.count() == 1


def test_with_the_mp_difference_the_limit_is_the_team_vp_tables(english):
    data = form_data(
        kind="teams", team_scoring="mp_diff", team_vp_bands=BANDS, bye_vp="21", bye_mp="0"
    )
    refused = english.post(CREATE, data).content.decode()
    assert "At most 20: the two teams of a match share 20 VP." in refused
    assert english.post(CREATE, {**data, "bye_vp": "15"}).status_code == 302


def test_with_the_mp_difference_the_settings_ask_for_the_riposo(english):
    """Scored by the MP difference, a team's riposo has no default: the form asks for it, as
    for a custom VP table, rather than leaving the draw to refuse it later (found in a trial)."""
    data = form_data(kind="teams", team_scoring="mp_diff", team_vp_bands=BANDS)
    refused = english.post(CREATE, data)
    assert refused.status_code == 200
    errors = refused.context["form"].errors
    assert errors["bye_vp"] == [
        "Scored by the MP difference, a team's riposo has no default value: give its VP."
    ]
    assert not Tournament.objects.exists()
    assert english.post(CREATE, {**data, "bye_vp": "10", "bye_mp": "0"}).status_code == 302
    # Summed, the tables' VP give a team's riposo its default: nothing to ask.
    summed = form_data(kind="teams", team_scoring="vp_sum", name="Somma")
    assert english.post(CREATE, summed).status_code == 302


def test_an_odd_number_of_teams_with_the_mp_difference_needs_a_riposo(english, director):
    # Settings kept from before the form asked (or an archive's): the draw still refuses.
    data = form_data(
        kind="teams", team_scoring="mp_diff", team_vp_bands=BANDS, bye_vp="10", bye_mp="0"
    )
    assert english.post(CREATE, data).status_code == 302
    Tournament.objects.update(bye_vp=None, bye_mp=None)
    tournament = Tournament.objects.get()
    make_teams(tournament, 3, user=director)
    with pytest.raises(ValidationError) as refused:
        turni.turno_draw(
            tournament=tournament, user=director, request=DrawRequest(movement="italiana")
        )
    message = refused.value.messages[0]
    assert "the MP difference and a custom VP table have no default one" in message
    assert not tournament.turni.exists()
