"""The change log reads in the reader's language, whatever language the change was made in."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.pair_import import ImportRow
from burraco_tourney.tournaments.services.entrants import entrant_update
from burraco_tourney.tournaments.services.pairs import pairs_import
from burraco_tourney.tournaments.services.penalties import penalty_add
from burraco_tourney.tournaments.services.turni import turno_publish
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.scores_support import (
    FULL,
    entry_url,
    scorecard,
    scored_tournament,
    smazzata,
    table_of,
)
from tests.tournaments.test_penalties import table_rows

from .ko_support import ko_tournament, start, win

pytestmark = pytest.mark.django_db

# Written in one language, read in the other.
LANGUAGES = [("it", "en"), ("en", "it")]


def log(client, tournament, language: str, **query) -> list[list[str]]:
    """The rows of the change log page (when, who, action, subject, reason, changes)."""
    url = reverse("manage:audit", args=[tournament.slug])
    response = client.get(url, query, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return table_rows(response, "audit")


@pytest.fixture
def tournament(director):
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1000, 500), (800, 800)])
    return tournament


@pytest.mark.parametrize(("written", "read"), LANGUAGES)
def test_a_penalty(director_client, director, tournament, written, read):
    with translation.override(written):
        penalty_add(
            tournament=tournament,
            user=director,
            entrant=tournament.entrants.get(number=3),
            turno=tournament.turni.get(number=1),
            mp=-50,
            reason="Ritardo",
        )
    [row] = log(director_client, tournament, read)
    expected = {
        "en": [
            "Penalty given",
            "Pair 3, turno 1",
            "Turno: 1 Pair: 3 VP: 0 MP: -50 Reason: Ritardo",
        ],
        "it": [
            "Penalità assegnata",
            "Coppia 3, turno 1",
            "Turno: 1 Coppia: 3 PV: 0 MP: -50 Motivo: Ritardo",
        ],
    }[read]
    assert [row[2], row[3], row[5]] == expected


@pytest.mark.parametrize(("written", "read"), LANGUAGES)
def test_a_pair_edit(director_client, director, tournament, written, read):
    pair = tournament.entrants.get(number=2)
    old = pair.player2
    with translation.override(written):
        entrant_update(
            entrant=pair, user=director, player1=pair.player1, player2="Neri Elena", number=2
        )
    [row] = log(director_client, tournament, read)
    action, key = {
        "en": ("Pair changed", "Second player"),
        "it": ("Coppia modificata", "Secondo giocatore"),
    }[read]
    assert [row[2], row[3], row[5]] == [
        action,
        f"2. {pair.player1} – Neri Elena",
        f"{key}: {old} → Neri Elena",
    ]


@pytest.mark.parametrize(("written", "read"), LANGUAGES)
def test_a_turno_publish(director_client, director, tournament, written, read):
    draft = make_turno(tournament, 2, [(1, 3), (2, 4)])
    draft.published = False
    draft.save(update_fields=["published"])
    with translation.override(written):
        turno_publish(turno=draft, user=director)
    [row] = log(director_client, tournament, read, action="turno_publish")
    expected = {
        "en": [
            "Turno published",
            "Turno 2",
            "Number: 2 Movement: By hand Published: Yes Tables: 1-1-3, 2-2-4 Riposi: —",
        ],
        "it": [
            "Turno pubblicato",
            "Turno 2",
            "Numero: 2 Movimento: Manuale Pubblicato: Sì Tavoli: 1-1-3, 2-2-4 Riposi: —",
        ],
    }[read]
    assert [row[2], row[3], row[5]] == expected


@pytest.mark.parametrize(("written", "read"), LANGUAGES)
def test_a_result_correction_names_the_box_that_changed(director_client, director, written, read):
    tournament, turno = scored_tournament(director, pairs=4)
    table = table_of(turno)
    fixed = smazzata(1, {"cards": 250, "pulito": 1, "chiusura": True}, {"cards": 120, "sporco": 1})
    # Entered, then corrected through the score page: NS card points of smazzata 1, 245 → 250.
    post = {"path": entry_url(turno), "HTTP_ACCEPT_LANGUAGE": written}
    assert director_client.post(data=scorecard(table, *FULL), **post).status_code == 302
    table.refresh_from_db()
    data = scorecard(table, fixed, *FULL[1:], reason="Somma sbagliata")
    assert director_client.post(data=data, **post).status_code == 302
    [row] = log(director_client, tournament, read, action="result_correct")
    expected = {
        "en": [
            "Result changed",
            "Turno 1, table 1 (NS 1 – EO 2)",
            # The smazzata folded: its total shown, its boxes when it is opened.
            "NS MP: 585 → 590 Smazzata 1: NS · total: 545 → 550 NS · card points: 245 → 250",
        ],
        "it": [
            "Risultato modificato",
            "Turno 1, tavolo 1 (NS 1 – EO 2)",
            "MP NS: 585 → 590 Smazzata 1: NS · totale: 545 → 550 NS · punti carte: 245 → 250",
        ],
    }[read]
    assert [row[2], row[3], row[5]] == expected


@pytest.mark.parametrize(("written", "read"), LANGUAGES)
def test_a_knock_out_match(director_client, director, written, read):
    tournament = ko_tournament(director, pairs=4)
    with translation.override(written):
        start(tournament, director)
        win(tournament, director, 1, 1, "ns")
        win(tournament, director, 1, 2, "ns")
    [row] = log(director_client, tournament, read, action="ko_match_create")
    final = AuditEntry.objects.get(tournament=tournament, action="ko_match_create").after
    expected = {
        "en": "Round 2, table 1: pair %(ns)s v pair %(eo)s",
        "it": "Turno 2, tavolo 1: coppia %(ns)s contro coppia %(eo)s",
    }[read]
    assert row[3] == expected % final


@pytest.mark.parametrize(("written", "read"), LANGUAGES)
def test_a_pasted_list_of_pairs(director_client, director, written, read):
    tournament = make_tournament(owner=director)
    rows = [ImportRow(1, None, "Rossi Anna", "Bianchi Bruno"), ImportRow(2, None, "C", "D")]
    with translation.override(written):
        pairs_import(tournament=tournament, user=director, rows=rows, source="")
    [row] = log(director_client, tournament, read)
    assert row[3] == {"en": "2 pairs from pasted list", "it": "2 coppie da elenco incollato"}[read]


def test_a_knock_out_result_records_who_goes_on_not_vp(director_client, director):
    tournament = ko_tournament(director, pairs=4)
    start(tournament, director)
    win(tournament, director, 1, 1, "eo")
    entry = AuditEntry.objects.get(tournament=tournament, action="result_enter")
    assert entry.after["winner"] == "eo" and "ns_vp" not in entry.after
    [row] = log(director_client, tournament, "it", action="result_enter")
    assert "Passa: EO" in row[5]
    assert "PV" not in row[5]
