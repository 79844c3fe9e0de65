"""Likely twins, and two people made one: every row pointing to the other moves to the kept
person, tournaments keep their printed names, the registry's log says who, when and why."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.people.log_text import entry_text
from burraco_tourney.people.models import Person, RegistryEntry
from burraco_tourney.people.selectors.duplicates import ONE_TYPO, SAME_NAME, likely_twins
from burraco_tourney.people.services.merge import person_merge
from burraco_tourney.tournaments.models import Entrant, Member
from tests.factories import make_tournament

from .conftest import make_club, make_person

pytestmark = pytest.mark.django_db


def couples():
    return {(frozenset({t.first.full_name, t.second.full_name}), t.why) for t in likely_twins()}


def test_twins_by_name_in_any_order_and_by_one_typo_never_by_card():
    make_person("Rossi", "Anna", card="1")
    make_person("Anna", "Rossi")
    make_person("Rossi", "Ana")
    make_person("Bianchi", "Nicolò")
    make_person("BIANCHI", "Nicolo")
    make_person("Verdi", "A")
    make_person("Verdi", "B")  # initials: no typo
    make_person("Neri", "Dora", card="7")
    make_person("Gialli", "Ugo")  # alone
    assert couples() == {
        (frozenset({"Rossi Anna", "Anna Rossi"}), SAME_NAME),
        (frozenset({"Bianchi Nicolò", "BIANCHI Nicolo"}), SAME_NAME),
        (frozenset({"Rossi Anna", "Rossi Ana"}), ONE_TYPO),
        (frozenset({"Anna Rossi", "Rossi Ana"}), ONE_TYPO),
    }


def _pair(tournament, number, first, second):
    entrant = Entrant.objects.create(
        tournament=tournament,
        number=number,
        player1=first.full_name,
        player2=second.full_name,
    )
    Member.objects.create(entrant=entrant, position=1, person=first)
    Member.objects.create(entrant=entrant, position=2, person=second)
    return entrant


def test_a_merge_moves_every_member_keeps_printed_names_and_is_logged(director):
    club = make_club()
    anna = make_person("Rossi", "Anna", card="1001")
    twin = make_person("Anna", "Rossi", birth_year=1950, club=club, card="")
    carla, dora = make_person("Verdi", "Carla"), make_person("Neri", "Dora")
    september, october = make_tournament(), make_tournament()
    _pair(september, 1, anna, carla)
    _pair(october, 1, twin, dora)
    kept = person_merge(user=director, keep_id=anna.pk, drop_id=twin.pk, reason="Same card")
    assert not Person.objects.filter(pk=twin.pk).exists()
    assert list(Member.objects.filter(person=kept).values_list("entrant__tournament", flat=True)
                .order_by("entrant__tournament")) == [september.pk, october.pk]  # fmt: skip
    # The kept person takes what it lacked; the printed names stay as they were.
    assert (kept.card, kept.birth_year, kept.club) == ("1001", 1950, club)
    assert Entrant.objects.get(tournament=october).player1 == "Anna Rossi"
    entry = RegistryEntry.objects.get()
    assert (entry.user, entry.code, entry.reason) == (director, "person_merge", "Same card")
    assert (
        entry_text(entry)
        == "Anna Rossi unito/a a Rossi Anna (1 registrazioni passate a Rossi Anna)"
    )


def test_the_kept_person_takes_the_other_card_when_it_has_none(director):
    anna = make_person("Rossi", "Anna")
    twin = make_person("Rossi", "Anna", card="55")
    kept = person_merge(user=director, keep_id=anna.pk, drop_id=twin.pk, reason="x")
    assert Person.objects.get(pk=kept.pk).card == "55"


@pytest.mark.usefixtures("english_messages")
def test_two_people_of_one_pair_are_never_merged(director):
    anna, twin = make_person("Rossi", "Anna"), make_person("Rossi", "Ana")
    _pair(make_tournament(), 1, anna, twin)
    with pytest.raises(ValidationError, match="appear together in the same place"):
        person_merge(user=director, keep_id=anna.pk, drop_id=twin.pk, reason="typo")
    assert Person.objects.count() == 2
    assert Member.objects.filter(person=twin).count() == 1
    assert not RegistryEntry.objects.exists()


@pytest.mark.usefixtures("english_messages")
def test_a_merge_needs_a_reason_and_two_people(director):
    anna, twin = make_person("Rossi", "Anna"), make_person("Anna", "Rossi")
    with pytest.raises(ValidationError, match="Say why"):
        person_merge(user=director, keep_id=anna.pk, drop_id=twin.pk, reason="  ")
    with pytest.raises(ValidationError, match="two different people"):
        person_merge(user=director, keep_id=anna.pk, drop_id=anna.pk, reason="x")
    assert Person.objects.count() == 2


def test_the_duplicates_page_merges_and_shows_the_log(director_client):
    anna, twin = make_person("Rossi", "Anna"), make_person("Anna", "Rossi")
    _pair(make_tournament(), 1, twin, make_person("Verdi", "Carla"))
    page = director_client.get(reverse("people:duplicates")).content.decode()
    merge_url = reverse("people:merge", args=[anna.pk, twin.pk])
    assert merge_url in page and "stesso nome" in page
    form = director_client.get(merge_url).content.decode()
    assert "Unisci due persone" in form
    assert "iscrizioni ai tornei: 1" in form  # what moves, counted before the merge
    refused = director_client.post(merge_url, {"keep": anna.pk, "drop": twin.pk, "reason": ""})
    assert refused.status_code == 200 and Person.objects.count() == 3
    done = director_client.post(
        merge_url, {"keep": anna.pk, "drop": twin.pk, "reason": "Stessa persona"}, follow=True
    )
    html = done.content.decode()
    assert "Anna Rossi unito/a a Rossi Anna." in html
    assert "Stessa persona" in html  # the log on the duplicates page, with the reason
    assert not Person.objects.filter(pk=twin.pk).exists()
    assert Member.objects.get(position=1).person == anna
