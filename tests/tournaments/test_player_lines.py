"""Trust at the table (issue 19): one line, one phone; the director accepts the entry he saw;
the change log says who entered what, where the lines differed and how it was settled."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Submission, Table
from burraco_tourney.tournaments.services import player_entries as services
from tests.tournaments.player_support import players_turno, three_smazzate
from tests.tournaments.test_table_side_pages import _boxes

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _clear_limits():
    cache.clear()


def _access(turno, number=1):
    return services.turno_links_ensure(turno=turno)[turno.tables.get(number=number).pk]


def _phone(access, line: str | None = None) -> Client:
    """A phone: its own browser session, having chosen ``line`` when given."""
    phone = Client()
    phone.get(reverse("table:page", args=[access.token]))
    if line:
        phone.post(reverse("table:line", args=[access.token]), {"line": line})
    return phone


def _name(phone: Client) -> str:
    return phone.session["phone_name"]


def _save(access, line, session, eo_cards_2=185):
    entry = Submission.objects.filter(table=access.table, source=line).first()
    return services.player_entry_save(
        access=access,
        line=line,
        session=session,
        smazzate=three_smazzate(eo_cards_2),
        version=entry.version if entry else 0,
    )


def test_one_phone_cannot_enter_for_ns_and_confirm_for_eo():
    _, turno = players_turno()
    access = _access(turno)
    url = reverse("table:page", args=[access.token])
    phone = _phone(access, "ns")
    assert phone.post(url, _boxes()).status_code == 302
    # The same phone (or a second tab of it) now says it is EO: refused.
    response = phone.post(reverse("table:line", args=[access.token]), {"line": "eo"}, follow=True)
    assert "Questo telefono è la linea NS" in response.content.decode()
    assert phone.post(url, _boxes(version=1)).status_code == 302  # saved again as NS
    table = Table.objects.get(pk=access.table_id)
    assert not table.entry_mode
    assert not Submission.objects.filter(table=table, source="eo").exists()
    # The service refuses it too, whichever way it is asked.
    with pytest.raises(ValidationError) as refused:
        _save(access, "eo", _name(phone))
    assert refused.value.code == "line_held"
    table.refresh_from_db()
    assert not table.entry_mode


@pytest.mark.usefixtures("english_messages")
def test_a_freed_line_cannot_be_used_to_confirm_ones_own_entry(director):
    tournament, turno = players_turno()
    access = _access(turno)
    _save(access, "ns", "phone-a")
    services.player_line_free(table=access.table, user=director, line="ns")
    # Phone A no longer holds NS, but it entered NS's scorecard: it cannot be EO's check.
    with pytest.raises(ValidationError) as refused:
        services.player_line_choose(access=access, line="eo", session="phone-a")
    assert "entered line NS's scorecard" in refused.value.messages[0]
    with pytest.raises(ValidationError):
        _save(access, "eo", "phone-a")
    assert not Table.objects.get(pk=access.table_id).entry_mode
    # Another phone confirms it.
    assert _save(access, "eo", "phone-b").accepted is not None


@pytest.mark.usefixtures("english_messages")
def test_a_phone_cannot_overwrite_the_other_lines_draft():
    _, turno = players_turno(auto_accept=False)
    access = _access(turno)
    _save(access, "ns", "ns-phone", eo_cards_2=185)
    _save(access, "eo", "eo-phone", eo_cards_2=155)
    with pytest.raises(ValidationError) as refused:
        _save(access, "ns", "eo-phone", eo_cards_2=155)
    assert refused.value.code == "line_held"
    with pytest.raises(ValidationError):
        _save(access, "ns", "third-phone", eo_cards_2=155)
    ns = Submission.objects.get(table=access.table, source="ns")
    assert ns.smazzate[1]["eo"]["cards"] == 185 and ns.session == "ns-phone"


def test_a_held_line_is_shown_taken_until_the_director_frees_it(english, director):
    tournament, turno = players_turno()
    tournament.directors.add(director)
    access = _access(turno)
    url = reverse("table:page", args=[access.token])
    first = _phone(access, "ns")
    second = _phone(access)
    page = second.get(url).content.decode()
    assert 'value="ns" class="btn big" disabled' in page
    assert "La linea NS è tenuta da un altro telefono." in page
    # Asking anyway is refused: the second phone holds nothing and saves nothing.
    refused = second.post(reverse("table:line", args=[access.token]), {"line": "ns"}, follow=True)
    assert "La linea NS è già tenuta da un altro telefono" in refused.content.decode()
    assert second.post(url, _boxes()).status_code == 302
    assert not Submission.objects.get(table=access.table, source="ns").entered

    # The room board says which phone holds NS and frees it; the change log says so.
    tiles = english.get(reverse("manage:room_board_tiles", args=[tournament.slug, 1]))
    assert f"NS: phone {_name(first)}" in tiles.content.decode()
    free = reverse("manage:room_free", args=[tournament.slug, 1, 1])
    english.post(free, {"line": "ns"})
    log = AuditEntry.objects.get(action="player_line_free")
    assert log.user == director and log.after == {"line": "ns", "phone": _name(first)}
    audit = english.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert f"Line NS freed: phone {_name(first)} no longer holds it." in audit

    # The first phone is told; the second takes NS and enters.
    assert "Questo telefono non tiene più la linea NS" in first.get(url).content.decode()
    assert first.post(url, _boxes()).status_code == 302
    assert not Submission.objects.get(table=access.table, source="ns").entered
    second.post(reverse("table:line", args=[access.token]), {"line": "ns"})
    assert second.post(url, _boxes()).status_code == 302
    entry = Submission.objects.get(table=access.table, source="ns")
    assert entry.entered and entry.session == entry.holder == _name(second)


def test_the_director_is_told_when_the_entry_changed_after_he_opened_it(english, director):
    tournament, turno = players_turno(auto_accept=False)
    tournament.directors.add(director)
    access = _access(turno)
    _save(access, "ns", "ns-phone", eo_cards_2=185)
    _save(access, "eo", "eo-phone", eo_cards_2=155)
    table_url = reverse("manage:room_table", args=[tournament.slug, 1, 1])
    page = english.get(table_url).content.decode()
    seen = Submission.objects.get(table=access.table, source="eo").version
    assert f'name="entry_version" value="{seen}"' in page
    # The EO phone changes its entry while the director reads the page.
    _save(access, "eo", "eo-phone", eo_cards_2=175)
    table = Table.objects.get(pk=access.table_id)
    accept = reverse("manage:room_accept", args=[tournament.slug, 1, 1])
    data = {"line": "eo", "version": table.version, "entry_version": seen, "reason": "Firmato"}
    response = english.post(accept, data, follow=True)
    text = response.content.decode()
    assert "EO&#x27;s phone changed its entry after you opened the page" in text
    assert response.redirect_chain[-1][0] == table_url
    assert "<td>185</td><td>175</td>" in text  # the new entry, against NS's
    table.refresh_from_db()
    assert not table.entry_mode
    # Accepting the entry now shown goes in, as EO entered it.
    fresh = Submission.objects.get(table=access.table, source="eo").version
    english.post(accept, {**data, "entry_version": fresh})
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"
    assert table.smazzate.get(number=2).eo_cards == 175


def test_the_change_log_settles_a_dispute(english, director):
    tournament, turno = players_turno(auto_accept=False)
    tournament.directors.add(director)
    access = _access(turno)
    _save(access, "ns", "ns-phone", eo_cards_2=180)
    _save(access, "eo", "eo-phone", eo_cards_2=150)
    table = Table.objects.get(pk=access.table_id)
    ns = Submission.objects.get(table=table, source="ns")
    services.player_table_accept(
        table=table,
        user=director,
        line="ns",
        version=table.version,
        entry_version=ns.version,
        reason="Lo score firmato dice 180",
    )
    page = english.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    # What each line entered, from which phone.
    assert "NS entered the scorecard from phone ns-phone." in page
    assert "EO entered the scorecard from phone eo-phone." in page
    # The box they disagreed on, with both values, when EO entered and when it was settled.
    difference = (
        '<span class="key">Smazzata 2 · EO · card points:</span> NS entered 180, EO entered 150'
    )
    assert page.count(difference) == 2
    # How it was settled: which line, by whom, why.
    settled = AuditEntry.objects.get(action="player_accept")
    assert settled.user == director and settled.reason == "Lo score firmato dice 180"
    assert "NS&#x27;s entry (phone ns-phone) accepted over EO&#x27;s (phone eo-phone)." in page
    assert "Players&#x27; entry accepted" in page
    # Never the token; never a first entry read as boxes "changed".
    assert access.token not in page
    assert "boxes changed" not in page


def test_an_unchanged_confirmation_reads_as_agreement(english, director):
    tournament, turno = players_turno(auto_accept=False)
    tournament.directors.add(director)
    access = _access(turno)
    _save(access, "ns", "ns-phone")
    _save(access, "eo", "eo-phone")
    confirm = AuditEntry.objects.get(action="player_confirm")
    assert confirm.before is None and "differences" not in confirm.after
    assert confirm.after["other_line"] == "ns" and confirm.after["other_phone"] == "ns-phone"
    page = english.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert "EO, from phone eo-phone, agrees with NS&#x27;s entry (phone ns-phone)." in page
    assert "Where the two lines differ" not in page
    # A line saving the same again: nothing changed, said so.
    _save(access, "ns", "ns-phone", eo_cards_2=155)
    _save(access, "ns", "ns-phone", eo_cards_2=155)
    page = english.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    assert "Nothing changed from its earlier entry." in page
