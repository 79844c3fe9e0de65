"""A kind says itself what it is not played with: a knock-out and a team tournament have no
gironi, a knock-out's rounds are not drawn from the turni page, and only a knock-out has a
bracket. Each refusal is the director's sentence (a page not found for a page that has no
meaning), never a half-written phase."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from burraco_tourney.tournaments.services.gironi import gironi_start
from burraco_tourney.tournaments.services.ko import ko_pairs_from_standings
from burraco_tourney.tournaments.services.turni import turno_draw
from tests.factories import make_pairs, make_tournament

from .ko_support import ko_tournament
from .teams_support import team_tournament

pytestmark = pytest.mark.django_db


def start_gironi(tournament, director):
    return gironi_start(
        tournament=tournament,
        user=director,
        sizes=[2],
        standings_setting="since_turno_1",
        overall_setting="by_girone",
    )


@pytest.mark.parametrize("build", [ko_tournament, team_tournament], ids=["ko", "teams"])
def test_a_kind_without_gironi_refuses_them_in_words(build, director, english):
    tournament = build(director)
    with translation.override("it"), pytest.raises(ValidationError) as refused:
        start_gironi(tournament, director)
    assert refused.value.code == "no_gironi"
    assert refused.value.messages == ["Questo tipo di torneo non si gioca a gironi."]
    assert tournament.turni.count() == 0
    page = reverse("manage:gironi", args=[tournament.slug])
    assert english.get(page).status_code == 404
    turni = english.get(reverse("manage:turni", args=[tournament.slug]))
    assert page not in turni.content.decode()


def test_a_pairs_tournament_offers_its_gironi(director, english):
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 8)
    assert english.get(reverse("manage:gironi", args=[tournament.slug])).status_code == 200


def test_a_knock_out_is_not_drawn_from_the_turni_page(director):
    tournament = ko_tournament(director)
    with translation.override("it"), pytest.raises(ValidationError) as refused:
        turno_draw(tournament=tournament, user=director, request=None)
    assert refused.value.code == "knockout"
    assert "tabellone" in refused.value.messages[0]
    assert tournament.turni.count() == 0


def test_only_a_knock_out_has_a_bracket(director, client):
    pairs = make_tournament(owner=director)
    source = make_tournament(owner=director, name="Qualificazione")
    with translation.override("it"), pytest.raises(ValidationError) as refused:
        ko_pairs_from_standings(tournament=pairs, user=director, source=source, count=4)
    assert refused.value.code == "not_ko"
    assert refused.value.messages == ["Questo torneo non è a eliminazione diretta."]
    assert not pairs.entrants.exists()
    assert client.get(reverse("manage:bracket", args=[pairs.slug])).status_code == 404
    knockout = ko_tournament(director)
    assert client.get(reverse("manage:bracket", args=[knockout.slug])).status_code == 200
