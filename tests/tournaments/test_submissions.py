"""Every way a result arrives is a submission: the director's saves, a line's phones. Accepting
one writes the table's result, asks the engine once, and supersedes the one accepted before."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.urls import reverse

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments import results_bridge
from burraco_tourney.tournaments.models import AuditEntry, Table
from burraco_tourney.tournaments.services import player_entries as phones
from tests.tournaments.player_support import drafts_to_accept, first_save, players_turno
from tests.tournaments.scores_support import (
    FULL,
    clear_url,
    entry_url,
    scorecard,
    scored_tournament,
    table_of,
)

pytestmark = pytest.mark.django_db


@contextmanager
def engine_calls(monkeypatch):
    """Count the engine's scoring of a table (``rules.outcome.table_outcome``, which the results
    bridge calls for every path)."""
    calls: list[object] = []
    real = results_bridge.table_outcome

    def counted(rules, entry, **kwargs):
        calls.append(entry)
        return real(rules, entry, **kwargs)

    monkeypatch.setattr(results_bridge, "table_outcome", counted)
    yield calls


def _submissions(table: Table) -> list[tuple[str, str, int]]:
    return [(s.source, s.state, s.version) for s in table.submissions.order_by("pk")]


def test_a_director_save_asks_the_engine_once_and_is_the_accepted_submission(
    english, director, monkeypatch
):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    with engine_calls(monkeypatch) as calls:
        response = english.post(entry_url(turno), scorecard(table, *FULL))
    assert response.status_code == 302
    assert len(calls) == 1
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"
    submission = table.submissions.get()
    assert (submission.source, submission.state, submission.author) == (
        "director",
        "accepted",
        director,
    )
    assert submission.version == table.version
    # The entry as the engine reads it, in the shape the phones' drafts have.
    assert [s["ns"]["cards"] for s in submission.smazzate] == [
        s.ns_cards for s in table.smazzate.order_by("number")
    ]


def test_totals_and_forfeit_saves_ask_the_engine_once(english, director, monkeypatch):
    _, turno = scored_tournament(director)
    table, other = table_of(turno, 1), table_of(turno, 2)
    totals = {"mode": "totals", "version": table.version, "ns_mp": "1200", "eo_mp": "900"}
    forfeit = {"mode": "forfeit", "version": other.version, "absent": "ns"}
    with engine_calls(monkeypatch) as calls:
        assert english.post(entry_url(turno, 1), totals).status_code == 302
    assert len(calls) == 1
    with engine_calls(monkeypatch) as calls:
        assert english.post(entry_url(turno, 2), forfeit).status_code == 302
    assert len(calls) == 1
    assert table.submissions.get().data == {"totals": {"ns": 1200, "eo": 900, "last_move": ""}}
    assert other.submissions.get().data == {"forfeit": "eo"}


def test_a_refused_scorecard_still_shows_every_refusal_next_to_its_box(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    data = scorecard(table, *FULL)
    data["s1_ns_chiusura"] = ""  # nobody closed, the smazzata still ended by chiusura
    data["s1_end"] = "chiusura"
    response = english.post(entry_url(turno), data)
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not table.submissions.exists()
    table.refresh_from_db()
    assert not table.entry_mode


def test_a_correction_supersedes_the_accepted_submission_and_a_clear_is_one_too(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    english.post(entry_url(turno), scorecard(table, *FULL))
    table.refresh_from_db()
    totals = {"mode": "totals", "version": table.version, "ns_mp": "1200", "eo_mp": "900"}
    english.post(entry_url(turno), {**totals, "reason": "Copied from the paper"})
    table.refresh_from_db()
    assert _submissions(table) == [
        ("director", "superseded", 1),
        ("director", "accepted", 2),
    ]
    english.post(clear_url(turno), {"clear-version": table.version, "clear-reason": "Wrong table"})
    table.refresh_from_db()
    assert not table.entry_mode
    assert _submissions(table)[-1] == ("director", "accepted", 3)
    assert table.submissions.order_by("pk").last().data == {}
    assert [e.action for e in AuditEntry.objects.filter(table=table).order_by("pk")] == [
        "result_enter",
        "result_correct",
        "result_clear",
    ]


def test_the_same_result_saved_again_makes_no_submission(english, director):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    english.post(entry_url(turno), scorecard(table, *FULL))
    table.refresh_from_db()
    english.post(entry_url(turno), scorecard(table, *FULL))
    assert table.submissions.count() == 1


def _boxes(version: int) -> dict:
    data = {"mode": "smazzate", "version": str(version)}
    for n, (ns, eo, closer) in enumerate([(120, 45, "ns"), (60, 185, "eo"), (95, 30, "ns")], 1):
        data.update({f"s{n}_ns_cards": str(ns), f"s{n}_eo_cards": str(eo)})
        data.update({f"s{n}_{closer}_pulito": "1", f"s{n}_{closer}_chiusura": "on"})
        data.update({f"s{n}_ns_pozzetto": "on", f"s{n}_eo_pozzetto": "on"})
    return data


def test_a_phone_confirming_the_other_line_asks_the_engine_once(client, monkeypatch):
    _, turno = players_turno()
    access = phones.turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk]
    phones.player_line_choose(access=access, line="ns", session="ns-phone")
    first_save(access, "ns")
    client.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    with engine_calls(monkeypatch) as calls:
        response = client.post(reverse("table:page", args=[access.token]), _boxes(0))
    assert response.status_code == 302
    assert len(calls) == 1
    table = Table.objects.get(pk=access.table_id)
    assert table.entry_mode == "smazzate" and table.ns_mp is not None
    states = {s.source: s.state for s in table.submissions.all()}
    assert states == {"ns": "confirmed", "eo": "accepted"}


def test_the_director_accepting_a_line_asks_the_engine_once(english, director, monkeypatch):
    turno, table, url, seen = drafts_to_accept(director)
    assert {s.source: s.state for s in table.submissions.all()} == {"ns": "draft", "eo": "draft"}
    with engine_calls(monkeypatch) as calls:
        english.post(url, {**seen, "reason": "Paper says 185"})
    assert len(calls) == 1
    table.refresh_from_db()
    assert table.entry_mode == "smazzate"
    assert {s.source: s.state for s in table.submissions.all()} == {
        "ns": "accepted",
        "eo": "draft",
    }
    # The director corrects it: his submission is the table's now, the line's is superseded.
    page = scorecard(table, *FULL, reason="The arbitro recounted")
    assert english.post(entry_url(turno), page).status_code == 302
    assert {s.source: s.state for s in table.submissions.all()} == {
        "ns": "superseded",
        "eo": "draft",
        "director": "accepted",
    }


def test_an_imported_result_is_the_archive_submission_and_a_correction_supersedes_it(
    english, director
):
    _, turno = scored_tournament(director)
    table = table_of(turno)
    english.post(entry_url(turno), scorecard(table, *FULL))
    other = table_of(turno, 2)
    english.post(entry_url(turno, 2), {"mode": "forfeit", "version": 0, "absent": "eo"})
    copy = tournament_import(data=tournament_export(turno.tournament), owner=director)
    copied = table_of(copy.turni.get(number=1))
    imported = copied.submissions.get()
    assert (imported.source, imported.state) == ("archive", "accepted")
    assert imported.data == table.submissions.get().data
    assert table_of(copy.turni.get(number=1), 2).submissions.get().data == {"forfeit": "ns"}
    assert not table_of(copy.turni.get(number=1), 3).submissions.exists()
    assert other.submissions.get().data == {"forfeit": "ns"}
    totals = {"mode": "totals", "version": copied.version, "ns_mp": "1200", "eo_mp": "900"}
    english.post(entry_url(copied.turno, 1), {**totals, "reason": "Recounted"})
    assert [(s.source, s.state) for s in copied.submissions.order_by("pk")] == [
        ("archive", "superseded"),
        ("director", "accepted"),
    ]
