"""The director's pairs page: add, edit, withdraw, reinstate and delete one pair."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Entrant
from burraco_tourney.tournaments.services.entrants import (
    entrant_create,
    entrant_delete,
    entrant_update,
)
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(director):
    tournament = make_tournament(name="Torneo di Primavera", owner=director)
    make_pairs(tournament, 4)
    return tournament


def url(name, tournament, *args):
    return reverse(f"manage:{name}", args=[tournament.slug, *args])


def numbers(tournament):
    return list(tournament.entrants.order_by("number").values_list("number", flat=True))


def test_list_shows_every_pair_with_state_and_edit_link(english, tournament):
    Entrant.objects.filter(tournament=tournament, number=2).update(withdrawn=True)
    response = english.get(url("pairs", tournament))
    assert response.status_code == 200
    html = response.content.decode()
    rows = list(response.context["table"].rows)
    assert [r.record.number for r in rows] == [1, 2, 3, 4]
    assert url("pair_edit", tournament, 3) in html
    assert re.search(r'<tr class="[^"]*withdrawn[^"]*">\s*<td class="num strong">2</td>', html)
    assert html.count("Withdrawn") == 1
    assert "4 pairs" in html and "1 withdrawn" in html
    # The add form proposes the next number.
    assert response.context["add_form"].initial["number"] == 5


def test_add_pair_with_automatic_number(english, tournament, director):
    response = english.post(
        url("pairs", tournament),
        {"number": "", "player1": "  Rossi   Anna ", "player2": "Bianchi Bruno", "club": ""},
    )
    assert response.status_code == 302
    pair = tournament.entrants.get(number=5)
    assert (pair.player1, pair.player2, pair.club) == ("Rossi Anna", "Bianchi Bruno", "")
    entry = AuditEntry.objects.get(tournament=tournament, action="pair_create")
    assert entry.user == director and entry.after["number"] == 5
    page = english.get(response.url)
    assert "Pair 5. Rossi Anna – Bianchi Bruno added." in page.content.decode()
    assert page.context["add_form"].fields["player1"].widget.attrs.get("autofocus")


def test_add_pair_with_chosen_number(english, tournament):
    english.post(url("pairs", tournament), {"number": "12", "player1": "A B", "player2": "C D"})
    assert numbers(tournament) == [1, 2, 3, 4, 12]


def test_duplicate_number_shown_next_to_the_field_and_nothing_changed(english, tournament):
    response = english.post(
        url("pairs", tournament), {"number": "3", "player1": "Rossi Anna", "player2": "Verdi C"}
    )
    assert response.status_code == 200
    form = response.context["add_form"]
    assert form.errors["number"][0].startswith("Number 3 is already taken by pair 3.")
    assert 'aria-invalid="true"' in response.content.decode()
    assert tournament.entrants.count() == 4
    assert not AuditEntry.objects.filter(tournament=tournament).exists()


@pytest.mark.parametrize(
    "data, field",
    [
        ({"number": "", "player1": "Rossi Anna", "player2": ""}, "player2"),
        ({"number": "0", "player1": "A", "player2": "B"}, "number"),
        ({"number": "x", "player1": "A", "player2": "B"}, "number"),
        ({"number": "", "player1": "A" * 121, "player2": "B"}, "player1"),
    ],
)
def test_bad_input_changes_nothing(english, tournament, data, field):
    response = english.post(url("pairs", tournament), data)
    assert response.status_code == 200
    assert field in response.context["add_form"].errors
    assert tournament.entrants.count() == 4


def test_edit_pair(english, tournament):
    response = english.get(url("pair_edit", tournament, 2))
    assert response.context["form"].initial["number"] == 2
    response = english.post(
        url("pair_edit", tournament, 2),
        {"number": "9", "player1": "Neri Elena", "player2": "Gallo Fabio", "club": "Aurora"},
    )
    assert response.status_code == 302
    pair = tournament.entrants.get(number=9)
    assert (pair.player1, pair.player2, pair.club) == ("Neri Elena", "Gallo Fabio", "Aurora")
    entry = AuditEntry.objects.get(action="pair_edit")
    assert entry.before["number"] == 2 and entry.after["number"] == 9


def test_edit_to_a_taken_number_is_refused(english, tournament):
    before = tournament.entrants.get(number=2)
    response = english.post(
        url("pair_edit", tournament, 2),
        {"number": "1", "player1": "Changed", "player2": "Names", "club": ""},
    )
    assert response.status_code == 200
    assert "already taken" in response.context["form"].errors["number"][0]
    after = tournament.entrants.get(pk=before.pk)
    assert (after.number, after.player1) == (2, before.player1)


def test_edit_unknown_pair_is_404(english, tournament):
    assert english.get(url("pair_edit", tournament, 99)).status_code == 404


def test_withdraw_and_reinstate_need_a_confirmation(english, tournament):
    confirm = english.get(url("pair_withdraw", tournament, 3))
    assert confirm.status_code == 200
    assert "Withdraw pair 3." in confirm.content.decode()
    assert not tournament.entrants.get(number=3).withdrawn  # a GET changes nothing
    response = english.post(url("pair_withdraw", tournament, 3), {"reason": "Malore"})
    assert response.status_code == 302
    assert tournament.entrants.get(number=3).withdrawn
    assert AuditEntry.objects.get(action="pair_withdraw").reason == "Malore"
    # Withdrawing it again has nothing to confirm: back to the pair.
    again = english.post(url("pair_withdraw", tournament, 3), {"reason": ""})
    assert again.url == url("pair_edit", tournament, 3)
    assert AuditEntry.objects.filter(action="pair_withdraw").count() == 1
    english.post(url("pair_reinstate", tournament, 3), {"reason": ""})
    assert not tournament.entrants.get(number=3).withdrawn
    assert AuditEntry.objects.filter(action="pair_reinstate").count() == 1


def test_pair_without_a_table_can_be_deleted(english, tournament):
    assert "Delete the pair" in english.get(url("pair_edit", tournament, 4)).content.decode()
    response = english.post(url("pair_delete", tournament, 4), {"reason": "Doppione"})
    assert response.status_code == 302
    assert numbers(tournament) == [1, 2, 3]
    assert AuditEntry.objects.get(action="pair_delete").before["number"] == 4


def test_pair_seated_in_a_turno_cannot_be_deleted(english, tournament):
    make_turno(tournament, 1, [(1, 2), (3, 4)])
    edit = english.get(url("pair_edit", tournament, 1)).content.decode()
    assert url("pair_delete", tournament, 1) not in edit
    confirm = english.get(url("pair_delete", tournament, 1)).content.decode()
    assert "cannot be deleted: withdraw it instead" in confirm
    response = english.post(url("pair_delete", tournament, 1), {"reason": ""})
    assert response.status_code == 200
    assert numbers(tournament) == [1, 2, 3, 4]
    assert not AuditEntry.objects.filter(action="pair_delete").exists()


def test_pair_that_rested_cannot_be_deleted(tournament, director):
    make_pairs_five = make_tournament(owner=director)
    make_pairs(make_pairs_five, 3)
    make_turno(make_pairs_five, 1, [(1, 2)], byes=[3])
    with pytest.raises(ValidationError):
        entrant_delete(entrant=make_pairs_five.entrants.get(number=3), user=director)
    assert make_pairs_five.entrants.count() == 3


def test_services_record_nothing_when_nothing_changes(tournament, director):
    pair = tournament.entrants.get(number=1)
    entrant_update(
        entrant=pair,
        user=director,
        player1=pair.player1,
        player2=pair.player2,
        club=pair.club,
        number=1,
    )
    assert not AuditEntry.objects.exists()
    with pytest.raises(ValidationError) as err:
        entrant_create(tournament=tournament, user=director, player1="A", player2="B", number=1)
    assert "number" in err.value.message_dict


@pytest.mark.parametrize(
    "name, args, method",
    [
        ("pairs", (), "get"),
        ("pairs", (), "post"),
        ("pair_edit", (1,), "post"),
        ("pair_withdraw", (1,), "post"),
        ("pair_delete", (1,), "post"),
        ("pairs_paste", (), "post"),
        ("pairs_import", (), "post"),
        ("pairs_number_draw", (), "post"),
    ],
)
def test_another_director_gets_404_and_changes_nothing(client, tournament, name, args, method):
    client.force_login(make_director("intruso"))
    data = {"number": "1", "player1": "A", "player2": "B", "text": "A - B", "seed": "x"}
    response = getattr(client, method)(url(name, tournament, *args), data)
    assert response.status_code == 404
    assert numbers(tournament) == [1, 2, 3, 4]
    assert not tournament.entrants.filter(withdrawn=True).exists()
    assert not AuditEntry.objects.exists()


def test_anonymous_is_sent_to_login(client, tournament):
    response = client.get(url("pairs", tournament))
    assert response.status_code == 302 and reverse("login") in response.url


def test_granted_director_may_manage(client, tournament):
    other = make_director("vice")
    tournament.directors.add(other)
    client.force_login(other)
    assert client.get(url("pairs", tournament)).status_code == 200
