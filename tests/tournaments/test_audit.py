"""The change log page: every change, newest first, readable before → after, filters, pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.audit_text import (
    director_subject,
    pair_subject,
    table_subject,
    tournament_subject,
    turno_subject,
)
from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.selectors.audit import Change, audit_changes, audit_entries
from burraco_tourney.tournaments.services.audit import audit_record
from burraco_tourney.tournaments.services.entrants import entrant_update
from burraco_tourney.tournaments.services.penalties import penalty_add
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.test_penalties import table_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(director):
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1000, 500), (800, 800)])
    make_turno(tournament, 2, [(1, 3), (2, 4)])
    return tournament


def audit_url(tournament, **query):
    url = reverse("manage:audit", args=[tournament.slug])
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


def test_a_change_made_through_a_service_appears_with_before_and_after(
    english, director, tournament
):
    pair = tournament.entrants.get(number=2)
    old_name = pair.player1
    entrant_update(
        entrant=pair, user=director, player1="Neri Elena", player2=pair.player2, number=2
    )

    response = english.get(audit_url(tournament))
    [row] = table_rows(response, "audit")
    when, who, action, subject, reason, changes = row
    assert who == director.username
    assert action == "Pair changed"
    assert subject.startswith("2.")
    # Only the key that changed is shown, old value struck, new value inserted.
    assert changes == f"First player: {old_name} → Neri Elena"
    html = response.content.decode()
    assert f"<del>{old_name}</del> → <ins>Neri Elena</ins>" in html


def test_newest_first_with_translated_labels_and_readable_unknown_keys(
    english, director, tournament
):
    pair = tournament.entrants.get(number=1)
    turno = tournament.turni.get(number=1)
    penalty_add(
        tournament=tournament, user=director, entrant=pair, turno=turno, mp=-100, reason="Ritardo"
    )
    # An action key no label knows yet (other parts of the program add new ones).
    audit_record(
        tournament=tournament,
        user=director,
        action="smazzata_swap_lines",
        subject=table_subject(turno.tables.get(number=1)),
        reason="Score on the wrong line",
        before={"ns_mp": 500, "eo_mp": 1000, "entry_mode": "totals"},
        after={"ns_mp": 1000, "eo_mp": 500, "entry_mode": "totals"},
    )
    rows = table_rows(english.get(audit_url(tournament)), "audit")
    assert [row[2] for row in rows] == ["Smazzata swap lines", "Penalty given"]
    assert rows[0][4] == "Score on the wrong line"
    assert rows[0][5] == "NS MP: 500 → 1000 EO MP: 1000 → 500"
    # A new thing lists its values as added.
    assert rows[1][5] == "Turno: 1 Pair: 1 VP: 0 MP: -100 Reason: Ritardo"


@pytest.mark.usefixtures("english_messages")
def test_filters_by_turno_table_and_action(english, director, tournament):
    first, second = tournament.turni.order_by("number")
    audit_record(
        tournament=tournament,
        user=director,
        action="result_correct",
        subject=table_subject(second.tables.get(number=2)),
        table=second.tables.get(number=2),
        before={"ns_mp": 900},
        after={"ns_mp": 950},
    )
    audit_record(
        tournament=tournament,
        user=director,
        action="turno_publish",
        subject=turno_subject(second),
        after={"number": 2, "published": True},
    )
    for turno in (first, second):
        penalty_add(
            tournament=tournament,
            user=director,
            entrant=tournament.entrants.get(number=4),
            turno=turno,
            vp=-1,
            reason=f"Turno {turno.number}",
        )
    pair_one = tournament.entrants.get(number=1)
    audit_record(
        tournament=tournament, user=director, action="pair_edit", subject=pair_subject(pair_one)
    )

    def subjects(**query):
        response = english.get(audit_url(tournament, **query))
        assert response.status_code == 200
        return [row[3] for row in table_rows(response, "audit")]

    assert len(subjects()) == 5
    turno_two = subjects(turno=2)
    assert len(turno_two) == 3 and not any(s.startswith("1.") for s in turno_two)
    assert subjects(turno=2, table=2) == ["Turno 2, table 2 (NS 2 – EO 4)"]
    assert subjects(action="penalty_add") == ["Pair 4, turno 2", "Pair 4, turno 1"]
    assert subjects(turno=1, action="penalty_add") == ["Pair 4, turno 1"]
    # A bad filter value is ignored (and said so), the log still shows.
    response = english.get(audit_url(tournament, turno="abc", table="-3"))
    assert len(table_rows(response, "audit")) == 5
    assert response.context["form"].errors


def test_the_log_is_paginated(english, director, tournament):
    AuditEntry.objects.bulk_create(
        AuditEntry(tournament=tournament, user=director, action="pair_edit", subject=f"{i}.")
        for i in range(1, 61)
    )
    first = english.get(audit_url(tournament))
    assert len(table_rows(first, "audit")) == 50
    second = english.get(audit_url(tournament, page=2))
    assert len(table_rows(second, "audit")) == 10
    assert "?page=2" in first.content.decode()


def test_filters_survive_the_pagination(english, director, tournament):
    AuditEntry.objects.bulk_create(
        AuditEntry(tournament=tournament, user=director, action="pair_edit", subject=f"{i}.")
        for i in range(1, 61)
    )
    html = english.get(audit_url(tournament, action="pair_edit")).content.decode()
    assert "action=pair_edit" in html and "page=2" in html


def test_only_this_tournaments_entries(english, director, tournament):
    other = make_tournament(owner=director)
    audit_record(
        tournament=other, user=director, action="director_add", subject=director_subject("altrove")
    )
    assert list(audit_entries(tournament=tournament)) == []
    assert "altrove" not in english.get(audit_url(tournament)).content.decode()


def test_other_directors_get_404(client, tournament):
    assert client.get(audit_url(tournament)).status_code == 302  # to the login page
    client.force_login(make_director("altro"))
    assert client.get(audit_url(tournament)).status_code == 404


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        (None, None, []),
        ({"a": 1, "b": 2}, {"a": 1, "b": 3}, [Change("b", 2, 3, "changed")]),
        (None, {"a": 1}, [Change("a", None, 1, "added")]),
        ({"a": 1}, None, [Change("a", 1, None, "removed")]),
        ({"a": 1}, {"a": 1}, []),
        (
            {"o": {"step": 1, "mode": "x"}},
            {"o": {"step": 2, "mode": "x"}},
            [Change("o.step", 1, 2, "changed")],
        ),
        ({"a": 1}, {"b": 1}, [Change("a", 1, None, "removed"), Change("b", None, 1, "added")]),
        ([1, 2], [1, 3], [Change("", [1, 2], [1, 3], "changed")]),
        (
            {"smazzate": [{"number": 1, "ns": {"cards": 120}}, {"number": 2, "ns": {"cards": 5}}]},
            {"smazzate": [{"number": 1, "ns": {"cards": 125}}]},
            [
                Change("smazzate.1.ns.cards", 120, 125, "changed"),
                Change("smazzate.2.ns.cards", 5, None, "removed"),
            ],
        ),
        (
            {"t": [[1, 2, 3]]},
            {"t": [[1, 2, 4]]},
            [Change("t", [[1, 2, 3]], [[1, 2, 4]], "changed")],
        ),
    ],
)
def test_audit_changes_lists_only_what_changed(before, after, expected):
    assert audit_changes(before, after) == expected


def test_a_long_value_is_folded(english, director, tournament):
    seating = [[n, n, n + 100] for n in range(1, 60)]
    audit_record(
        tournament=tournament,
        user=director,
        action="turno_draw",
        subject=turno_subject(tournament.turni.get(number=2)),
        after={"number": 2, "tables": seating},
    )
    html = english.get(audit_url(tournament)).content.decode()
    assert "<details><summary>" in html and "59-59-159" in html


def test_a_corrected_smazzata_shows_only_the_boxes_that_changed(english, director, tournament):
    def result(ns_cards: int, ns_total: int) -> dict:
        smazzata = {
            "number": 2,
            "end": "chiusura",
            "last_move": "",
            "ns": {"cards": ns_cards, "pulito": 1, "chiusura": True, "total": ns_total},
            "eo": {"cards": 40, "pulito": 0, "chiusura": False, "total": 40},
        }
        return {"entry_mode": "smazzate", "ns_mp": ns_total, "eo_mp": 40, "smazzate": [smazzata]}

    table = tournament.turni.get(number=1).tables.get(number=1)
    audit_record(
        tournament=tournament,
        user=director,
        action="result_correct",
        subject=table_subject(table),
        reason="Errore di somma",
        table=table,
        before=result(120, 420),
        after=result(125, 425),
    )
    response = english.get(audit_url(tournament))
    [row] = table_rows(response, "audit")
    assert row[2] == "Result changed"
    assert row[3] == "Turno 1, table 1 (NS 1 – EO 2)"
    assert row[5] == (
        "NS MP: 420 → 425 Smazzata 2: NS · total: 420 → 425 NS · card points: 120 → 125"
    )
    # The smazzata is folded: its total in the summary, the card points inside.
    html = response.content.decode()
    summary, inside = html.split("<summary>", 1)[1].split("</summary>", 1)
    assert "420" in summary and "card points" not in summary
    assert "card points" in inside.split("</details>", 1)[0]


def test_the_turno_filter_keeps_that_turnos_seating_corrections(english, director, tournament):
    # Both corrections of turno 1's seating: the exchange of two pairs names no single table.
    from burraco_tourney.tournaments.services.seating_fix import (
        table_swap_lines,
        turno_exchange_pairs,
    )

    first, second = tournament.turni.order_by("number")
    for turno in (first, second):
        turno.published = True
        turno.save()
    table_swap_lines(table=first.tables.get(number=2), user=director, reason="Linee invertite")
    pair = {p.number: p for p in tournament.entrants.all()}
    turno_exchange_pairs(
        turno=first, first=pair[1], second=pair[3], user=director, reason="Posti scambiati"
    )
    turno_exchange_pairs(
        turno=second, first=pair[1], second=pair[2], user=director, reason="Altro turno"
    )
    response = english.get(audit_url(tournament, turno=1))
    reasons = [row[4] for row in table_rows(response, "audit")]
    assert reasons == ["Posti scambiati", "Linee invertite"]


def test_lists_of_records_read_key_by_key_never_as_raw_json(english, director, tournament):
    # A cleared table call keeps the calls it cleared; an imported list its pairs.
    subject = tournament_subject(tournament)
    audit_record(
        tournament=tournament,
        user=director,
        action="table_problem_clear",
        subject=subject,
        before=[{"line": "ns", "message": "Ci manca una carta"}],
    )
    audit_record(
        tournament=tournament,
        user=director,
        action="pairs_import",
        subject=subject,
        after=[
            {"number": 5, "player1": "Neri Elena", "player2": "Riva Carlo", "club": ""},
            {"number": 6, "player1": "Sala Rita", "player2": "Gallo Ugo", "club": "Aurora"},
        ],
    )
    rows = table_rows(english.get(audit_url(tournament)), "audit")
    imported = next(row for row in rows if row[2] == "Pairs imported")[5]
    cleared = next(row for row in rows if row[2] == "Call from a table cleared")[5]
    for text in (imported, cleared):
        assert "{" not in text and '"' not in text
    assert "5 · first player: Neri Elena" in imported
    assert "6 · club: Aurora" in imported
    assert "number" not in imported
    assert "1 · line: NS" in cleared and "1 · message: Ci manca una carta" in cleared
