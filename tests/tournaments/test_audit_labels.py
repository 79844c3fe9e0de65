"""The words of the change log: keys as the pages name them, coded values by their label, and the
entries recorded before the subjects had codes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.services.tournaments import (
    tournament_settings_of,
    tournament_update,
)
from burraco_tourney.tournaments.services.turni import turno_draw
from burraco_tourney.tournaments.views.manage.audit_labels import key_label, value_label
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.test_penalties import table_rows

pytestmark = pytest.mark.django_db


def log(client, tournament, language: str) -> list[list[str]]:
    response = client.get(
        reverse("manage:audit", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    return table_rows(response, "audit")


@pytest.fixture
def tournament(director):
    return make_tournament(owner=director, name="Coppa d'Inverno")


def test_a_settings_change_reads_with_the_labels_of_the_settings_page(
    director_client, director, tournament
):
    settings = tournament_settings_of(tournament)
    rules = {
        **settings.rules,
        "semipulito": False,
        "bonuses": {**settings.rules["bonuses"], "pulito": 250},
    }
    with translation.override("it"):
        tournament_update(
            tournament=tournament,
            user=director,
            settings=replace(settings, rules=rules, vp_table="fibur-4"),
        )
    [row] = log(director_client, tournament, "en")
    assert row[3] == "Coppa d'Inverno"
    assert row[5] == (
        "Burraco semipulito counts: Yes → No "
        "Bonuses · Burraco pulito: 200 → 250 "
        "VP table: FIBUR, 3 smazzate → FIBUR, 4 smazzate"
    )
    [row] = log(director_client, tournament, "it")
    assert row[5] == (
        "Burraco semipulito ammesso: Sì → No "
        "Bonus · Burraco pulito: 200 → 250 "
        "Tabella PV: FIBUR, 3 smazzate → FIBUR, 4 smazzate"
    )


def test_an_imported_tournament_reads_in_either_language(director_client, director):
    demo = Path(__file__).resolve().parents[2] / "fixtures" / "demo.json"
    with translation.override("en"):
        tournament = tournament_import(data=demo.read_bytes(), owner=director)
    [row] = log(director_client, tournament, "it")
    assert row[2:4] == ["Torneo importato", "Torneo d'autunno del Circolo Aurora"]
    assert row[5] == "Coppie: 17 Turni: 3"
    # The reason the site wrote itself is translated too.
    assert row[4].startswith("Il registro delle modifiche non è incluso nell'archivio")
    [row] = log(director_client, tournament, "en")
    assert row[2:4] == ["Tournament imported", "Torneo d'autunno del Circolo Aurora"]
    assert row[5] == "Pairs: 17 Turni: 3"
    assert row[4].startswith("The change log is not included in the archive")


def test_an_entry_without_a_subject_code_shows_its_stored_words(director_client, tournament):
    # Recorded before the subjects had codes, or with a code a later version added.
    AuditEntry.objects.create(
        tournament=tournament, action="penalty_add", subject="Coppia 3, turno 1"
    )
    AuditEntry.objects.create(
        tournament=tournament,
        action="pair_edit",
        subject="Coppia 4",
        subject_code="code_of_a_later_version",
        subject_params={"pair": 4},
    )
    rows = log(director_client, tournament, "en")
    assert [row[3] for row in rows] == ["Coppia 4", "Coppia 3, turno 1"]


@pytest.mark.usefixtures("english_messages")
@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("smazzate.2.ns.cards", "Smazzata 2 · NS · card points"),
        ("smazzate.3.eo.semipulito", "Smazzata 3 · EO · burraco semipulito"),
        ("smazzate.1.end", "Smazzata 1 · ended by"),
        ("rules.semipulito", "Burraco semipulito counts"),
        ("rules.bonuses.sporco", "Bonuses · Burraco sporco"),
        ("rules.pozzetto_penalty", "Pozzetto not taken: penalty"),
        ("bye_vp", "Riposo: VP"),
        ("options.step", "Draw options · Mitchell step"),
        ("options.requested.5", "Draw options · Seed of pair 5"),
        ("vp_table.2.max", "VP table · band 2 · largest MP difference"),
        ("player1", "First player"),
        # Unknown keys stay as they are stored; so do the unknown parts of a known key.
        ("house_rule", "house_rule"),
        ("smazzate.2.ns.house_rule", "Smazzata 2 · NS · house_rule"),
        ("", ""),
    ],
)
def test_key_label(key, label):
    assert key_label(key) == label


@pytest.mark.usefixtures("english_messages")
@pytest.mark.parametrize(
    ("key", "value", "shown"),
    [
        ("published", True, "Yes"),
        ("smazzate.1.ns.chiusura", False, "No"),
        ("entry_mode", "totals", "Turno totals only"),
        ("smazzate.2.end", "tallone", "Stock run out"),
        ("smazzate.2.end", "arbitrale", "Stopped by the director"),
        ("line", "ns", "NS"),
        ("line", "eo", "EO"),
        ("movement", "mitchell", "Mitchell"),
        ("rules.name", "reale", "Burraco reale"),
        ("tiebreaks", ["mp", "scarto"], ["Own MP (total scored)", "Scarto (total MP difference)"]),
        # A value no label knows is shown as it is.
        ("entry_mode", "later_mode", "later_mode"),
        ("name", "reale", "reale"),
        ("ns_mp", 0, 0),
    ],
)
def test_value_label(key, value, shown):
    assert value_label(key, value) == shown


def test_a_danese_draw_names_its_options_in_words(director_client, director):
    evening = make_tournament(owner=director, name="Danese di Natale", planned_turni=3)
    make_pairs(evening, 4)
    make_turno(evening, 1, [(1, 2), (3, 4)], totals=[(900, 700), (800, 600)])
    turno_draw(tournament=evening, user=director, request=DrawRequest(movement="danese"))
    drawn = log(director_client, evening, "it")[0][5]
    assert "Opzioni del sorteggio · classifica dopo il turno: 1" in drawn
    assert "Opzioni del sorteggio · ultimo turno deciso da solo: Sì" in drawn
    assert "after_turno" not in drawn and "last_turno_auto" not in drawn
