"""The players' drafts: a line enters, the other confirms or differs, the table is accepted
only through the scoring service, and nothing a player does reaches the results before."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.tournaments.models import AuditEntry, Submission, Table, TableAccess
from burraco_tourney.tournaments.selectors.player_entries import (
    TableState,
    entry_differences,
    room_board,
)
from burraco_tourney.tournaments.services import player_entries as services
from burraco_tourney.tournaments.services.scores import ScorecardInvalid
from burraco_tourney.tournaments.services.seating_fix import table_swap_lines
from tests.factories import make_director
from tests.tournaments.player_support import players_turno, smazzata, three_smazzate

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_messages")]


def _access(turno, number=1) -> TableAccess:
    links = services.turno_links_ensure(turno=turno)
    return links[turno.tables.get(number=number).pk]


def _save(access, line, smazzate, session=None):
    entry = Submission.objects.lines().filter(table=access.table, source=line).first()
    return services.player_entry_save(
        access=access,
        line=line,
        # One phone per line: each line saves from its own phone unless the test says.
        session=session or f"{line}-phone",
        smazzate=smazzate,
        version=entry.version if entry else 0,
    )


def test_every_table_gets_a_long_random_link_that_stays_the_same():
    _, turno = players_turno(tables=3)
    first = services.turno_links_ensure(turno=turno)
    again = services.turno_links_ensure(turno=turno)
    tokens = {a.token for a in first.values()}
    assert len(tokens) == 3
    assert all(len(t) >= 40 for t in tokens)
    assert {a.token for a in again.values()} == tokens


def test_ns_enters_eo_confirms_and_the_table_is_accepted_automatically():
    tournament, turno = players_turno()
    access = _access(turno)
    saved = _save(access, "ns", three_smazzate(), session="ns-phone")
    table = Table.objects.get(pk=access.table_id)
    assert not saved.agreed and not table.entry_mode
    assert room_board(turno=turno)[0].state == TableState.WAITING

    saved = _save(access, "eo", three_smazzate(), session="eo-phone")
    table.refresh_from_db()
    assert saved.agreed and saved.accepted is not None
    assert table.entry_mode == "smazzate"
    assert (table.ns_mp, table.eo_mp) == (420 + 60 + 395, 45 + 485 + 30)
    assert room_board(turno=turno)[0].state == TableState.ACCEPTED
    log = list(AuditEntry.objects.filter(table=table).order_by("id"))
    assert [e.action for e in log] == ["player_enter", "player_confirm", "result_enter"]
    assert log[0].after["line"] == "ns" and log[0].after["phone"] == "ns-phone"
    assert log[1].after["line"] == "eo" and log[1].after["phone"] == "eo-phone"
    assert "ns-phone" in log[2].reason and "eo-phone" in log[2].reason
    assert all(access.token not in str(e.after) + e.reason for e in log)


def test_differing_entries_are_kept_and_compared_box_by_box():
    tournament, turno = players_turno()
    access = _access(turno)
    _save(access, "ns", three_smazzate(eo_cards_2=185))
    _save(access, "eo", three_smazzate(eo_cards_2=155))
    table = Table.objects.get(pk=access.table_id)
    assert not table.entry_mode
    assert room_board(turno=turno)[0].state == TableState.DISPUTED
    entries = {e.line: e for e in Submission.objects.lines().filter(table=table)}
    diffs = entry_differences(entries["ns"].smazzate, entries["eo"].smazzate, ["pulito"])
    assert [(d.smazzata, d.line, d.box, d.ns_value, d.eo_value) for d in diffs] == [
        (2, "eo", "cards", 185, 155)
    ]
    # The EO phone fixes its box: both agree, the table is accepted.
    _save(access, "eo", three_smazzate(eo_cards_2=185))
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"


def test_without_automatic_acceptance_the_director_accepts():
    tournament, turno = players_turno(auto_accept=False)
    access = _access(turno)
    _save(access, "ns", three_smazzate())
    _save(access, "eo", three_smazzate())
    table = Table.objects.get(pk=access.table_id)
    assert not table.entry_mode
    assert room_board(turno=turno)[0].state == TableState.CONFIRMED
    director = make_director()
    services.player_table_accept(table=table, user=director, line="ns", version=table.version)
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"
    assert AuditEntry.objects.filter(table=table, action="result_enter", user=director).exists()


def test_the_director_accepts_one_line_of_a_dispute_only_with_a_reason():
    tournament, turno = players_turno()
    access = _access(turno)
    _save(access, "ns", three_smazzate(eo_cards_2=185))
    _save(access, "eo", three_smazzate(eo_cards_2=155))
    table = Table.objects.get(pk=access.table_id)
    director = make_director()
    with pytest.raises(ValidationError) as refused:
        services.player_table_accept(table=table, user=director, line="eo", version=table.version)
    assert refused.value.code == "reason_required"
    services.player_table_accept(
        table=table, user=director, line="eo", version=table.version, reason="Score firmato"
    )
    table.refresh_from_db()
    entry = AuditEntry.objects.get(table=table, action="result_enter")
    assert "Score firmato" in entry.reason


def test_the_engine_refuses_a_players_entry_as_a_directors():
    _, turno = players_turno()
    access = _access(turno)
    both_close = smazzata(120, 45)
    bad = type(both_close)(
        ns=both_close.ns, eo=type(both_close.eo)(cards=45, pulito=1, chiusura=True), end="chiusura"
    )
    with pytest.raises(ScorecardInvalid):
        _save(access, "ns", [bad])
    assert not Submission.objects.lines().filter(table=access.table, source="ns").exists()


def test_two_tabs_of_one_phone_saving_at_once_never_lose_an_entry():
    _, turno = players_turno()
    access = _access(turno)
    services.player_entry_save(
        access=access, line="ns", session="a", smazzate=three_smazzate(), version=0
    )
    with pytest.raises(ValidationError) as refused:
        services.player_entry_save(
            access=access, line="ns", session="a", smazzate=three_smazzate(155), version=0
        )
    assert refused.value.code == "stale"
    entry = Submission.objects.get(table=access.table, source="ns")
    assert entry.session == "a" and entry.smazzate[1]["eo"]["cards"] == 185


def test_a_closed_turno_refuses_a_late_entry():
    _, turno = players_turno()
    access = _access(turno)
    services.turno_players_close(turno=turno, user=make_director())
    with pytest.raises(ValidationError) as refused:
        _save(access, "ns", three_smazzate())
    assert refused.value.code == "turno_closed"


def test_a_seating_change_revokes_the_link_and_drops_the_drafts():
    _, turno = players_turno()
    access = _access(turno)
    _save(access, "ns", three_smazzate())
    table_swap_lines(table=access.table, user=make_director(), reason="Scambiati")
    access.refresh_from_db()
    assert access.revoked_at is not None
    assert not Submission.objects.lines().filter(table=access.table).exists()
    with pytest.raises(ValidationError) as refused:
        _save(access, "ns", three_smazzate())
    assert refused.value.code == "revoked"
    fresh = _access(turno)
    assert fresh.token != access.token
