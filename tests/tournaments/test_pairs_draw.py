"""The random draw of the pair numbers: repeatable from its seed, refused once play began."""

import random
from html import unescape

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Turno
from burraco_tourney.tournaments.services.entrants import entrant_numbers_draw, number_draw_order
from tests.factories import make_pairs, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(director):
    tournament = make_tournament(name="Torneo di Primavera", owner=director)
    make_pairs(tournament, 9)
    # Gaps and an order unlike the registration order, as after some deletions and edits.
    tournament.entrants.filter(number=9).update(number=15)
    tournament.entrants.filter(number=4).delete()
    return tournament


def players_by_number(tournament):
    return {p.number: p.players for p in tournament.entrants.all()}


def test_draw_is_reproducible_from_the_recorded_seed(tournament, director):
    before = players_by_number(tournament)
    drawn = entrant_numbers_draw(tournament=tournament, user=director, seed="lotto 2026-11-20")
    tournament.refresh_from_db()
    assert tournament.number_draw_seed == "lotto 2026-11-20"
    assert tournament.number_draw_at is not None
    # Anyone can repeat the draw with the documented recipe and get the same numbers.
    old = sorted(before)
    random.Random("lotto 2026-11-20").shuffle(old)
    after = players_by_number(tournament)
    assert sorted(after) == list(range(1, 9))
    assert after == {new: before[o] for new, o in enumerate(old, start=1)}
    assert [(d.new, d.old) for d in drawn] == list(enumerate(old, start=1))
    entry = AuditEntry.objects.get(action="pair_numbers_draw")
    assert entry.after["seed"] == "lotto 2026-11-20"
    assert entry.before == {"numbers": sorted(before)}


def test_same_seed_same_order_other_seed_other_order():
    numbers = list(range(1, 41))
    assert number_draw_order(numbers, "abc") == number_draw_order(numbers[::-1], "abc")
    assert number_draw_order(numbers, "abc") != number_draw_order(numbers, "abd")
    assert sorted(number_draw_order(numbers, "abc")) == numbers


def test_random_seed_when_none_given(tournament, director):
    entrant_numbers_draw(tournament=tournament, user=director)
    tournament.refresh_from_db()
    assert len(tournament.number_draw_seed) == 16


@pytest.mark.usefixtures("english_messages")
def test_draw_refused_once_a_turno_exists(tournament, director):
    Turno.objects.create(tournament=tournament, number=1, movement="mitchell", published=False)
    before = players_by_number(tournament)
    with pytest.raises(ValidationError, match="only before the first turno"):
        entrant_numbers_draw(tournament=tournament, user=director, seed="x")
    assert players_by_number(tournament) == before
    tournament.refresh_from_db()
    assert tournament.number_draw_seed == ""


def test_draw_page_shows_seed_order_and_the_check(english, tournament):
    url = reverse("manage:pairs_number_draw", args=[tournament.slug])
    page = english.get(url).content.decode()
    assert "<code>random.Random(seed).shuffle(pairs)</code>" in page
    response = english.post(url, {"seed": "  finale   lotto "})
    assert response.status_code == 302
    html = english.get(response.url).content.decode()
    assert "The pair numbers have been drawn." in html
    assert "<code>finale lotto</code>" in html
    assert 'random.Random("finale lotto").shuffle(old)' in unescape(html)
    assert "old = [1, 2, 3, 5, 6, 7, 8, 15]" in html
    tournament.refresh_from_db()
    assert tournament.number_draw_seed == "finale lotto"
    # The pairs page says the numbers were drawn and with which seed.
    pairs_page = english.get(reverse("manage:pairs", args=[tournament.slug])).content.decode()
    assert "<code>finale lotto</code>" in pairs_page


def test_draw_page_refuses_after_a_turno(english, tournament):
    Turno.objects.create(tournament=tournament, number=1)
    url = reverse("manage:pairs_number_draw", args=[tournament.slug])
    assert "only before the first turno" in english.get(url).content.decode()
    response = english.post(url, {"seed": "x"})
    assert response.status_code == 200
    assert "only before the first turno" in str(response.context["form"].non_field_errors())
    assert not AuditEntry.objects.exists()


def test_second_draw_counted_and_both_logged(english, tournament, director):
    entrant_numbers_draw(tournament=tournament, user=director, seed="uno")
    entrant_numbers_draw(tournament=tournament, user=director, seed="due")
    html = english.get(reverse("manage:pairs_number_draw", args=[tournament.slug])).content.decode()
    assert "<code>due</code>" in html
    assert "old = [1, 2, 3, 4, 5, 6, 7, 8]" in html
    assert AuditEntry.objects.filter(action="pair_numbers_draw").count() == 2
    assert "each one is in the change log" in html


def test_draw_needs_two_pairs(director):
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 1)
    with pytest.raises(ValidationError):
        entrant_numbers_draw(tournament=tournament, user=director)
