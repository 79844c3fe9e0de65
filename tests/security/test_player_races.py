"""Races at the table (issue 19, item 2): a phone's confirmation that accepts the table and the
director's save arriving together. Real transactions in threads, on SQLite and PostgreSQL:
one of the two goes in, the other finds its version and is refused with a message; the
director's result is never replaced by the players' entry, nor the reverse."""

from __future__ import annotations

import random
import time

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.tournaments.models import AuditEntry, Submission, Table
from burraco_tourney.tournaments.selectors.player_entries import live_access
from burraco_tourney.tournaments.services import player_entries as services
from burraco_tourney.tournaments.services.scores import table_record_smazzate
from tests.factories import make_director
from tests.security.test_races import _at_once
from tests.tournaments.player_support import players_turno, three_smazzate

ROUNDS = 24
PLAYERS_CARDS, DIRECTOR_CARDS = 185, 150


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_a_confirmation_and_the_directors_save_at_once_never_lose_either():
    tournament, turno = players_turno(auto_accept=True, tables=ROUNDS)
    director = make_director()
    links = services.turno_links_ensure(turno=turno)
    accesses = []
    for table in turno.tables.order_by("number"):
        access = links[table.pk]
        services.player_entry_save(
            access=access,
            line="ns",
            session="ns-phone",
            smazzate=three_smazzate(PLAYERS_CARDS),
            version=0,
        )
        accesses.append(access)
    outcomes = []
    for access in accesses:
        # Both pages were opened before either sends: the phone's link (and its table) and
        # the director's form with the table's version.
        access = live_access(token=access.token)
        seen = Table.objects.get(pk=access.table_id).version
        pause = random.random() / 200

        def send(i, access=access, seen=seen, pause=pause):
            if i == 0:
                time.sleep(pause)
                return services.player_entry_save(
                    access=access,
                    line="eo",
                    session="eo-phone",
                    smazzate=three_smazzate(PLAYERS_CARDS),
                    version=0,
                )
            time.sleep(0.005 - pause)
            return table_record_smazzate(
                table=Table(pk=access.table_id),
                user=director,
                smazzate=three_smazzate(DIRECTOR_CARDS),
                version=seen,
            )

        phone, desk = _at_once(2, send)
        outcomes.append((access.table_id, phone, desk))

    for table_id, phone, desk in outcomes:
        table = Table.objects.get(pk=table_id)
        stored = table.smazzate.get(number=2).eo_cards
        refused = [r for r in (phone, desk) if isinstance(r, ValidationError)]
        others = [r for r in (phone, desk) if isinstance(r, Exception) and r not in refused]
        assert not others, others
        assert len(refused) == 1, f"table {table.number}: both went in, {stored} stored"
        if refused[0] is phone:
            # The director was first: his result stands, the phone was told the table is his.
            assert refused[0].code == "accepted"
            assert stored == DIRECTOR_CARDS
            assert not Submission.objects.filter(table=table, source="eo", version__gt=0)
        else:
            # The phone was first: the director, holding an old version, is refused.
            assert refused[0].code == "stale"
            assert "meanwhile" in refused[0].messages[0] or "frattempo" in refused[0].messages[0]
            assert stored == PLAYERS_CARDS
        results = AuditEntry.objects.filter(table=table, action__startswith="result_")
        assert results.count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("site_database")
def test_two_phones_choosing_one_line_at_once_one_holds_it():
    _, turno = players_turno(tables=8)
    links = services.turno_links_ensure(turno=turno)
    for table in turno.tables.all():
        access = links[table.pk]

        def choose(i, access=access):
            return services.player_line_choose(access=access, line="ns", session=f"phone-{i}")

        results = _at_once(2, choose)
        refused = [r for r in results if isinstance(r, ValidationError)]
        assert len(refused) == 1 and refused[0].code == "line_held", results
        holder = Submission.objects.get(table=table, source="ns").holder
        assert holder == next(r for r in results if isinstance(r, Submission)).holder
