"""A person seen from the tournaments, for directors, and the privacy the registry owes
(RULES.md §14): public pages show names only; a director sees every tournament played and the
card, downloads everything the site holds about a person, and anonymises a person everywhere
while the results stay."""

from __future__ import annotations

import datetime
import json

import pytest
from django.test import Client
from django.urls import reverse

from burraco_tourney.people.models import Club, Person
from burraco_tourney.tournaments.models import AuditEntry, Member
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.entrants import entrant_create
from burraco_tourney.tournaments.services.members import Place
from tests.factories import make_tournament, make_turno

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


@pytest.fixture
def anna():
    club = Club.objects.create(name="Circolo Aurora", code="GE01")
    return Person.objects.create(
        surname="Rossi",
        name="Anna",
        card="RM12345",
        card_type="ordinaria",
        card_year=datetime.date.today().year,
        sex="F",
        birth_year=1961,
        category="terza",
        club=club,
        notes="Vegetariana",
    )


@pytest.fixture
def played(director, anna):
    """A played tournament: Anna (pair 1, with Bianchi Bruno) wins its one turno."""
    tournament = make_tournament(name="Torneo d'Autunno", owner=director)
    entrant_create(
        tournament=tournament,
        user=director,
        player1="Rossi Anna",
        player2="Bianchi Bruno",
        places=[Place("Rossi Anna", person_id=anna.pk), Place("Bianchi Bruno")],
    )
    entrant_create(tournament=tournament, user=director, player1="Verdi C", player2="Neri E")
    make_turno(tournament, 1, [(1, 2)], totals=[(1500, 500)])
    return tournament


def test_the_person_page_lists_the_tournaments_and_the_card(english, played, anna):
    html = english.get(reverse("manage:person", args=[anna.pk])).content.decode()
    assert "Torneo d&#x27;Autunno" in html
    assert "Bianchi Bruno" in html  # the partner
    row = standings(tournament=played)[0]
    assert (row.pair.number, row.rank) == (1, 1)
    assert f"<td>{row.vp}</td>" in html
    assert "RM12345" in html and "Valid for this season." in html
    anna.card_year = datetime.date.today().year - 1
    anna.save()
    html = english.get(reverse("manage:person", args=[anna.pk])).content.decode()
    assert "Not renewed for this season." in html


def test_the_person_pages_need_a_login(client, anna):
    for name in ("manage:person", "manage:person_download", "manage:person_anonymise"):
        response = client.get(reverse(name, args=[anna.pk]))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


def test_public_pages_show_names_only(english, played, anna):
    public = Client()
    secrets = ("RM12345", "1961", "Woman", "Ordinaria", "terza", "Vegetariana")
    pages = [
        reverse("tournaments:standings", args=[played.slug]),
        reverse("tournaments:pair", args=[played.slug, 1]),
        reverse("tournaments:pairs", args=[played.slug]),
        reverse("tournaments:turno", args=[played.slug, 1]),
    ]
    for url in pages:
        html = public.get(url).content.decode()
        assert "Rossi Anna" in html, url
        assert not [word for word in secrets if word in html], url
    # The director's standings lead to the tournament's people, with the cards and a link to
    # each person; that page is the directors' only.
    people_page = reverse("manage:tournament_people", args=[played.slug])
    assert people_page in english.get(pages[0]).content.decode()
    assert people_page not in public.get(pages[0]).content.decode()
    html = english.get(people_page).content.decode()
    assert "card RM12345" in html
    assert reverse("manage:person", args=[anna.pk]) in html
    assert public.get(people_page).status_code == 302  # to the login page


def test_a_director_downloads_everything_about_a_person(english, played, anna):
    response = english.get(reverse("manage:person_download", args=[anna.pk]))
    assert response["Content-Disposition"].startswith("attachment")
    data = json.loads(response.content)
    assert data["person"]["card"] == "RM12345" and data["person"]["notes"] == "Vegetariana"
    assert data["club"] == {"name": "Circolo Aurora", "code": "GE01", "city": ""}
    [entry] = data["tournaments"]
    assert entry["printed_name"] == "Rossi Anna" and entry["partners"] == ["Bianchi Bruno"]
    assert (entry["slug"], entry["rank"]) == (played.slug, 1)
    assert entry["vp"] == standings(tournament=played)[0].vp


def test_anonymising_takes_the_name_out_everywhere_and_keeps_the_results(
    english, played, anna, director
):
    before = [(r.pair.number, r.rank, r.vp, r.mp) for r in standings(tournament=played)]
    url = reverse("manage:person_anonymise", args=[anna.pk])
    page = english.get(url).content.decode()
    assert f"Giocatore {anna.pk}" in page and "Torneo d&#x27;Autunno" in page
    assert english.post(url, {"reason": ""}).status_code == 200  # a reason is required
    response = english.post(url, {"reason": "Richiesta dell'interessata"})
    assert response.status_code == 302
    anna.refresh_from_db()
    new = f"Giocatore {anna.pk}"
    assert anna.full_name == new and anna.anonymised_at is not None
    assert (anna.card, anna.sex, anna.birth_year, anna.notes) == ("", "", None, "")
    pair = played.entrants.get(number=1)
    assert (pair.player1, pair.player2) == (new, "Bianchi Bruno")
    assert Member.objects.get(entrant=pair, position=1).person == anna
    assert [(r.pair.number, r.rank, r.vp, r.mp) for r in standings(tournament=played)] == before
    entry = AuditEntry.objects.get(tournament=played, action="person_anonymise")
    assert entry.reason == "Richiesta dell'interessata"
    log = json.dumps(
        list(AuditEntry.objects.filter(tournament=played).values("subject", "before", "after"))
    )
    assert "Rossi Anna" not in log and new in log
    html = english.get(reverse("tournaments:standings", args=[played.slug])).content.decode()
    assert "Rossi Anna" not in html and new in html


def test_an_individual_players_page_lists_the_partners_and_rank(english, director):
    from tests.archive.test_roundtrip_individual import individual_tournament

    tournament = individual_tournament(director)
    player = tournament.entrants.get(number=1)
    person = Member.objects.get(entrant=player).person
    html = english.get(reverse("manage:person", args=[person.pk])).content.decode()
    row = next(
        r for r in tournament.fmt.standings.rows(tournament) if r.player.number == player.number
    )
    seated = player.seats.select_related("table").first()
    partner = seated.table.seats.exclude(pk=seated.pk).get(line=seated.line).entrant
    assert partner.name in html
    assert f"<td>{row.rank}</td>" in html and f"<td>{row.vp}</td>" in html


def test_the_registry_form_and_the_person_page_lead_to_each_other(english, played, anna):
    person_page = reverse("manage:person", args=[anna.pk])
    registry_form = reverse("people:edit", args=[anna.pk])
    assert f'href="{registry_form}"' in english.get(person_page).content.decode()
    assert f'href="{person_page}"' in english.get(registry_form).content.decode()
    # A new person has no page of tournaments yet.
    assert "/gestione/persone/" not in english.get(reverse("people:add")).content.decode()
