"""Every entrant has its people (``services.members``): each way an entrant is made or renamed
links its printed names to the registry, by the person picked, the card, the one person of that
name, or a new person; two existing people are never merged silently. A pasted or uploaded list
matches by card, then by the name written the same, and asks about a near name."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import Workbook

from burraco_tourney.people.models import Person
from burraco_tourney.people.selectors.near import people_near
from burraco_tourney.tournaments.models import Member
from burraco_tourney.tournaments.services.entrants import entrant_create, entrant_update
from burraco_tourney.tournaments.services.members import Place
from tests.factories import make_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


@pytest.fixture
def tournament(director):
    return make_tournament(name="Torneo di Primavera", owner=director)


def people(entrant):
    return [m.person for m in Member.objects.filter(entrant=entrant).select_related("person")]


def test_a_new_pair_makes_its_people_and_a_later_one_finds_them(tournament, director):
    pair = entrant_create(tournament=tournament, user=director, player1="Rossi Anna", player2="Bi")
    anna, bi = people(pair)
    assert (anna.surname, anna.name, bi.full_name) == ("Rossi", "Anna", "Bi")
    other = make_tournament(owner=director)
    again = entrant_create(tournament=other, user=director, player1="Bi", player2="Anna ROSSI")
    assert people(again) == [bi, anna]  # the same words, any order: the one person of that name
    assert again.player2 == "Anna ROSSI"  # printed as typed


def test_namesakes_are_never_merged(tournament, director):
    first = Person.objects.create(surname="Rossi", name="Anna", card="RM1")
    second = Person.objects.create(surname="Rossi", name="Anna", card="RM2")
    pair = entrant_create(tournament=tournament, user=director, player1="Rossi Anna", player2="X")
    made = people(pair)[0]
    assert made not in (first, second) and made.card == ""


def test_a_picked_person_and_a_card_win_over_the_name(tournament, director):
    picked = Person.objects.create(surname="Verdi", name="Carla")
    carded = Person.objects.create(surname="Neri", name="Elena", card="GE5")
    pair = entrant_create(
        tournament=tournament,
        user=director,
        player1="Carla V.",
        player2="Elena N.",
        places=[Place("Carla V.", person_id=picked.pk), Place("Elena N.", card="GE5")],
    )
    assert people(pair) == [picked, carded]


def test_a_rename_finds_the_person_again_and_a_new_case_keeps_it(tournament, director):
    pair = entrant_create(tournament=tournament, user=director, player1="Rosi Anna", player2="Bi")
    typo, bi = people(pair)
    anna = Person.objects.create(surname="Rossi", name="Anna")
    entrant_update(entrant=pair, user=director, number=1, player1="Rossi Anna", player2="BI")
    assert people(pair) == [anna, bi]
    assert Person.objects.filter(pk=typo.pk).exists()  # nothing deleted from the registry


def test_near_names_are_found_but_not_the_same_written_one():
    nicolo = Person.objects.create(surname="Bianchi", name="Nicolò")
    anna = Person.objects.create(surname="Rossi", name="Anna")
    Person.objects.create(surname="Verdi", name="Carla")
    assert people_near("Bianchi Nicolo") == [nicolo]  # accents
    assert people_near("Anna Rossi") == [anna]  # order
    assert people_near("Rosi Anna") == [anna]  # one typo
    assert people_near("Rossi Anna") == []  # written the same: no question
    assert people_near("Rossi Carla") == []  # two names mixed up is not a near match


PASTED = "Rossi Anna (RM12345) - Verdi Carla\nBianchi Nicolo - Neri Luca"


def _paste(client, tournament, **extra):
    url = reverse("manage:pairs_paste", args=[tournament.slug])
    return client.post(url, {"text": PASTED, **extra})


def test_a_pasted_list_matches_by_card_and_asks_about_a_near_name(english, tournament):
    carded = Person.objects.create(surname="Rossi", name="Anna Maria", card="RM12345")
    nicolo = Person.objects.create(surname="Bianchi", name="Nicolò", card="MI9")
    response = _paste(english, tournament, action="preview")
    html = response.content.decode()
    assert "in the registry as Rossi Anna Maria" in html
    assert f'name="person-2-1" value="{nicolo.pk}"' in html
    assert not tournament.entrants.exists()

    response = _paste(english, tournament, action="save", **{"person-2-1": str(nicolo.pk)})
    assert response.status_code == 302
    first, second = tournament.entrants.order_by("number")
    assert (first.player1, second.player1) == ("Rossi Anna", "Bianchi Nicolo")
    assert people(first)[0] == carded
    assert people(second)[0] == nicolo
    assert Person.objects.filter(card="RM12345").count() == 1


def test_a_near_name_not_confirmed_is_a_new_person(english, tournament):
    nicolo = Person.objects.create(surname="Bianchi", name="Nicolò")
    assert _paste(english, tournament, action="save").status_code == 302
    second = tournament.entrants.get(number=2)
    made = people(second)[0]
    assert made != nicolo and made.full_name == "Bianchi Nicolo"


def test_an_uploaded_file_reads_the_card_columns(english, tournament):
    carded = Person.objects.create(surname="Gallo", name="Fabio", card="TO3")
    book = Workbook()
    sheet = book.active
    sheet.append(["Giocatore 1", "Tessera 1", "Giocatore 2", "Tessera 2"])
    sheet.append(["Fabio Gallo", "TO3", "Romano Marta", "TO4"])
    data = io.BytesIO()
    book.save(data)
    data.seek(0)
    data.name = "coppie.xlsx"
    url = reverse("manage:pairs_import", args=[tournament.slug])
    preview = english.post(url, {"file": data})
    assert "in the registry as Gallo Fabio" in preview.content.decode()
    assert english.post(url, {"payload": preview.context["payload"]}).status_code == 302
    pair = tournament.entrants.get()
    fabio, marta = people(pair)
    assert (fabio, marta.card, marta.full_name) == (carded, "TO4", "Romano Marta")


def test_a_player_list_links_its_players_by_card_then_name(english, director):
    carded = Person.objects.create(surname="Verdi", name="Carla", card="FI8")
    tournament = make_tournament(kind="individual", owner=director)
    url = reverse("manage:players", args=[tournament.slug])
    text = "Rossi Anna\nBianchi Bruno\nCarla V. (FI8)"
    english.post(url, {"text": text, "action": "paste"})
    players = tournament.entrants.order_by("number")
    assert [p.name for p in players] == ["Rossi Anna", "Bianchi Bruno", "Carla V."]
    assert [people(p)[0].full_name for p in players][:2] == ["Rossi Anna", "Bianchi Bruno"]
    assert people(players[2])[0] == carded


def test_namesakes_in_a_list_are_a_question(english, tournament):
    first = Person.objects.create(surname="Rossi", name="Anna", card="RM1")
    second = Person.objects.create(surname="Rossi", name="Anna", card="RM2")
    url = reverse("manage:pairs_paste", args=[tournament.slug])
    text = "Rossi Anna - Verdi Carla"
    html = english.post(url, {"text": text, "action": "preview"}).content.decode()
    assert f'name="person-1-1" value="{first.pk}"' in html
    assert f'name="person-1-1" value="{second.pk}"' in html
    english.post(url, {"text": text, "action": "save", "person-1-1": str(second.pk)})
    assert people(tournament.entrants.get())[0] == second


def test_a_knock_out_takes_the_same_people_as_its_qualification(director):
    from burraco_tourney.tournaments.services.ko import ko_pairs_from_standings
    from tests.tournaments.ko_support import ko_tournament
    from tests.tournaments.test_ko_services import qualification

    source = qualification(director)
    chosen = Person.objects.create(surname="Altro", name="Nome")  # not the name printed
    first = source.entrants.get(number=1)
    Member.objects.create(entrant=first, position=1, person=chosen)
    tournament = ko_tournament(director, pairs=0)
    ko_pairs_from_standings(tournament=tournament, user=director, source=source, count=4)
    copied = tournament.entrants.get(number=1)
    assert people(copied)[0] == chosen
    assert copied.player1 == first.player1


def test_a_player_list_saved_at_once_asks_about_a_near_name_first(english, director):
    anna = Person.objects.create(surname="Rossi", name="Anna", card="RM12345")
    tournament = make_tournament(kind="individual", owner=director)
    url = reverse("manage:players", args=[tournament.slug])
    text = "Anna Rossi\nBianchi Bruno"
    # Sent from the players' page: the near name opens the preview instead of saving.
    html = english.post(url, {"text": text, "action": "paste"}).content.decode()
    assert not tournament.entrants.exists()
    assert f'name="person-1-1" value="{anna.pk}"' in html
    # Confirmed there, the player is that person, with the name as printed.
    paste = reverse("manage:pairs_paste", args=[tournament.slug])
    english.post(paste, {"text": text, "action": "save", "person-1-1": str(anna.pk)})
    first = tournament.entrants.get(number=1)
    assert (first.name, people(first)[0]) == ("Anna Rossi", anna)


@pytest.mark.parametrize(
    ("kind", "page", "extra"),
    [
        ("pairs", "manage:pairs_paste", {"action": "save"}),
        ("individual", "manage:players", {"action": "paste"}),
        ("teams", "manage:teams", {"action": "paste"}),
    ],
)
def test_each_kinds_paste_example_puts_the_surname_first(english, director, kind, page, extra):
    """The example under the paste box, pasted as it is, makes registry people whose surname is
    the surname ("Rossi", not "Anna"): the registry reads a typed name surname first."""
    from burraco_tourney.tournaments.formats import FORMATS

    tournament = make_tournament(kind=kind, owner=director)
    example = str(FORMATS[kind].entrants.words.paste_placeholder)
    english.post(reverse(page, args=[tournament.slug]), {"text": example, **extra})
    assert tournament.entrants.exists()
    anna = Person.objects.get(search_key="anna rossi")
    assert (anna.surname, anna.name) == ("Rossi", "Anna")
    assert not Person.objects.filter(surname__in=["Anna", "Bruno", "Carla", "Dario"]).exists()


def test_new_people_of_a_list_or_a_form_are_of_the_entrants_club(english, director):
    """A player new to the registry is of the club its pair or team was registered with; a
    person already in the registry keeps its own club."""
    from burraco_tourney.people.models import Club

    elsewhere = Club.objects.create(name="Circolo Borgo")
    bruno = Person.objects.create(surname="Bianchi", name="Bruno", club=elsewhere)
    teams = make_tournament(kind="teams", owner=director)
    text = "Aurora Uno: Rossi Anna, Bianchi Bruno, Verdi Carla, Neri Dario; Circolo Aurora"
    english.post(reverse("manage:teams", args=[teams.slug]), {"text": text, "action": "paste"})
    assert teams.entrants.get().club == "Circolo Aurora"
    clubs = {p.full_name: p.club.name for p in Person.objects.select_related("club")}
    assert clubs == {
        "Rossi Anna": "Circolo Aurora",
        "Bianchi Bruno": "Circolo Borgo",
        "Verdi Carla": "Circolo Aurora",
        "Neri Dario": "Circolo Aurora",
    }
    bruno.refresh_from_db()
    assert bruno.club == elsewhere

    pairs = make_tournament(owner=director)
    posted = {"player1": "Gallo Fabio", "player2": "Romano Marta", "club": "Circolo del Ponte"}
    assert english.post(reverse("manage:pairs", args=[pairs.slug]), posted).status_code == 302
    for surname in ("Gallo", "Romano"):
        assert Person.objects.get(surname=surname).club.name == "Circolo del Ponte"
    assert Club.objects.filter(name="Circolo del Ponte").count() == 1


@pytest.mark.parametrize(
    ("printed", "surname", "name"),
    [
        ("De Luca Sara", "De Luca", "Sara"),
        ("Lo Presti Anna Maria", "Lo Presti", "Anna Maria"),
        ("Dalla Chiesa Carlo", "Dalla Chiesa", "Carlo"),
        ("D'Amico Paola", "D'Amico", "Paola"),
        ("Van der Berg Jan", "Van der Berg", "Jan"),
        ("Li Wei", "Li", "Wei"),
        ("Rossi Anna Maria", "Rossi", "Anna Maria"),
    ],
)
def test_a_surname_of_several_words_is_kept_whole(english, director, printed, surname, name):
    """An Italian surname of two words ("De Luca") pasted surname first becomes the person's
    surname, not "De" with "Luca Sara" as the name."""
    tournament = make_tournament(kind="individual", owner=director)
    english.post(
        reverse("manage:players", args=[tournament.slug]), {"text": printed, "action": "paste"}
    )
    person = Person.objects.get()
    assert (person.surname, person.name) == (surname, name)
