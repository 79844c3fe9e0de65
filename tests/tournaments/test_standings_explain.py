"""The "why is A above B" page: the explanation agrees with the standings page and speaks."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.selectors.standings import standings
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


@pytest.fixture
def head_to_head():
    """Pairs 1 and 2 end on 20 VP and scarto 0, the only two so; 1 beat 2 when they met."""
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(700, 600), (1600, 600)])
    make_turno(tournament, 2, [(4, 1), (2, 3)], totals=[(700, 600), (700, 600)])
    return tournament


def _page(client, tournament, **query):
    url = reverse("tournaments:standings_explain", args=[tournament.slug])
    return client.get(url, query, HTTP_ACCEPT_LANGUAGE="en")


def test_head_to_head_explained_in_words(client, head_to_head):
    order = [s.pair.number for s in standings(tournament=head_to_head)]
    assert order.index(1) < order.index(2)
    text = _page(client, head_to_head, a=2, b=1).content.decode()
    assert "Pair 1 is above pair 2: head-to-head decides." in text
    assert "In their meetings pair 2 scored 9 VP and pair 1 11: pair 1 is ahead." in text
    assert "Pair 2 +0, pair 1 +0: equal, the next criterion decides." in text


def test_shared_rank_says_why(client):
    tournament = make_tournament()
    make_pairs(tournament, 3)
    make_turno(tournament, 1, [(1, 2)], byes=[3], totals=[(700, 600)])
    make_turno(tournament, 2, [(2, 3)], byes=[1], totals=[(700, 600)])
    make_turno(tournament, 3, [(3, 1)], byes=[2], totals=[(700, 600)])
    tournament.bye_vp, tournament.bye_mp = 14, 355
    tournament.save()
    text = _page(client, tournament, a=1, b=3).content.decode()
    assert "are equal on VP and on every tie-break: they share rank 1." in text
    assert "3 pairs are still tied: head-to-head counts only when exactly two are." in text


def test_the_same_pair_twice_is_refused(client, head_to_head):
    response = _page(client, head_to_head, a=1, b=1)
    assert response.status_code == 200
    assert "Pick two different pairs." in response.content.decode()


def test_italian_by_default(client, head_to_head):
    url = reverse("tournaments:standings_explain", args=[head_to_head.slug])
    text = client.get(url, {"a": 2, "b": 1}).content.decode()
    assert "scontro diretto" in text.lower()


def test_linked_from_the_standings(client, head_to_head):
    url = reverse("tournaments:standings", args=[head_to_head.slug])
    assert reverse("tournaments:standings_explain", args=[head_to_head.slug]) in (
        client.get(url).content.decode()
    )


def test_after_an_earlier_turno(client, head_to_head):
    # After turno 1 alone, 1 beat 2 on VP: the chain stops at the first step.
    text = _page(client, head_to_head, a=2, b=1, dopo=1).content.decode()
    assert "Pair 1 is above pair 2: it has more victory points." in text
    assert "Standings after turno 1" in text


def test_the_standings_say_why_a_rank_is_shared(client):
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(700, 600), (700, 600)])
    url = reverse("tournaments:standings", args=[tournament.slug])
    text = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "See why pairs 1 and 3 share their rank" in text
    explain = reverse("tournaments:standings_explain", args=[tournament.slug])
    assert f"{explain}?a=1&amp;b=3&amp;dopo=1" in text
    answer = _page(client, tournament, a=1, b=3, dopo=1).content.decode()
    assert "they share rank 1." in answer


def test_ranks_are_english_ordinals_on_an_english_page(client, head_to_head):
    # Pair 1 is 2nd and pair 2 3rd: an English page never writes the Italian "2°".
    order = [s.pair.number for s in standings(tournament=head_to_head)]
    first, second = order.index(1) + 1, order.index(2) + 1
    text = _page(client, head_to_head, a=1, b=2).content.decode()
    suffix = {1: "st", 2: "nd", 3: "rd", 4: "th"}
    assert f"pair 1 is {first}{suffix[first]}, pair 2 is {second}{suffix[second]}" in text
    assert "°" not in text


def test_ranks_agree_with_the_noun_in_italian(client, head_to_head):
    url = reverse("tournaments:standings_explain", args=[head_to_head.slug])
    text = client.get(url, {"a": 1, "b": 2}).content.decode()
    assert "la coppia 1 è " in text and "ª, la coppia 2 è " in text


@pytest.mark.parametrize(
    ("rank", "written"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (10, "10th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (101, "101st"),
        (111, "111th"),
    ],
)
def test_english_ordinals(rank, written):
    from django.utils import translation

    from burraco_tourney.core.explain_sentences import rank_ordinal

    with translation.override("en"):
        assert rank_ordinal(rank, feminine=True) == written
    with translation.override("it"):
        assert rank_ordinal(rank) == f"{rank}°"
        assert rank_ordinal(rank, feminine=True) == f"{rank}ª"
