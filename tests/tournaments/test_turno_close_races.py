"""Closing a turno while a result is being saved (issue 20), with real transactions in threads,
on SQLite and PostgreSQL alike: the close either sees the result or comes after it, so a closed
turno never has a table without a result, and a correction is marked "corrected after the
close" exactly when the close came first."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.exceptions import ValidationError
from django.db import OperationalError, connections

from burraco_tourney.tournaments.models import AuditEntry, Match, Table, Turno
from burraco_tourney.tournaments.services import scores, submissions
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 4


def _waiting(work):
    """``work``, tried again while SQLite says its tables are locked by the other thread.

    The site's SQLite file waits up to 20 s for another writer (its busy timeout); the test
    database is SQLite in memory, shared between the threads, which has no busy timeout and
    refuses at once instead. A refused transaction wrote nothing: trying it again is waiting.
    """
    for _ in range(2000):
        try:
            return work()
        except OperationalError as error:
            if "locked" not in str(error):
                raise
            time.sleep(0.005)
    raise AssertionError("the other thread kept the database locked")


def _at_once(*works):
    """Run each of ``works`` in its own thread, released together; their results or errors."""
    barrier = threading.Barrier(len(works))
    results: list = [None] * len(works)

    def run(i):
        try:
            barrier.wait()
            results[i] = _waiting(works[i])
        except Exception as error:  # the test looks at it
            results[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(works))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def _turno(number_with_result: tuple[int, ...]):
    tournament = make_tournament(planned_turni=1)
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1250, 830), (900, 880)])
    Turno.objects.filter(pk=turno.pk).update(closed_at=None)
    Table.objects.filter(turno=turno).exclude(number__in=number_with_result).update(
        entry_mode="", ns_mp=None, eo_mp=None
    )
    Match.objects.filter(turno=turno).exclude(number__in=number_with_result).update(
        ns_mp=None, eo_mp=None, ns_vp=None, eo_vp=None
    )
    return turno


def _enter(turno, number, ns_mp, eo_mp, director, reason=""):
    def work():
        table = Table.objects.get(turno=turno, number=number)
        return table_record_totals(
            table=table,
            user=director,
            ns_mp=ns_mp,
            eo_mp=eo_mp,
            version=table.version,
            reason=reason,
        )

    return work


@pytest.mark.parametrize("attempt", range(ROUNDS))
def test_a_close_racing_the_last_result_never_closes_a_table_without_one(attempt):
    director = make_director(f"arbitro{attempt}")
    turno = _turno((1,))
    entered, closed = _at_once(
        _enter(turno, 2, 900, 880, director), lambda: turno_close(turno=turno, user=director)
    )
    assert not isinstance(entered, Exception), entered
    turno.refresh_from_db()
    assert Table.objects.get(turno=turno, number=2).entry_mode == "totals"
    if isinstance(closed, Exception):
        # The close came first and saw table 2 empty: refused, nothing closed.
        assert isinstance(closed, ValidationError) and closed.code == "not_ready"
        assert turno.closed_at is None
    else:
        assert turno.closed_at is not None


@pytest.mark.parametrize("attempt", range(ROUNDS))
def test_a_correction_racing_the_close_is_marked_exactly_when_the_close_came_first(attempt):
    director = make_director(f"arbitro{attempt}")
    turno = _turno((1, 2))
    corrected, closed = _at_once(
        _enter(turno, 2, 905, 880, director, reason="Firma"),
        lambda: turno_close(turno=turno, user=director),
    )
    assert not isinstance(corrected, Exception), corrected
    assert not isinstance(closed, Exception), closed
    table = Table.objects.get(turno=turno, number=2)
    action = AuditEntry.objects.get(table=table, action__startswith="result_correct").action
    close_entry = AuditEntry.objects.get(action="turno_close", tournament=turno.tournament)
    correction = AuditEntry.objects.get(table=table, action=action)
    if action == "result_correct_closed":
        assert table.corrected_at is not None and close_entry.pk < correction.pk
    else:
        assert action == "result_correct"
        assert table.corrected_at is None and correction.pk < close_entry.pk


def test_a_result_cleared_while_the_turno_is_being_closed_keeps_it_open(monkeypatch):
    """The clear has written but not committed when the close reads the tables: the close waits
    for it (the tables are locked) and then refuses, instead of closing on the old result."""
    director = make_director()
    turno = _turno((1, 2))
    cleared = threading.Event()
    real_record = submissions.audit_record

    def slow_record(**kwargs):
        entry = real_record(**kwargs)
        if kwargs["action"] == "result_clear":
            cleared.set()
            time.sleep(0.5)  # still inside the clear's transaction
        return entry

    monkeypatch.setattr(submissions, "audit_record", slow_record)

    def clear():
        table = Table.objects.get(turno=turno, number=2)
        return scores.table_clear_result(
            table=table, user=director, version=table.version, reason="Da rifare"
        )

    def close():
        assert cleared.wait(10)
        return turno_close(turno=turno, user=director)

    result, closed = _at_once(clear, close)
    assert not isinstance(result, Exception), result
    assert isinstance(closed, ValidationError) and closed.code == "not_ready"
    turno.refresh_from_db()
    assert turno.closed_at is None
    assert Table.objects.get(turno=turno, number=2).entry_mode == ""
