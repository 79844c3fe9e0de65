"""The dashboard's next step in words, with its links.

The standings have no publish action (they are public as soon as a turno is complete): after a
turno the director is told to show or print them, with a link to the page and to the PDF.
"""

import re

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import Table, Turno
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


@pytest.fixture
def owned(director):
    tournament = make_tournament(name="Torneo della Befana", owner=director, planned_turni=2)
    tournament.directors.add(director)
    return tournament


def next_card(client, tournament) -> str:
    """The "What to do next" card of the dashboard, as HTML."""
    response = client.get(reverse("manage:dashboard", args=[tournament.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    return re.search(r'<section class="card next".*?</section>', html, re.S).group(0)


def pdf_url(tournament) -> str:
    return reverse("exports:download", kwargs={"slug": tournament.slug, "key": "classifica"})


def test_after_a_turno_the_director_shows_or_prints_the_standings(english, owned):
    make_pairs(owned, 4)
    make_turno(owned, 1, [(1, 2), (3, 4)], totals=[(900, 800), (700, 700)])
    card = next_card(english, owned)
    assert "Every result is in. Show or print the standings, then draw turno 2." in card
    assert f'href="{reverse("manage:turni", args=[owned.slug])}">Draw turno 2<' in card
    assert f'href="{pdf_url(owned)}">Standings (PDF)<' in card
    assert "Show or print the standings, draw the next turno" in card
    # The PDF link gives the standings after turno 1.
    response = english.get(pdf_url(owned))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "dopo-turno-1" in response["Content-Disposition"]


def test_at_the_end_the_final_standings_are_shown_or_printed(english, owned):
    make_pairs(owned, 4)
    make_turno(owned, 1, [(1, 2), (3, 4)], totals=[(900, 800), (700, 700)])
    make_turno(owned, 2, [(1, 3), (2, 4)], totals=[(600, 800), (750, 700)])
    card = next_card(english, owned)
    assert "All 2 planned turni are complete: show or print the final standings." in card
    assert ">Final standings<" in card and f'href="{pdf_url(owned)}"' in card
    single = make_tournament(owner=owned.owner, planned_turni=1)
    make_pairs(single, 2)
    make_turno(single, 1, [(1, 2)], totals=[(900, 800)])
    assert "The planned turno is complete: show or print the final standings." in next_card(
        english, single
    )


def test_no_step_speaks_of_publishing_the_standings(english, owned):
    """Every step of a tournament's life: "publish" is said of a turno only, never of the
    standings."""
    cards = [next_card(english, owned)]  # no pairs
    make_pairs(owned, 4)
    cards.append(next_card(english, owned))  # draw turno 1
    turno = make_turno(owned, 1, [(1, 2), (3, 4)], totals=[(900, 800), (700, 700)])
    Turno.objects.filter(pk=turno.pk).update(published=False)
    cards.append(next_card(english, owned))  # publish turno 1
    Turno.objects.filter(pk=turno.pk).update(published=True)
    Table.objects.filter(turno=turno, number=2).update(entry_mode="")
    cards.append(next_card(english, owned))  # enter results
    Table.objects.filter(turno=turno, number=2).update(entry_mode="totals")
    cards.append(next_card(english, owned))  # draw turno 2
    make_turno(owned, 2, [(1, 3), (2, 4)], totals=[(600, 800), (750, 700)])
    cards.append(next_card(english, owned))  # complete
    for card in cards:
        assert not re.search(r"[Pp]ublish[^.<]*standings", card), card
    assert "Turno 1 is drawn as a draft: check the seating, then publish it." in cards[2]
    assert "Turno 1: 1 table still has no result." in cards[3]
