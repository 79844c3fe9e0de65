"""The public "why is A above B" page of a tournament played in gironi: it follows the overall
standings girone by girone, and answers for each girone's own standings too."""

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.selectors.gironi import girone_standings
from burraco_tourney.tournaments.selectors.standings import standings
from tests.tournaments.gironi_support import gironi_played, pairs_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(director):
    tournament = pairs_evening(director)
    gironi_played(tournament, director)
    return tournament


def explain(client, tournament, **query):
    """The page for the standings after turno 3, the first in gironi (not closed yet)."""
    url = reverse("tournaments:standings_explain", args=[tournament.slug])
    query.setdefault("dopo", 3)
    return client.get(url, query, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_a_pair_of_a_lower_girone_with_more_vp_is_below_because_of_its_girone(client, played):
    rows = standings(tournament=played)
    last_of_a = [r for r in rows if r.girone == "A"][-1]
    best_of_b = [r for r in rows if r.girone == "B"][0]
    assert best_of_b.vp > last_of_a.vp
    a, b = best_of_b.entrant.number, last_of_a.entrant.number
    page = explain(client, played, a=a, b=b)
    assert f"Pair {b} is above pair {a}: it plays in a higher girone." in page
    assert f"Pair {a} plays in girone B, pair {b} in girone A" in page
    assert "more victory points" not in page


def test_two_pairs_of_one_girone_are_compared_as_in_its_standings(client, played):
    played.gironi_standings = "phase_only"
    played.save()
    [girone_a, _b] = girone_standings(played)
    first, last = girone_a.rows[0], girone_a.rows[-1]
    page = explain(client, played, a=last.entrant.number, b=first.entrant.number)
    assert "both play in girone A" in page and "counting only the turni played in gironi" in page
    assert f"Pair {first.entrant.number} is above pair {last.entrant.number}" in page


def test_the_girone_standings_have_their_why(client, played):
    played.gironi_overall = "by_vp"
    played.save()
    standings_page = client.get(
        reverse("tournaments:standings", args=[played.slug]), {"dopo": 3}, HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "?classifica=girone&amp;girone=B&amp;dopo=3" in standings_page
    # The link under girone B starts on girone B's first two, in its own standings.
    start = explain(client, played, classifica="girone", girone="B")
    b_rows = [g for g in girone_standings(played) if g.name == "B"][0].rows
    first, second = b_rows[0].entrant.number, b_rows[1].entrant.number
    assert f'<option value="{first}" selected>' in start
    assert f"Pair {first} and pair {second}" not in start  # the answer waits for "Explain"
    page = explain(client, played, a=first, b=second, classifica="girone")
    assert f"pair {first} is 1st" in page
    a_first = [g for g in girone_standings(played) if g.name == "A"][0].rows[0].entrant.number
    refused = explain(client, played, a=first, b=a_first, classifica="girone")
    assert "are not in the same girone" in refused


def test_a_girone_why_before_the_gironi_says_so(client, played):
    page = explain(client, played, a=1, b=2, classifica="girone", dopo=2)
    assert "These standings are from before the gironi" in page
