"""A phone on the club's Wi-Fi sends a save again when the answer to the first try was lost:
the save carries an id made on the phone (client_id), the server stores it with the draft and
recognises the resend, so the entry is stored once (issue 26)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Submission, Table
from burraco_tourney.tournaments.services import player_entries as services
from tests.security.test_races import _at_once
from tests.tournaments.player_support import players_turno, three_smazzate
from tests.tournaments.test_table_side_pages import _boxes

SAVE_ID = "2f0c6a1e-5b7d-4c2e-9a41-7d1b0c9e3f55"


def _access(turno):
    return services.turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk]


def _save(access, version=0, cards=185, save_id=SAVE_ID):
    return services.player_entry_save(
        access=access,
        line="ns",
        session="a",
        smazzate=three_smazzate(cards),
        version=version,
        client_id=save_id,
    )


def _entries(access, action=services.PLAYER_ENTER):
    return AuditEntry.objects.filter(action=action, table=access.table).count()


@pytest.mark.django_db
def test_a_save_sent_twice_is_stored_once():
    _, turno = players_turno(auto_accept=False)
    access = _access(turno)
    first = _save(access)
    again = _save(access)
    assert not first.resent and again.resent
    entry = Submission.objects.get(table=access.table, source="ns")
    assert entry.version == 1 and entry.client_id == SAVE_ID
    assert _entries(access) == 1
    # Another save of the same line (a new id) is a new save, checked against its version.
    _save(access, version=1, cards=155, save_id="another-save-id-1")
    assert Submission.objects.get(pk=entry.pk).version == 2


def _ns_phone(client):
    """A table of a turno accepted as soon as both lines agree, and ``client`` holding NS."""
    _, turno = players_turno(auto_accept=True)
    access = _access(turno)
    client.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    return access, reverse("table:page", args=[access.token])


@pytest.mark.django_db
def test_the_phone_that_sends_again_is_told_it_had_arrived(client):
    access, url = _ns_phone(client)
    assert client.post(url, {**_boxes(), "client_id": SAVE_ID}).status_code == 302
    eo = Client()
    eo.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    confirm = {**_boxes(), "client_id": "eo-save-id-0001"}
    assert eo.post(url, confirm).status_code == 302
    assert Table.objects.get(pk=access.table_id).entry_mode == "smazzate"
    # EO's phone lost the answer and sends the confirmation again, once the table is accepted.
    response = eo.post(url, confirm, follow=True)
    assert "era già arrivato" in response.content.decode()
    assert _entries(access, services.PLAYER_CONFIRM) == 1
    assert Table.objects.get(pk=access.table_id).version == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_the_same_save_arriving_twice_at_once_is_stored_once():
    _, turno = players_turno(auto_accept=False)
    access = _access(turno)
    results = _at_once(2, lambda i: _save(access))
    assert sorted(str(getattr(r, "resent", r)) for r in results) == ["False", "True"], results
    assert Submission.objects.get(table=access.table, source="ns").version == 1
    assert _entries(access) == 1


@pytest.mark.django_db
def test_each_line_sees_a_receipt_of_what_it_entered_and_what_was_accepted(client):
    access, url = _ns_phone(client)
    client.post(url, _boxes())
    receipt = client.get(url).content.decode()
    assert "Ricevuta: quello che la tua linea ha inserito o confermato" in receipt
    assert "(salvataggio 1)" in receipt
    # Smazzata 2 as NS entered it: EO closed with 185 card points and a burraco pulito.
    assert "punti carte 185, pulito 1, ha chiuso, ha preso il pozzetto" in receipt
    # Smazzata 1: EO did not close and took its pozzetto; smazzata 3 below, it did not take it.
    assert "punti carte 45, ha preso il pozzetto" in receipt
    assert 'data-receipt="waiting"' in receipt
    eo = Client()
    eo.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    eo.post(url, _boxes(eo_cards_2=155))  # EO differs: nothing accepted
    assert 'data-receipt="waiting"' in eo.get(url).content.decode()
    assert "punti carte 155, pulito 1" in eo.get(url).content.decode()
    eo.post(url, _boxes(version=1))  # EO corrects its entry: both agree, the table is accepted
    table = Table.objects.get(pk=access.table_id)
    for phone in (client, eo):
        page = phone.get(url).content.decode()
        assert 'data-receipt="accepted"' in page
        assert f"NS {table.ns_mp} – EO {table.eo_mp}" in page


@pytest.mark.django_db
def test_a_receipt_says_a_line_did_not_take_its_pozzetto(client):
    access, url = _ns_phone(client)
    boxes = _boxes()
    del boxes["s3_eo_pozzetto"]  # smazzata 3: NS closed, EO never took its pozzetto
    client.post(url, boxes)
    receipt = client.get(url).content.decode()
    assert "punti carte 30, non ha preso il pozzetto" in receipt
    assert "punti carte 45, ha preso il pozzetto" in receipt
